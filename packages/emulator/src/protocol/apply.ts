import { bytesToBase58, type MessageData } from '@farcaster/core';
import type { Store } from '../store/store.js';
import { fromFarcasterTime, toHex } from './codec.js';
import { ConflictError, ValidationError } from './errors.js';
import { MessageType, UserDataType } from './types.js';

/**
 * Updates the derived tables for one already-validated message and returns the hashes of the
 * messages it replaced (the hub's `deletedMessages`). Runs inside the caller's transaction.
 * Conflict rules follow the hub's CRDTs: per key, the later timestamp wins (ties: higher hash).
 */
export function applyMessage(store: Store, hash: string, data: MessageData): string[] {
  const ts = fromFarcasterTime(data.timestamp);
  switch (data.type) {
    case MessageType.CastAdd:
      return applyCastAdd(store, hash, data, ts);
    case MessageType.CastRemove:
      return applyCastRemove(store, data);
    case MessageType.ReactionAdd:
    case MessageType.ReactionRemove:
      return applyReaction(store, hash, data, ts);
    case MessageType.LinkAdd:
    case MessageType.LinkRemove:
      return applyLink(store, hash, data, ts);
    case MessageType.UserDataAdd:
      return applyUserData(store, hash, data, ts);
    case MessageType.VerificationAdd:
    case MessageType.VerificationRemove:
      return applyVerification(store, hash, data, ts);
    case MessageType.UsernameProof:
      return applyUsernameProof(store, hash, data);
    default:
      throw new ValidationError(`unsupported message type ${data.type}`, 'type');
  }
}

/**
 * The hub's CRDT key of a message: messages with the same key replace one another, the later
 * timestamp winning. Null for kinds that never conflict by timestamp (cast adds and removes,
 * username proofs). Kept in `messages.crdt_key` so a new message can be stamped after its key's last.
 */
export function crdtKey(data: MessageData): string | null {
  switch (data.type) {
    case MessageType.ReactionAdd:
    case MessageType.ReactionRemove: {
      const body = data.reactionBody!;
      return `reaction:${body.type}:${reactionTarget(body)}`;
    }
    case MessageType.LinkAdd:
    case MessageType.LinkRemove:
      return `link:${data.linkBody!.type}:${data.linkBody!.targetFid}`;
    case MessageType.UserDataAdd:
      return `user_data:${data.userDataBody!.type}`;
    case MessageType.VerificationAdd:
    case MessageType.VerificationRemove: {
      const body = data.verificationAddAddressBody ?? data.verificationRemoveBody!;
      return `verification:${verificationAddress(body.address, body.protocol ?? 0)}`;
    }
    default:
      return null;
  }
}

/** A reaction's target as stored: the cast hash in hex, or the URL. */
const reactionTarget = (body: NonNullable<MessageData['reactionBody']>): string | undefined =>
  body.targetCastId ? toHex(body.targetCastId.hash) : body.targetUrl;

const wins = (ts: number, hash: string, other: { ts: number; hash: string }) =>
  ts > other.ts || (ts === other.ts && hash > other.hash);

/** The current state under one CRDT key, for lastWriteWins. */
interface LwwKey {
  /** What the key holds, for the conflict message: "a newer <what> already exists". */
  what: string;
  /** The message that holds the key now, if any. */
  current: { hash: string; ts: number } | undefined;
  /** Undoes the current message's derived rows and counters. */
  drop(): void;
  /** Writes an add's derived rows; absent for a remove. */
  put?: () => void;
}

/**
 * The hub's last-write-wins step, the same for every kind with a CRDT key: a message older than
 * the key's current one is refused (409); otherwise the current one becomes history and is undone,
 * and the new one is applied (an add) or kept as history only (a remove). Returns the replaced hashes.
 */
function lastWriteWins(store: Store, hash: string, ts: number, key: LwwKey): string[] {
  const { current } = key;
  if (current && !wins(ts, hash, current)) {
    throw new ConflictError(`a newer ${key.what} already exists`, 'timestamp');
  }
  if (current) {
    markRemoved(store, current.hash);
    key.drop();
  }
  if (key.put) key.put();
  else markRemoved(store, hash);
  return current ? [current.hash] : [];
}

function markRemoved(store: Store, hash: string): void {
  store.stmt('UPDATE messages SET removed = 1 WHERE hash = ?').run(hash);
}

interface CastRow {
  hash: string;
  fid: number;
  root_hash: string;
  root_parent_url: string | null;
  channel_id: string | null;
  deleted: number;
}

