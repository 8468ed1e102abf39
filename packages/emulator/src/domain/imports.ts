// castkit import's writer: a slice of the live network (users, channels, casts, follows, reactions)
// written through the one write path. Each imported user is registered with a generated custody
// address and given an approved managed signer, and everything they did is signed again by it: so
// hub reads, events, webhooks and realtime see it like any other write, and the app can act as them.
// A cast then has a local hash; its live hash is kept as an alias the cast lookups answer to.
// Idempotent: what is here already (an imported fid, an aliased hash, a follow or reaction) is left.
import { randomBytes } from 'node:crypto';
import type { Message } from '@farcaster/core';
import type { ImportReport, ImportSlice } from '../control/import-slice.js';
import { toHex } from '../ground/codec.js';
import { UserDataType } from '../ground/types.js';
import { messageBuilder } from '../protocol/actions.js';
import { commitMessages, validateMessages } from '../protocol/submit.js';
import { liveCastAuthor } from '../store/queries/casts.js';
import { insertChannelFollow, memberRole, upsertMember } from '../store/queries/channels.js';
import {
  importedSignerOf,
  insertCastAlias,
  insertChannelIfNew,
  insertImportedUser,
  localHashFor,
  localHashOf,
} from '../store/queries/imports.js';
import { linkByKey } from '../store/queries/links.js';
import { reactionByKey } from '../store/queries/reactions.js';
import { fidByUsername, userExists } from '../store/queries/users.js';
import type { Store } from '../store/store.js';
import { approveSigner, createSigner, mustSigner, registerUser } from './accounts.js';
import { signedMentions } from './import-mentions.js';
import { prepareMoveAside, prepareRename } from './move-aside.js';

type Slice = ImportSlice;
type SliceUser = NonNullable<Slice['users']>[number];
type SliceCast = NonNullable<Slice['casts']>[number];

const PROFILE: [keyof SliceUser, number][] = [
  ['display_name', UserDataType.Display],
  ['pfp_url', UserDataType.Pfp],
  ['bio', UserDataType.Bio],
  ['url', UserDataType.Url],
];

export async function importSlice(store: Store, slice: Slice): Promise<ImportReport> {
  const report: ImportReport = {
    users: 0,
    channels: 0,
    casts: 0,
    follows: 0,
    reactions: 0,
    unchanged: 0,
    left_out: 0,
    plain_mentions: 0,
    moved_aside: [],
    moved_fids: [],
  };
  // A mention range that is not an "@name" in its text is refused before anything is written.
  for (const [i, c] of (slice.casts ?? []).entries())
    signedMentions(c.text, c.mentions ?? [], () => true, `casts[${i}].mentions`);
  const avoid = new Set((slice.users ?? []).map((u) => u.fid));
  for (const user of slice.users ?? []) await importUser(store, user, report, avoid);
  importChannels(store, slice.channels ?? [], report);
  await importCasts(store, slice.casts ?? [], report);
  await importFollows(store, slice.follows ?? [], report);
  await importReactions(store, slice.reactions ?? [], report);
  return report;
}

/** The builder of an imported user's messages, signed by the signer the import gave them. */
function builderOf(store: Store, fid: number, now?: () => number) {
  const uuid = importedSignerOf(store, fid);
  const key = uuid === undefined ? null : mustSigner(store, uuid).private_key;
  return key ? messageBuilder(store, fid, new Uint8Array(key), now) : undefined;
}

async function importUser(store: Store, user: SliceUser, report: ImportReport, avoid: ReadonlySet<number>) {
  if (importedSignerOf(store, user.fid) !== undefined) {
    report.unchanged++;
    return;
  }
  const username = user.username ? user.username.toLowerCase() : null;
  const fields = PROFILE.flatMap(([field, type]) => {
    const value = user[field];
    return typeof value === 'string' && value !== '' ? [{ type, value }] : [];
  });
  // The real user wins: a local user on their fid moves to another, one holding their username
  // takes another name, both by messages they sign.
  const held = userExists(store, user.fid);
  const keep = new Set(fields.map((f) => f.type));
  const move = held ? await prepareMoveAside(store, user.fid, { avoid, keep, wanted: username }) : undefined;
  const privateKey = new Uint8Array(randomBytes(32));
  const build = messageBuilder(store, user.fid, privateKey, () => Math.max(store.now(), move?.after ?? 0));
  const profile = fields.map((f) => build.userDataAdd(f.type, f.value));
  if (username) profile.push(build.userDataAdd(UserDataType.Username, username));
  const holder = username === null ? undefined : fidByUsername(store, username);
  const rename =
    username !== null && holder !== undefined && holder !== user.fid
      ? await prepareRename(store, holder, username)
      : undefined;
  // Signed before the key is registered: validation needs no state, the commit checks the signer.
  const messages = await validateMessages(store, profile);
  store.tx(() => {
    move?.commit();
    rename?.commit();
    // Custody and keys are not the API's to give: generated here, and the summary says so. A fid
    // a local user moved off stays registered, under the custody address the seed generated.
    if (!held) registerUser(store, { fid: user.fid, custodyAddress: toHex(randomBytes(20)), username });
    const signer = createSigner(store, { privateKey });
    approveSigner(store, signer.signer_uuid, user.fid);
    insertImportedUser(store, user.fid, signer.signer_uuid, store.now());
    commitMessages(store, messages);
  });
  if (move) report.moved_fids.push(move.report);
  if (move?.renamed) report.moved_aside.push(move.renamed);
  if (rename) report.moved_aside.push(rename.report);
  report.users++;
}

