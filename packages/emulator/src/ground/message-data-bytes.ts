// Protobuf bytes of MessageData for the few shapes the seed writes, byte for byte what
// @farcaster/core's encoder (ts-proto) makes of the same values: its field order, its omission of
// zero and empty scalars, and its packed `mentions` and `mentionsPositions` written even when empty.
// The seed encodes millions of messages; this spares it loading @farcaster/core (a 720 KB bundle)
// and an object tree, a writer and its forks per message. message-data-bytes.test.ts compares the two.

export interface SeedCastId {
  fid: number;
  hash: Uint8Array;
}

export type SeedEmbed = { url: string } | { castId: SeedCastId };

export interface SeedCastAddBody {
  text: string;
  mentions: readonly number[];
  mentionsPositions: readonly number[];
  embeds: readonly SeedEmbed[];
  parentCastId?: SeedCastId;
  parentUrl?: string;
}

export type SeedMessageBody =
  | { castAddBody: SeedCastAddBody }
  | { reactionBody: { type: number; targetCastId: SeedCastId } | { type: number; targetUrl: string } }
  | { userDataBody: { type: number; value: string } }
  | { linkBody: { type: string; targetFid: number } }
  | {
      verificationAddAddressBody: {
        address: Uint8Array;
        claimSignature: Uint8Array;
        blockHash: Uint8Array;
      };
    };

/** An append-only byte buffer with protobuf's varint and length-delimited writes. */
class Bytes {
  private buf = Buffer.allocUnsafe(256);
  length = 0;

  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + n));
    this.buf.copy(next, 0, 0, this.length);
    this.buf = next;
  }

  /** A non-negative integer below 2^53 (fids, timestamps, enums, lengths). */
  varint(v: number): this {
    this.room(10);
    let n = v;
    while (n >= 0x80) {
      this.buf[this.length++] = (n % 0x80) | 0x80;
      n = Math.floor(n / 0x80);
    }
    this.buf[this.length++] = n;
    return this;
  }

  raw(bytes: Uint8Array): this {
    this.room(bytes.length);
    this.buf.set(bytes, this.length);
    this.length += bytes.length;
    return this;
  }

  string(tag: number, s: string): this {
    const n = Buffer.byteLength(s);
    this.varint(tag).varint(n);
    this.room(n);
    this.length += this.buf.write(s, this.length);
    return this;
  }

  bytes(tag: number, b: Uint8Array): this {
    return this.varint(tag).varint(b.length).raw(b);
  }

  /** A nested message or packed field: `fill` writes into a scratch buffer, then tag, length, bytes. */
  nested(tag: number, fill: (into: Bytes) => void): this {
    // One scratch per nesting depth, reused by every message: the seed encodes millions.
    let inner = scratch[depth];
    if (!inner) {
      inner = new Bytes();
      scratch[depth] = inner;
    }
    inner.length = 0;
    depth++;
    try {
      fill(inner);
    } finally {
      depth--;
    }
    return this.bytes(tag, inner.view());
  }

  view(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

const scratch: Bytes[] = [];
let depth = 0;
/** The outermost buffer, reused: messageDataBytes copies what it returns out of it. */
const top = new Bytes();

function castId(b: Bytes, id: SeedCastId): void {
  if (id.fid !== 0) b.varint(8).varint(id.fid);
  if (id.hash.length !== 0) b.bytes(18, id.hash);
}

function castAddBody(b: Bytes, body: SeedCastAddBody): void {
  b.nested(18, (p) => {
    for (const m of body.mentions) p.varint(m);
  });
  if (body.parentCastId) {
    const parent = body.parentCastId;
    b.nested(26, (c) => castId(c, parent));
  }
  if (body.parentUrl !== undefined) b.string(58, body.parentUrl);
  if (body.text !== '') b.string(34, body.text);
  b.nested(42, (p) => {
    for (const m of body.mentionsPositions) p.varint(m);
  });
  for (const e of body.embeds)
    b.nested(50, (x) => {
      if ('url' in e) x.string(10, e.url);
      else x.nested(18, (c) => castId(c, e.castId));
    });
}

/** MessageData's bytes: `type`, `fid`, `timestamp` (Farcaster seconds), mainnet, and the body. */
export function messageDataBytes(
  type: number,
  fid: number,
  timestamp: number,
  body: SeedMessageBody,
): Uint8Array {
  const b = top;
  b.length = 0;
  if (type !== 0) b.varint(8).varint(type);
  if (fid !== 0) b.varint(16).varint(fid);
  if (timestamp !== 0) b.varint(24).varint(timestamp);
  b.varint(32).varint(1);
  if ('castAddBody' in body) b.nested(42, (x) => castAddBody(x, body.castAddBody));
  else if ('reactionBody' in body) {
    const r = body.reactionBody;
    b.nested(58, (x) => {
      if (r.type !== 0) x.varint(8).varint(r.type);
      if ('targetCastId' in r) x.nested(18, (c) => castId(c, r.targetCastId));
      else x.string(26, r.targetUrl);
    });
  } else if ('verificationAddAddressBody' in body) {
    const v = body.verificationAddAddressBody;
    b.nested(74, (x) => {
      if (v.address.length !== 0) x.bytes(10, v.address);
      if (v.claimSignature.length !== 0) x.bytes(18, v.claimSignature);
      if (v.blockHash.length !== 0) x.bytes(26, v.blockHash);
    });
  } else if ('userDataBody' in body) {
    const u = body.userDataBody;
    b.nested(98, (x) => {
      if (u.type !== 0) x.varint(8).varint(u.type);
      if (u.value !== '') x.string(18, u.value);
    });
  } else {
    const l = body.linkBody;
    b.nested(114, (x) => {
      if (l.type !== '') x.string(10, l.type);
      x.varint(24).varint(l.targetFid);
    });
  }
  return new Uint8Array(b.view());
}
