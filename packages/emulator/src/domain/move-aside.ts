// A local (seeded) user making room for a user imported from the live network, who wins: written
// as protocol messages through the one write path, so hub reads, events, webhooks and realtime see
// the move like any other change. A user holding an imported username takes another one (a
// username user-data message); a user holding an imported fid moves to a free fid: its profile,
// casts (signed again, their old hashes kept as aliases), follows and reactions are removed from the
// old fid and added on the new one, and its managed signers' keys move with it on chain. Others'
// follows of it move too, each unfollow and follow signed with a key the emulator holds for the
// follower. Replies to and reactions on its casts stay where they were, pointing at the old hashes;
// its verifications and channel memberships stay on the old fid too.
import { randomBytes } from 'node:crypto';
import type { Message, MessageData } from '@farcaster/core';
import { fromFarcasterTime, fromHex, toHex } from '../ground/codec.js';
import { MessageType, UserDataType } from '../ground/types.js';
import { messageBuilder } from '../protocol/actions.js';
import { signMessageData } from '../protocol/build.js';
import { farcasterCore } from '../protocol/core.js';
import { commitMessages, validateMessages } from '../protocol/submit.js';
import { insertCastAlias } from '../store/queries/imports.js';
import { followerFids } from '../store/queries/links.js';
import { liveMessagesOf } from '../store/queries/messages.js';
import { type SignerRow, signersOfFid } from '../store/queries/signers.js';
import { fidByUsername, nextFreeFid, userExists } from '../store/queries/users.js';
import type { Store } from '../store/store.js';
import { approveSigner, createSigner, registerUser, removeKey } from './accounts.js';

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
  const held = heldKeyOf(store, fid);
  const live = (type: number) =>
    liveMessagesOf(store, fid, type).map((m) => ({ ...m, data: decode(m.data_bytes) }));
  const [casts, reactions, links, profile] = [
    live(MessageType.CastAdd),
    live(MessageType.ReactionAdd),
    live(MessageType.LinkAdd),
    live(MessageType.UserDataAdd),
  ];

  // Off the old fid, a second before the imported user's own messages there.
  const off = messageBuilder(store, fid, held.key, () => store.now() - 1000);
  const removes: Message[] = [
    ...casts.map((c) => off.castRemove(c.hash)),
    ...reactions.map((r) => off.message(MessageType.ReactionRemove, { reactionBody: r.data.reactionBody })),
    ...links.map((l) => off.message(MessageType.LinkRemove, { linkBody: l.data.linkBody })),
    ...profile
      .filter((u) => {
        const type = u.data.userDataBody!.type;
        return u.data.userDataBody!.value !== '' && (type === UserDataType.Username || !opts.keep.has(type));
      })
      .map((u) => off.userDataAdd(u.data.userDataBody!.type, '')),
  ];

  // On the new fid: the same data signed again, at its own time; its casts' replies to and quotes
  // of each other point at their new hashes.
  const moved = new Map<string, string>();
  const castId = (id: { fid: number; hash: Uint8Array } | undefined) => {
    const now = id && moved.get(toHex(id.hash));
    return id && now ? { fid: to, hash: fromHex(now) } : id;
  };
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
  const aliases: [old: string, now: string][] = [];
  for (const c of casts) {
    const body = c.data.castAddBody!;
    const message = sign({
      ...c.data,
      castAddBody: {
        ...body,
        parentCastId: castId(body.parentCastId),
        embeds: body.embeds.map((e) => (e.castId ? { ...e, castId: castId(e.castId) } : e)),
      },
    });
    moved.set(c.hash, toHex(message.hash));
    aliases.push([c.hash, toHex(message.hash)]);
    adds.push(message);
  }
  for (const r of reactions) {
    const body = r.data.reactionBody!;
    adds.push(sign({ ...r.data, reactionBody: { ...body, targetCastId: castId(body.targetCastId) } }));
  }
  for (const l of links) if (l.data.linkBody?.targetFid !== fid) adds.push(sign(l.data));

  // Its followers follow the new fid instead: an unfollow and a follow each of them signs.
  const followers = followerFids(store, fid).filter((f) => f !== fid);
  const followerKeys = followers.map((f) => ({ f, held: heldKeyOf(store, f) }));
  for (const { f, held: k } of followerKeys) {
    const them = messageBuilder(store, f, k.key, () => store.now() - 1000);
    removes.push(them.unfollow(fid));
    adds.push(them.follow(to));
  }

  const [off_, on] = await Promise.all([validateMessages(store, removes), validateMessages(store, adds)]);
  const signers = heldSigners(store, fid);
  return {
    ...(renamed ? { renamed } : {}),
    // The imported user's own messages on the fid come after these removals, never in the same second.
    after: fromFarcasterTime(Math.max(0, ...removes.map((m) => m.data!.timestamp)) + 1),
    report: {
      fid,
      to,
      username,
      casts: casts.length,
      follows: links.length,
      followers: followers.length,
      reactions: reactions.length,
      signers: signers.length || 1,
    },
    commit() {
      const created = held.approve?.();
      for (const { held: k } of followerKeys) k.approve?.();
      commitMessages(store, off_);
      registerUser(store, { fid: to, custodyAddress: toHex(randomBytes(20)) });
      // The keys move on chain: removed from the old fid, added for the new one.
      for (const signer of created ? [...signers, created] : signers) {
        removeKey(store, fid, signer.public_key);
        approveSigner(store, signer.signer_uuid, to);
      }
      commitMessages(store, on);
      for (const [old, now] of aliases) insertCastAlias(store, old, now, to);
    },
  };
}