function applyCastAdd(store: Store, hash: string, data: MessageData, ts: number): string[] {
  const body = data.castAddBody!;
  let parentHash: string | null = null;
  let parentFid: number | null = null;
  let rootHash = hash;
  let rootParentUrl: string | null = body.parentUrl ?? null;
  let channelId: string | null = null;
  if (body.parentCastId) {
    parentHash = toHex(body.parentCastId.hash);
    parentFid = body.parentCastId.fid;
    const parent = store
      .stmt('SELECT hash, fid, root_hash, root_parent_url, channel_id, deleted FROM casts WHERE hash = ?')
      .get(parentHash) as CastRow | undefined;
    // A hub accepts replies to casts it has not seen; the thread root is then the parent itself.
    rootHash = parent ? parent.root_hash : parentHash;
    rootParentUrl = parent ? parent.root_parent_url : null;
    channelId = parent ? parent.channel_id : null;
    if (parent)
      store.stmt('UPDATE casts SET replies_count = replies_count + 1 WHERE hash = ?').run(parentHash);
  } else if (body.parentUrl) {
    channelId =
      (store.stmt('SELECT id FROM channels WHERE url = ?').pluck().get(body.parentUrl) as
        | string
        | undefined) ?? null;
  }
  const embeds = body.embeds.map((e) =>
    e.castId ? { castId: { fid: e.castId.fid, hash: toHex(e.castId.hash) } } : { url: e.url ?? '' },
  );
  store
    .stmt(
      `INSERT INTO casts (hash, fid, ts, type, text, parent_hash, parent_fid, parent_url, root_hash, root_parent_url,
        channel_id, embeds, mentions, mentions_positions) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      hash,
      data.fid,
      ts,
      body.type ?? 0,
      body.text,
      parentHash,
      parentFid,
      body.parentUrl ?? null,
      rootHash,
      rootParentUrl,
      channelId,
      JSON.stringify(embeds),
      JSON.stringify(body.mentions),
      JSON.stringify(body.mentionsPositions),
    );
  const mention = store.stmt('INSERT OR IGNORE INTO cast_mentions (cast_hash, fid, ts) VALUES (?, ?, ?)');
  for (const fid of new Set(body.mentions)) mention.run(hash, fid, ts);
  const quote = store.stmt('INSERT OR IGNORE INTO cast_quotes (cast_hash, quoted_hash, ts) VALUES (?, ?, ?)');
  for (const e of embeds) if ('castId' in e && e.castId) quote.run(hash, e.castId.hash, ts);
  return [];
}

function applyCastRemove(store: Store, data: MessageData): string[] {
  const target = toHex(data.castRemoveBody!.targetHash);
  const cast = store.stmt('SELECT hash, fid, deleted, parent_hash FROM casts WHERE hash = ?').get(target) as
    | (CastRow & { parent_hash: string | null })
    | undefined;
  // A remove for a cast never seen is kept as a tombstone in messages only, as on a hub.
  if (!cast || cast.fid !== data.fid || cast.deleted) return [];
  store.stmt('UPDATE casts SET deleted = 1 WHERE hash = ?').run(target);
  if (cast.parent_hash) {
    store
      .stmt('UPDATE casts SET replies_count = MAX(replies_count - 1, 0) WHERE hash = ?')
      .run(cast.parent_hash);
  }
  markRemoved(store, target);
  return [target];
}

function applyReaction(store: Store, hash: string, data: MessageData, ts: number): string[] {
  const body = data.reactionBody!;
  const type = body.type;
  const target = reactionTarget(body);
  if (!target) throw new ValidationError('reaction has no target', 'target');
  const counter = type === 1 ? 'likes_count' : 'recasts_count';
  const count = (delta: number) => {
    if (body.targetCastId)
      store.stmt(`UPDATE casts SET ${counter} = MAX(${counter} + ?, 0) WHERE hash = ?`).run(delta, target);
  };
  return lastWriteWins(store, hash, ts, {
    what: 'reaction for this target',
    current: store
      .stmt('SELECT hash, ts FROM reactions WHERE fid = ? AND type = ? AND target = ?')
      .get(data.fid, type, target) as { hash: string; ts: number } | undefined,
    drop() {
      store
        .stmt('DELETE FROM reactions WHERE fid = ? AND type = ? AND target = ?')
        .run(data.fid, type, target);
      count(-1);
    },
    put:
      data.type === MessageType.ReactionAdd
        ? () => {
            store
              .stmt(
                'INSERT INTO reactions (fid, type, target, target_fid, hash, ts) VALUES (?, ?, ?, ?, ?, ?)',
              )
              .run(data.fid, type, target, body.targetCastId?.fid ?? null, hash, ts);
            count(1);
          }
        : undefined,
  });
}

function applyLink(store: Store, hash: string, data: MessageData, ts: number): string[] {
  const body = data.linkBody!;
  const target = body.targetFid;
  if (!target) throw new ValidationError('link has no targetFid', 'targetFid');
  const count = (delta: number) => {
    if (body.type === 'follow') adjustFollowCounts(store, data.fid, target, delta);
  };
  return lastWriteWins(store, hash, ts, {
    what: 'link for this target',
    current: store
      .stmt('SELECT hash, ts FROM links WHERE fid = ? AND type = ? AND target_fid = ?')
      .get(data.fid, body.type, target) as { hash: string; ts: number } | undefined,
    drop() {
      store
        .stmt('DELETE FROM links WHERE fid = ? AND type = ? AND target_fid = ?')
        .run(data.fid, body.type, target);
      count(-1);
    },
    put:
      data.type === MessageType.LinkAdd
        ? () => {
            store
              .stmt('INSERT INTO links (fid, type, target_fid, hash, ts) VALUES (?, ?, ?, ?, ?)')
              .run(data.fid, body.type, target, hash, ts);
            count(1);
          }
        : undefined,
  });
}

function adjustFollowCounts(store: Store, fid: number, target: number, delta: number): void {
  store.stmt('UPDATE users SET following_count = MAX(following_count + ?, 0) WHERE fid = ?').run(delta, fid);
  store.stmt('UPDATE users SET follower_count = MAX(follower_count + ?, 0) WHERE fid = ?').run(delta, target);
}

const USER_COLUMNS: Record<number, string> = {
  [UserDataType.Pfp]: 'pfp_url',
  [UserDataType.Display]: 'display_name',
  [UserDataType.Bio]: 'bio',
  [UserDataType.Url]: 'url',
  [UserDataType.Username]: 'username',
  [UserDataType.Twitter]: 'twitter',
  [UserDataType.Github]: 'github',
  [UserDataType.Banner]: 'banner_url',
};

function applyUserData(store: Store, hash: string, data: MessageData, ts: number): string[] {
  const { type, value } = data.userDataBody!;
  return lastWriteWins(store, hash, ts, {
    what: 'value for this user data type',
    current: store.stmt('SELECT hash, ts FROM user_data WHERE fid = ? AND type = ?').get(data.fid, type) as
      | { hash: string; ts: number }
      | undefined,
    // The new value overwrites the row and the user's column in place.
    drop() {},
    put() {
      if (type === UserDataType.Username && value) {
        const owner = store.stmt('SELECT fid FROM users WHERE username = ?').pluck().get(value) as
          | number
          | undefined;
        if (owner !== undefined && owner !== data.fid) {
          throw new ValidationError(`username ${value} belongs to fid ${owner}`, 'username');
        }
      }
      store
        .stmt(
          `INSERT INTO user_data (fid, type, value, hash, ts) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (fid, type) DO UPDATE SET value = excluded.value, hash = excluded.hash, ts = excluded.ts`,
        )
        .run(data.fid, type, value, hash, ts);
      const column = USER_COLUMNS[type];
      if (column) {
        store.stmt(`UPDATE users SET ${column} = ? WHERE fid = ?`).run(value === '' ? null : value, data.fid);
      } else if (type === UserDataType.Location) {
        const loc = parseGeoUri(value);
        store
          .stmt('UPDATE users SET location_lat = ?, location_lng = ? WHERE fid = ?')
          .run(loc?.lat ?? null, loc?.lng ?? null, data.fid);
      }
    },
  });
}

/** The protocol carries location as `geo:lat,lng`. */
export function parseGeoUri(value: string): { lat: number; lng: number } | null {
  const m = /^geo:(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(value);
  return m ? { lat: Number(m[1]), lng: Number(m[2]) } : null;
}

function verificationAddress(address: Uint8Array, protocol: number): string {
  if (protocol === 1) {
    const b58 = bytesToBase58(address);
    if (b58.isErr()) throw new ValidationError('invalid solana address', 'address');
    return b58.value;
  }
  return toHex(address);
}

function applyVerification(store: Store, hash: string, data: MessageData, ts: number): string[] {
  const add = data.verificationAddAddressBody;
  const body = add ?? data.verificationRemoveBody!;
  const protocol = body.protocol ?? 0;
  const address = verificationAddress(body.address, protocol);
  return lastWriteWins(store, hash, ts, {
    what: 'verification for this address',
    current: store
      .stmt('SELECT hash, ts FROM verifications WHERE fid = ? AND address = ?')
      .get(data.fid, address) as { hash: string; ts: number } | undefined,
    drop() {
      store.stmt('DELETE FROM verifications WHERE fid = ? AND address = ?').run(data.fid, address);
    },
    put: add
      ? () => {
          const blockHash = protocol === 1 ? verificationAddress(add.blockHash, 1) : toHex(add.blockHash);
          store
            .stmt(
              'INSERT INTO verifications (fid, address, protocol, block_hash, hash, ts) VALUES (?, ?, ?, ?, ?, ?)',
            )
            .run(data.fid, address, protocol === 1 ? 'solana' : 'ethereum', blockHash, hash, ts);
        }
      : undefined,
  });
}

function applyUsernameProof(store: Store, hash: string, data: MessageData): string[] {
  const proof = data.usernameProofBody!;
  const name = Buffer.from(proof.name).toString('utf8');
  const existing = store.stmt('SELECT message_hash FROM username_proofs WHERE name = ?').pluck().get(name) as
    | string
    | null
    | undefined;
  store
    .stmt(
      `INSERT INTO username_proofs (name, fid, owner, type, timestamp, signature, message_hash)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET fid = excluded.fid, owner = excluded.owner, type = excluded.type,
         timestamp = excluded.timestamp, signature = excluded.signature, message_hash = excluded.message_hash`,
    )
    .run(
      name,
      proof.fid,
      toHex(proof.owner),
      proof.type,
      proof.timestamp,
      Buffer.from(proof.signature),
      hash,
    );
  if (existing) {
    markRemoved(store, existing);
    return [existing];
  }
  return [];
}
