// A local (seeded) user making room for a user imported from the live network, who wins: written
// as protocol messages through the one write path, so hub reads, events, webhooks and realtime see
// the move like any other change. A user holding an imported username takes another one (a
// username user-data message); a user holding an imported fid moves to a free fid whole, so one
// looked at before the import reads the same there after it, and nothing of it stays behind:
// - its profile, casts (signed again, old hashes kept as aliases), follows, reactions and
//   verifications are removed from the old fid and added on the new one; its managed signers'
//   keys move with it on chain. A verification keeps its address and claim (see validateStateless);
// - what others hold of it moves by messages each of them signs, with a key the emulator holds for
//   them (heldKeyOf): follows of it; casts naming it or its casts (replies and their replies at
//   every depth, quotes, mentions), signed again to point at the new hashes and fid, old hashes
//   kept as aliases; reactions to any cast signed again;
// - its off-protocol rows move through domain/social.ts: channel memberships with their roles,
//   channel follows, channels it leads, pending invites, mutes and blocks by or of it, an app ban.
// Left on the old fid, as the chain's and the app host's own: storage rent and on-chain events
// (the new fid registers its own), username proofs (its username is a new user-data message),
// notification read marks, mini-app and frame records, auth addresses, subscriptions.
import { randomBytes } from 'node:crypto';
import type { CastAddBody, Message, MessageData } from '@farcaster/core';
import { fromFarcasterTime, toHex } from '../ground/codec.js';
import { MessageType, UserDataType } from '../ground/types.js';
import { type MessageBuilder, messageBuilder } from '../protocol/actions.js';
import { signMessageData } from '../protocol/build.js';
import { farcasterCore } from '../protocol/core.js';
import { commitMessages, validateMessages } from '../protocol/submit.js';
import { castsMentioning, castsPointingAt } from '../store/queries/casts.js';
import { insertCastAlias } from '../store/queries/imports.js';
import { followerFids } from '../store/queries/links.js';
import { liveMessagesOf, messageByHash } from '../store/queries/messages.js';
import { reactionsTo } from '../store/queries/reactions.js';
import { type SignerRow, signersOfFid } from '../store/queries/signers.js';
import { fidByUsername, nextFreeFid, userExists } from '../store/queries/users.js';
import type { Store } from '../store/store.js';
import { approveSigner, createSigner, registerUser, removeKey } from './accounts.js';
import { moveSocialTies } from './social.js';

/** Built and validated ahead (signing is async), written by `commit` inside the caller's transaction. */
export interface Prepared<R> {
  report: R;
  commit(): void;
}

/** What moving a local user off an imported fid did. */
export interface MovedFid {
  fid: number;
  to: number;
  username: string | null;
  casts: number;
  follows: number;
  /** Others' follows of it, now of its new fid. */
  followers: number;
  reactions: number;
  signers: number;
  /** Others' casts signed again to point at its casts' new hashes (replies at every depth, quotes) or to mention its new fid. */
  others_casts: number;
  /** Others' reactions to those casts and its own, made again on the new hashes. */
  others_reactions: number;
  verifications: number;
  /** Channel memberships (roles kept), channel follows, and mutes, blocks and bans by or of it. */
  channels: number;
  channel_follows: number;
  moderation: number;
}

/**
 * A key the emulator holds for `fid`: its oldest approved managed signer's, or a new managed
 * signer approved for it on commit (the emulator stands in for the custody address).
 */
function heldKeyOf(store: Store, fid: number): { key: Uint8Array; approve?: () => SignerRow } {
  const held = heldSigners(store, fid)[0];
  if (held?.private_key) return { key: new Uint8Array(held.private_key) };
  const key = new Uint8Array(randomBytes(32));
  return {
    key,
    approve: () => {
      const signer = createSigner(store, { privateKey: key });
      return approveSigner(store, signer.signer_uuid, fid);
    },
  };
}

/** A fid's approved signers whose keys the emulator holds, oldest first. */
const heldSigners = (store: Store, fid: number) =>
  signersOfFid(store, fid).filter((s) => s.status === 'approved' && s.private_key);

/** A free username for a user moving off `username`: `<name>-seed`, then `-seed2`..., an fname's 16 characters at most. */
export function freeUsername(store: Store, username: string, taken: ReadonlySet<string> = new Set()): string {
  for (let i = 1; ; i++) {
    const suffix = i === 1 ? '-seed' : `-seed${i}`;
    const name = `${username.replace(/\.eth$/, '').slice(0, 16 - suffix.length)}${suffix}`;
    if (!taken.has(name) && fidByUsername(store, name) === undefined) return name;
  }
}

/** A local user that gave up `username` and holds `now` instead. */
export interface Renamed {
  fid: number;
  username: string;
  now: string;
}

