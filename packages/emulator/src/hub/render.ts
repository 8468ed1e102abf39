import {
  bytesToBase58,
  Message,
  MessageData,
  messageTypeToJSON,
  userDataTypeToJSON,
  userNameTypeToJSON,
} from '@farcaster/core';
import { toBase64, toHex } from '../protocol/codec.js';
import { NotFoundError } from '../protocol/errors.js';
import { ed25519Sign } from '../protocol/keys.js';
import type { Store } from '../store/store.js';

export interface MessageRow {
  hash: string;
  fid: number;
  type: number;
  timestamp: number;
  data_bytes: Buffer;
  signature: Buffer | null;
  signer: string;
  removed: number;
}

/** A stored message; bulk-seeded rows are signed here on first read and the signature kept. */
export function loadMessage(store: Store, hash: string): MessageRow {
  const row = store.stmt('SELECT * FROM messages WHERE hash = ?').get(hash) as MessageRow | undefined;
  if (!row) throw new NotFoundError(`message ${hash} not found`, 'hash');
  if (!row.signature) {
    const key = store.stmt('SELECT private_key FROM signers WHERE public_key = ?').pluck().get(row.signer) as
      | Buffer
      | undefined;
    if (!key) throw new Error(`no key to sign deferred message ${hash}`);
    row.signature = Buffer.from(ed25519Sign(new Uint8Array(key), Buffer.from(row.hash.slice(2), 'hex')));
    store.stmt('UPDATE messages SET signature = ? WHERE hash = ?').run(row.signature, hash);
  }
  return row;
}

/** The canonical protobuf Message bytes of a stored message. */
export function messageBytes(row: MessageRow): Uint8Array {
  // data is left out: hubs read data from dataBytes, which is what the hash and signature cover.
  return Message.encode({
    data: undefined,
    hash: Buffer.from(row.hash.slice(2), 'hex'),
    hashScheme: 1,
    signature: row.signature ?? new Uint8Array(),
    signatureScheme: 1,
    signer: Buffer.from(row.signer.slice(2), 'hex'),
    dataBytes: row.data_bytes,
  }).finish();
}

/** Hub JSON form of a stored message, shaped as hub-v1.yaml's Message schema. */
export function renderMessage(row: MessageRow): Record<string, unknown> {
  return {
    data: renderData(MessageData.decode(row.data_bytes)),
    hash: row.hash,
    hashScheme: 'HASH_SCHEME_BLAKE3',
    signature: toBase64(row.signature ?? new Uint8Array()),
    signatureScheme: 'SIGNATURE_SCHEME_ED25519',
    signer: row.signer,
  };
}

export const renderStored = (store: Store, hash: string) => renderMessage(loadMessage(store, hash));

const castId = (c: { fid: number; hash: Uint8Array }) => ({ fid: c.fid, hash: toHex(c.hash) });
const REACTION_TYPES: Record<number, string> = { 1: 'Like', 2: 'Recast' };

function solanaOrHex(bytes: Uint8Array, protocol: number | undefined): string {
  if (protocol === 1) {
    const r = bytesToBase58(bytes);
    return r.isOk() ? r.value : toHex(bytes);
  }
  return toHex(bytes);
}

export function renderData(d: MessageData): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: messageTypeToJSON(d.type),
    fid: d.fid,
    timestamp: d.timestamp,
    network: 'FARCASTER_NETWORK_MAINNET',
  };
  if (d.castAddBody) {
    const b = d.castAddBody;
    out.castAddBody = {
      embedsDeprecated: b.embedsDeprecated,
      mentions: b.mentions,
      ...(b.parentCastId ? { parentCastId: castId(b.parentCastId) } : {}),
      ...(b.parentUrl !== undefined ? { parentUrl: b.parentUrl } : {}),
      text: b.text,
      mentionsPositions: b.mentionsPositions,
      embeds: b.embeds.map((e) => (e.castId ? { castId: castId(e.castId) } : { url: e.url ?? '' })),
      type: b.type === 1 ? 'LONG_CAST' : b.type === 2 ? 'TEN_K_CAST' : 'CAST',
    };
  }
  if (d.castRemoveBody) {
    const targetHash = toHex(d.castRemoveBody.targetHash);
    // The spec puts targetHash on data; hubs nest it in castRemoveBody. Both, so either reader works.
    out.castRemoveBody = { targetHash };
    out.targetHash = targetHash;
  }
  if (d.reactionBody) {
    const b = d.reactionBody;
    out.reactionBody = {
      type: REACTION_TYPES[b.type] ?? 'Like',
      ...(b.targetCastId ? { targetCastId: castId(b.targetCastId) } : {}),
      ...(b.targetUrl !== undefined ? { targetUrl: b.targetUrl } : {}),
    };
  }
  if (d.linkBody) {
    const b = d.linkBody;
    out.linkBody = {
      type: b.type,
      targetFid: b.targetFid,
      ...(b.displayTimestamp !== undefined ? { displayTimestamp: b.displayTimestamp } : {}),
    };
  }
  if (d.userDataBody) {
    out.userDataBody = { type: userDataTypeToJSON(d.userDataBody.type), value: d.userDataBody.value };
  }
  if (d.verificationAddAddressBody) {
    const b = d.verificationAddAddressBody;
    out.verificationAddEthAddressBody = {
      address: solanaOrHex(b.address, b.protocol),
      ethSignature: toBase64(b.claimSignature),
      blockHash: solanaOrHex(b.blockHash, b.protocol),
      protocol: b.protocol === 1 ? 'PROTOCOL_SOLANA' : 'PROTOCOL_ETHEREUM',
    };
  }
  if (d.verificationRemoveBody) {
    const b = d.verificationRemoveBody;
    out.verificationRemoveBody = {
      address: solanaOrHex(b.address, b.protocol),
      protocol: b.protocol === 1 ? 'PROTOCOL_SOLANA' : 'PROTOCOL_ETHEREUM',
    };
  }
  if (d.usernameProofBody) out.usernameProofBody = renderProof(d.usernameProofBody);
  return out;
}

export function renderProof(p: {
  timestamp: number;
  name: Uint8Array | string;
  owner: Uint8Array | string;
  signature: Uint8Array;
  fid: number;
  type: number;
}): Record<string, unknown> {
  return {
    timestamp: p.timestamp,
    name: typeof p.name === 'string' ? p.name : Buffer.from(p.name).toString('utf8'),
    owner: typeof p.owner === 'string' ? p.owner : toHex(p.owner),
    signature: toBase64(p.signature),
    fid: p.fid,
    type: userNameTypeToJSON(p.type),
  };
}
