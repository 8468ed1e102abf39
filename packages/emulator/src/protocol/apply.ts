import type { MessageData } from '@farcaster/core';
import { fromFarcasterTime, toHex } from '../ground/codec.js';
import { ConflictError, ValidationError } from '../ground/errors.js';
import { MessageType, UserDataType } from '../ground/types.js';
import {
  adjustCastCounter,
  castThreadRow,
  insertCast,
  insertCastMention,
  insertCastQuote,
  markCastDeleted,
} from '../store/queries/casts.js';
import { channelIdsBy } from '../store/queries/channels.js';
import { deleteLink, insertLink, linkByKey } from '../store/queries/links.js';
import { markMessageRemoved } from '../store/queries/messages.js';
import { upsertUsernameProof, usernameProofByName } from '../store/queries/onchain.js';
import { deleteReaction, insertReaction, reactionByKey } from '../store/queries/reactions.js';
import {
  adjustFollowCounts,
  deleteVerification,
  fidByUsername,
  insertVerification,
  type ProfileColumn,
  setProfileColumn,
  setUserLocation,
  upsertUserData,
  userDataByKey,
  verificationByKey,
} from '../store/queries/users.js';
import type { Store } from '../store/store.js';
import { farcasterCore } from './core.js';

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
    markMessageRemoved(store, current.hash);
    key.drop();
  }
  if (key.put) key.put();
  else markMessageRemoved(store, hash);
  return current ? [current.hash] : [];
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
    const parent = castThreadRow(store, parentHash);
    // A hub accepts replies to casts it has not seen; the thread root is then the parent itself.
    rootHash = parent ? parent.root_hash : parentHash;
    rootParentUrl = parent ? parent.root_parent_url : null;
    channelId = parent ? parent.channel_id : null;
    if (parent) adjustCastCounter(store, parentHash, 'replies_count', 1);
  } else if (body.parentUrl) {
    channelId = channelIdsBy(store, 'url', [body.parentUrl]).get(body.parentUrl) ?? null;
  }
  const embeds = body.embeds.map((e) =>
    e.castId ? { castId: { fid: e.castId.fid, hash: toHex(e.castId.hash) } } : { url: e.url ?? '' },
  );
  insertCast(store, {
    hash,
    fid: data.fid,
    ts,
    type: body.type ?? 0,
    text: body.text,
    parentHash,
    parentFid,
    parentUrl: body.parentUrl ?? null,
    rootHash,
    rootParentUrl,
    channelId,
    embeds: JSON.stringify(embeds),
    mentions: JSON.stringify(body.mentions),
    mentionsPositions: JSON.stringify(body.mentionsPositions),
  });
  for (const fid of new Set(body.mentions)) insertCastMention(store, hash, fid, ts);
  for (const e of embeds) if ('castId' in e && e.castId) insertCastQuote(store, hash, e.castId.hash, ts);
  return [];
}

function applyCastRemove(store: Store, data: MessageData): string[] {
  const target = toHex(data.castRemoveBody!.targetHash);
  const cast = castThreadRow(store, target);
  // A remove for a cast never seen is kept as a tombstone in messages only, as on a hub.
  if (!cast || cast.fid !== data.fid || cast.deleted) return [];
  markCastDeleted(store, target);
  if (cast.parent_hash) adjustCastCounter(store, cast.parent_hash, 'replies_count', -1);
  markMessageRemoved(store, target);
  return [target];
}

function applyReaction(store: Store, hash: string, data: MessageData, ts: number): string[] {
  const body = data.reactionBody!;
  const type = body.type;
  const target = reactionTarget(body);
  if (!target) throw new ValidationError('reaction has no target', 'target');
  const counter = type === 1 ? 'likes_count' : 'recasts_count';
  const count = (delta: number) => {
    if (body.targetCastId) adjustCastCounter(store, target, counter, delta);
  };
  return lastWriteWins(store, hash, ts, {
    what: 'reaction for this target',
    current: reactionByKey(store, data.fid, type, target),
    drop() {
      deleteReaction(store, data.fid, type, target);
      count(-1);
    },
    put:
      data.type === MessageType.ReactionAdd
        ? () => {
            const targetFid = body.targetCastId?.fid ?? null;
            insertReaction(store, { fid: data.fid, type, target, targetFid, hash, ts });
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
    current: linkByKey(store, data.fid, body.type, target),
    drop() {
      deleteLink(store, data.fid, body.type, target);
      count(-1);
    },
    put:
      data.type === MessageType.LinkAdd
        ? () => {
            insertLink(store, { fid: data.fid, type: body.type, targetFid: target, hash, ts });
            count(1);
          }
        : undefined,
  });
}

const USER_COLUMNS: Record<number, ProfileColumn> = {
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
    current: userDataByKey(store, data.fid, type),
    // The new value overwrites the row and the user's column in place.
    drop() {},
    put() {
      if (type === UserDataType.Username && value) {
        const owner = fidByUsername(store, value);
        if (owner !== undefined && owner !== data.fid) {
          throw new ValidationError(`username ${value} belongs to fid ${owner}`, 'username');
        }
      }
      upsertUserData(store, { fid: data.fid, type, value, hash, ts });
      const column = USER_COLUMNS[type];
      if (column) {
        setProfileColumn(store, data.fid, column, value === '' ? null : value);
      } else if (type === UserDataType.Location) {
        const loc = parseGeoUri(value);
        setUserLocation(store, data.fid, loc?.lat ?? null, loc?.lng ?? null);
      }
    },
  });
}

/** The protocol carries location as `geo:lat,lng`. */
export function parseGeoUri(value: string): { lat: number; lng: number } | null {
  const m = value.match(/^geo:(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/);
  return m ? { lat: Number(m[1]), lng: Number(m[2]) } : null;
}

function verificationAddress(address: Uint8Array, protocol: number): string {
  if (protocol === 1) {
    const b58 = farcasterCore().bytesToBase58(address);
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
    current: verificationByKey(store, data.fid, address),
    drop() {
      deleteVerification(store, data.fid, address);
    },
    put: add
      ? () => {
          const blockHash = protocol === 1 ? verificationAddress(add.blockHash, 1) : toHex(add.blockHash);
          insertVerification(store, {
            fid: data.fid,
            address,
            protocol: protocol === 1 ? 'solana' : 'ethereum',
            blockHash,
            hash,
            ts,
          });
        }
      : undefined,
  });
}

function applyUsernameProof(store: Store, hash: string, data: MessageData): string[] {
  const proof = data.usernameProofBody!;
  const name = Buffer.from(proof.name).toString('utf8');
  const existing = usernameProofByName(store, name)?.message_hash;
  upsertUsernameProof(store, {
    name,
    fid: proof.fid,
    owner: toHex(proof.owner),
    type: proof.type,
    timestamp: proof.timestamp,
    signature: Buffer.from(proof.signature),
    message_hash: hash,
  });
  if (existing) {
    markMessageRemoved(store, existing);
    return [existing];
  }
  return [];
}