/** Gives the local user on `fid` another username (one it signs, a second ago), so `username` is free. */
export async function prepareRename(store: Store, fid: number, username: string): Promise<Prepared<Renamed>> {
  const now = freeUsername(store, username);
  const held = heldKeyOf(store, fid);
  const build = messageBuilder(store, fid, held.key, () => store.now() - 1000);
  const messages = await validateMessages(store, [build.userDataAdd(UserDataType.Username, now)]);
  return {
    report: { fid, username, now },
    commit() {
      held.approve?.();
      commitMessages(store, messages);
    },
  };
}

const decode = (bytes: Uint8Array): MessageData => farcasterCore().MessageData.decode(bytes);

/** Keys and builders the emulator holds for the fids a move signs for, one of each per fid. */
function keyring(store: Store) {
  const keys = new Map<number, ReturnType<typeof heldKeyOf>>();
  const builders = new Map<number, MessageBuilder>();
  const keyOf = (fid: number) => {
    const k = keys.get(fid) ?? heldKeyOf(store, fid);
    keys.set(fid, k);
    return k;
  };
  return {
    keyOf,
    /** Messages `fid` signs a second before the imported user's own on the fid moved off. */
    builderOf(fid: number) {
      const b = builders.get(fid) ?? messageBuilder(store, fid, keyOf(fid).key, () => store.now() - 1000);
      builders.set(fid, b);
      return b;
    },
    /** Approves, on commit, the keys made for fids that had none the emulator holds (but `except`'s). */
    approveAll(except: number) {
      for (const [fid, k] of keys) if (fid !== except) k.approve?.();
    },
  };
}

/** A cast's message as stored, decoded. */
interface StoredCast {
  hash: string;
  data: MessageData;
}

/**
 * The casts whose messages name the user `fid` or one of its casts: its own, the casts that mention
 * it, and, at every depth, the replies to and quotes of any of them (a reply's new hash changes its
 * own replies' parents in turn). Each must be signed again, by its author, to point at the new ones.
 */
function castsToSignAgain(store: Store, own: readonly StoredCast[], fid: number): Map<string, StoredCast> {
  const found = new Map<string, StoredCast>(own.map((c) => [c.hash, c]));
  const queue = [...own.map((c) => c.hash), ...castsMentioning(store, fid)];
  while (queue.length > 0) {
    const hash = queue.pop()!;
    if (!found.has(hash)) {
      const row = messageByHash(store, hash);
      if (!row) continue;
      found.set(hash, { hash, data: decode(row.data_bytes) });
    }
    for (const next of castsPointingAt(store, hash)) if (!found.has(next)) queue.push(next);
  }
  return found;
}

/** What a cast's message names: its parent and the casts it quotes. */
const castRefs = (body: CastAddBody) => [
  ...(body.parentCastId ? [body.parentCastId] : []),
  ...body.embeds.flatMap((e) => (e.castId ? [e.castId] : [])),
];

/**
 * Moves the local user on `fid` to a free fid (not one of `avoid`, the fids being imported), so an
 * imported user can take `fid`. `keep` are the user-data types the imported user writes on `fid`
 * (the others the local user had are cleared there). When `wanted` is the local user's username,
 * it takes another one on its new fid.
 */