function importChannels(store: Store, channels: NonNullable<Slice['channels']>, report: ImportReport) {
  store.tx(() => {
    for (const c of channels) {
      const lead = c.lead_fid != null && userExists(store, c.lead_fid) ? c.lead_fid : null;
      const added = insertChannelIfNew(store, {
        id: c.id,
        url: c.url,
        name: c.name,
        description: c.description ?? '',
        imageUrl: c.image_url ?? null,
        leadFid: lead,
        createdAt: c.created_at,
      });
      if (added) report.channels++;
      else report.unchanged++;
      // Only new members: an upsert of an existing member trips the read caches' change tags
      // (its update tags the channel twice in one statement), and there is nothing to change.
      const join = (fid: number, role: string, at: number) => {
        if (memberRole(store, c.id, fid) === undefined) upsertMember(store, c.id, fid, role, at);
      };
      if (lead !== null) join(lead, 'owner', c.created_at);
      for (const fid of c.member_fids ?? []) if (userExists(store, fid)) join(fid, 'member', store.now());
      for (const fid of c.follower_fids ?? [])
        if (userExists(store, fid)) insertChannelFollow(store, c.id, fid, store.now());
    }
  });
}

/**
 * Casts oldest first, so a parent imported in the same slice is signed before its replies and
 * they point at its local hash. One transaction for the slice: it is all in, or none of it.
 */
async function importCasts(store: Store, casts: readonly SliceCast[], report: ImportReport) {
  const local = new Map<string, string>();
  const localOf = (hash: string) => local.get(hash) ?? localHashFor(store, hash);
  const built: { real: string; fid: number; message: Message }[] = [];
  const oldestFirst = [...casts.entries()].sort(([, a], [, b]) => a.timestamp - b.timestamp);
  for (const [index, cast] of oldestFirst) {
    if (local.has(cast.hash) || localHashOf(store, cast.hash) !== undefined) {
      report.unchanged++;
      continue;
    }
    // Only an imported user is the one the live network meant: a seeded user on that fid is not.
    const m = signedMentions(
      cast.text,
      cast.mentions ?? [],
      (fid) => importedSignerOf(store, fid) !== undefined,
      `casts[${index}].mentions`,
    );
    // Stamped with its time on the live network (never ahead of this emulator's clock).
    const at = Math.min(cast.timestamp, store.now());
    const build = builderOf(store, cast.fid, () => at);
    if (!build) {
      report.left_out++;
      continue;
    }
    const parentHash = cast.parent_hash ? localOf(cast.parent_hash) : undefined;
    report.plain_mentions += m.plain;
    const message = build.castAdd({
      text: m.text,
      mentions: m.mentions,
      mentionsPositions: m.positions,
      embeds: (cast.embeds ?? []).map((e) =>
        'url' in e ? e : { castId: { fid: e.cast_id.fid, hash: localOf(e.cast_id.hash) } },
      ),
      ...(parentHash && cast.parent_fid ? { parent: { fid: cast.parent_fid, hash: parentHash } } : {}),
      ...(cast.parent_url && !parentHash ? { parentUrl: cast.parent_url } : {}),
    });
    local.set(cast.hash, toHex(message.hash));
    built.push({ real: cast.hash, fid: cast.fid, message });
  }
  const messages = await validateMessages(
    store,
    built.map((b) => b.message),
  );
  store.tx(() => {
    const results = commitMessages(store, messages);
    for (const [i, r] of results.entries()) insertCastAlias(store, built[i]!.real, r.hash, built[i]!.fid);
  });
  report.casts += built.length;
}

async function importFollows(store: Store, follows: NonNullable<Slice['follows']>, report: ImportReport) {
  const messages: Message[] = [];
  for (const f of follows) {
    const build = builderOf(store, f.fid);
    if (!build || !userExists(store, f.target_fid)) report.left_out++;
    else if (linkByKey(store, f.fid, 'follow', f.target_fid)) report.unchanged++;
    else messages.push(build.follow(f.target_fid));
  }
  const valid = await validateMessages(store, messages);
  store.tx(() => commitMessages(store, valid));
  report.follows += messages.length;
}

async function importReactions(
  store: Store,
  reactions: NonNullable<Slice['reactions']>,
  report: ImportReport,
) {
  const messages: Message[] = [];
  const seen = new Set<string>();
  for (const r of reactions) {
    const build = builderOf(store, r.fid);
    const target = localHashFor(store, r.target_hash);
    const author = liveCastAuthor(store, target);
    const key = `${r.fid}:${r.type}:${target}`;
    if (!build || author === undefined) report.left_out++;
    else if (seen.has(key) || reactionByKey(store, r.fid, r.type === 'like' ? 1 : 2, target))
      report.unchanged++;
    else {
      seen.add(key);
      messages.push(build.reactionAdd(r.type, { fid: author, hash: target }));
    }
  }
  const valid = await validateMessages(store, messages);
  store.tx(() => commitMessages(store, valid));
  report.reactions += messages.length;
}