export async function prepareMoveAside(
  store: Store,
  fid: number,
  opts: { avoid: ReadonlySet<number>; keep: ReadonlySet<number>; wanted: string | null },
): Promise<Prepared<MovedFid> & { renamed?: Renamed; after: number }> {
  let to = nextFreeFid(store);
  while (opts.avoid.has(to) || userExists(store, to)) to++;
  const ring = keyring(store);
  const held = ring.keyOf(fid);
  const live = (type: number) =>
    liveMessagesOf(store, fid, type).map((m) => ({ ...m, data: decode(m.data_bytes) }));
  const [casts, reactions, links, profile, verifications] = [
    live(MessageType.CastAdd),
    live(MessageType.ReactionAdd),
    live(MessageType.LinkAdd),
    live(MessageType.UserDataAdd),
    live(MessageType.VerificationAdd),
  ];
  const resign = castsToSignAgain(store, casts, fid);

  // Off the old fid, a second before the imported user's own messages there; others' casts and
  // reactions naming it or its casts are removed by their authors.
  const off = ring.builderOf(fid);
  const removes: Message[] = [
    ...[...resign.values()].map((c) => ring.builderOf(c.data.fid).castRemove(c.hash)),
    ...reactions.map((r) => off.message(MessageType.ReactionRemove, { reactionBody: r.data.reactionBody })),
    ...links.map((l) => off.message(MessageType.LinkRemove, { linkBody: l.data.linkBody })),
    ...verifications.map((v) =>
      off.message(MessageType.VerificationRemove, {
        verificationRemoveBody: {
          address: v.data.verificationAddAddressBody!.address,
          protocol: v.data.verificationAddAddressBody!.protocol,
        },
      }),
    ),
    ...profile
      .filter((u) => {
        const type = u.data.userDataBody!.type;
        return u.data.userDataBody!.value !== '' && (type === UserDataType.Username || !opts.keep.has(type));
      })
      .map((u) => off.userDataAdd(u.data.userDataBody!.type, '')),
  ];

  // On the new fid: the same data signed again, at its own time; every cast naming one signed
  // again points at its new hash, and one mentioning the user mentions its new fid.
  const moved = new Map<string, { fid: number; hash: Uint8Array }>();
  const castId = (id: { fid: number; hash: Uint8Array } | undefined) =>
    (id && moved.get(toHex(id.hash))) ?? id;
  const sign = (data: MessageData) => signMessageData({ ...data, fid: to }, held.key);
  let username: string | null = null;
  let renamed: Renamed | undefined;
  const adds: Message[] = [];
  for (const u of profile) {
    const body = u.data.userDataBody!;
    if (body.value === '') continue;
    let value = body.value;
    if (body.type === UserDataType.Username) {
      username = value;
      if (value === opts.wanted) {
        value = freeUsername(store, value);
        renamed = { fid: to, username, now: value };
      }
    }
    adds.push(sign({ ...u.data, userDataBody: { ...body, value } }));
  }
  // Parents and quoted casts first, so each is signed again before the casts naming it.
  const signCast = (c: StoredCast) => {
    if (moved.has(c.hash)) return;
    const body = c.data.castAddBody!;
    for (const ref of castRefs(body)) {
      const named = resign.get(toHex(ref.hash));
      if (named) signCast(named);
    }
    const author = c.data.fid === fid ? to : c.data.fid;
    const message = signMessageData(
      {
        ...c.data,
        fid: author,
        castAddBody: {
          ...body,
          parentCastId: castId(body.parentCastId),
          embeds: body.embeds.map((e) => (e.castId ? { ...e, castId: castId(e.castId) } : e)),
          mentions: body.mentions.map((m) => (m === fid ? to : m)),
        },
      },
      ring.keyOf(c.data.fid).key,
    );
    moved.set(c.hash, { fid: author, hash: message.hash });
    adds.push(message);
  };
  for (const c of resign.values()) signCast(c);
  for (const r of reactions) {
    const body = r.data.reactionBody!;
    adds.push(sign({ ...r.data, reactionBody: { ...body, targetCastId: castId(body.targetCastId) } }));
  }
  // Others' reactions to any cast signed again: removed and made again by the reactor, on the new hash.
  let othersReactions = 0;
  for (const hash of resign.keys())
    for (const r of reactionsTo(store, hash)) {
      if (r.fid === fid) continue;
      const row = messageByHash(store, r.hash);
      if (!row) continue;
      const data = decode(row.data_bytes);
      const body = data.reactionBody!;
      removes.push(ring.builderOf(r.fid).message(MessageType.ReactionRemove, { reactionBody: body }));
      adds.push(
        signMessageData(
          { ...data, reactionBody: { ...body, targetCastId: castId(body.targetCastId) } },
          ring.keyOf(r.fid).key,
        ),
      );
      othersReactions++;
    }
  for (const l of links) if (l.data.linkBody?.targetFid !== fid) adds.push(sign(l.data));

  // Its followers follow the new fid instead: an unfollow and a follow each of them signs.
  const followers = followerFids(store, fid).filter((f) => f !== fid);
  for (const f of followers) {
    removes.push(ring.builderOf(f).unfollow(fid));
    adds.push(ring.builderOf(f).follow(to));
  }
  // Its verifications: the same address and claim, now for the new fid (see validateStateless).
  const carried = verifications.map((v) => sign(v.data));

  const [off_, on, claims] = await Promise.all([
    validateMessages(store, removes),
    validateMessages(store, adds),
    validateMessages(store, carried, { carried: true }),
  ]);
  const signers = heldSigners(store, fid);
  const report = {
    fid,
    to,
    username,
    casts: casts.length,
    follows: links.length,
    followers: followers.length,
    reactions: reactions.length,
    signers: signers.length || 1,
    others_casts: resign.size - casts.length,
    others_reactions: othersReactions,
    verifications: verifications.length,
    channels: 0,
    channel_follows: 0,
    moderation: 0,
  };
  return {
    ...(renamed ? { renamed } : {}),
    // The imported user's own messages on the fid come after these removals, never in the same second.
    after: fromFarcasterTime(Math.max(0, ...removes.map((m) => m.data!.timestamp)) + 1),
    report,
    commit() {
      const created = held.approve?.();
      ring.approveAll(fid);
      commitMessages(store, off_);
      registerUser(store, { fid: to, custodyAddress: toHex(randomBytes(20)) });
      // The keys move on chain: removed from the old fid, added for the new one.
      for (const signer of created ? [...signers, created] : signers) {
        removeKey(store, fid, signer.public_key);
        approveSigner(store, signer.signer_uuid, to);
      }
      commitMessages(store, on);
      commitMessages(store, claims);
      for (const [old, now] of moved) insertCastAlias(store, old, toHex(now.hash), now.fid);
      Object.assign(report, moveSocialTies(store, fid, to));
    },
  };
}
