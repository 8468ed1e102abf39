// `castkit import --fids 3,194`: a slice of the live network (users, who they follow to --depth,
// their casts and the replies under them, the reactions on those, their channels) read through
// castkit's own SDK at a pace the live API's limits allow, and written into a running emulator
// (POST /_emulator/imports) or a database file (--db, opened by an emulator in this process),
// user by user, so an interrupted import continues where it stopped.
import type { ImportReport, ImportSlice } from '@castkit/emulator/control';
import { type CastWithInteractions, NeynarAPIClient, type User } from '@castkit/sdk/2.x';
import { type CommandSpec, integerOption, type OptionTable, type OptionValues, UsageError } from '../args.js';
import { createPacer, PACE_PLANS, type PacePlan } from '../import/pacer.js';
import { type Progress, progressTo } from '../import/progress.js';
import { ResumeState, stateFile } from '../import/resume.js';
import { openTarget } from '../import/target.js';
import { sliceCast, sliceChannel, sliceUser, Upstream } from '../import/upstream.js';
import { TARGET_OPTIONS } from '../target.js';
import { PUBLIC_API } from '../upstream-proxy.js';

const IMPORT_OPTIONS = {
  fids: { type: 'string', value: 'FID[,FID]', description: 'the users to import (required)' },
  depth: {
    type: 'string',
    value: 'N',
    description: 'also the users they follow, this many steps out (1; 0: only --fids)',
  },
  casts: { type: 'string', value: 'N', description: "each user's newest casts, replies included (25)" },
  follows: {
    type: 'string',
    value: 'N',
    description: 'at most this many of whom each user follows, read page by page (100)',
  },
  replies: {
    type: 'string',
    value: 'N',
    description: 'at most this many replies under each imported cast, at any depth (50)',
  },
  reactions: {
    type: 'string',
    value: 'N',
    description: 'at most this many likes and recasts of each cast (100)',
  },
  channels: { type: 'string', value: 'ID[,ID]', description: 'also these channels' },
  from: {
    type: 'string',
    value: 'URL',
    description: `the live API: its root or its /v2 base (${PUBLIC_API})`,
  },
  'from-key': { type: 'string', value: 'KEY', description: 'its API key (NEYNAR_API_KEY)' },
  db: { type: 'string', value: 'PATH', description: 'write into this database file, not a running emulator' },
  pace: {
    type: 'string',
    value: 'starter|growth|scale|none',
    description: "stay inside that plan's rate limits per endpoint and in all (starter); 429s are waited out",
  },
  'resume-file': {
    type: 'string',
    value: 'FILE',
    description: 'where an interrupted import notes its progress (beside --db, else .castkit/)',
  },
  ...TARGET_OPTIONS,
} as const satisfies OptionTable;

export const IMPORT_COMMAND = {
  name: 'castkit import',
  summary:
    'Copies a slice of the live network into the emulator so you can work on it offline: the users --fids\n' +
    'names, who they follow (--depth), their casts with the replies under them and the reactions on them,\n' +
    'and their channels. Imported users keep their fid and username and get approved signers the emulator\n' +
    'holds (act as them with their signer_uuid); casts answer to their real hash and URL. Interrupted, run it\n' +
    'again to continue; importing the same fids again changes nothing. Start an empty emulator for it with\n' +
    'castkit dev --seed-size none; into a seeded one the real user wins: a seeded user on an imported fid\n' +
    'moves to a free fid, one holding an imported username takes another (the summary says which).',
  options: IMPORT_OPTIONS,
  notes: [
    'NEYNAR_API_KEY=... castkit import --fids 3,194 --depth 1 --casts 50',
    'castkit import --fids 3 --db team.db --from https://api.neynar.com',
    'Exit codes: 0 imported (a one-line summary on stderr), 1 API or connection error, 2 usage.',
  ],
} satisfies CommandSpec;

export type ImportValues = OptionValues<typeof IMPORT_OPTIONS>;

export interface ImportIo {
  err: (s: string) => void;
  /** The terminal stderr is, for a progress bar; lines otherwise. */
  stderr?: NodeJS.WriteStream;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /** Stops the import between two requests (an interrupt); what was written stays. */
  signal?: AbortSignal;
}

export interface Plan {
  fids: number[];
  depth: number;
  casts: number;
  /** Per user, per cast: how far each list is paged. */
  follows: number;
  replies: number;
  reactions: number;
  channels: string[];
  from: string;
  pace: PacePlan;
}

export async function runImport(values: ImportValues, positionals: string[], io: ImportIo): Promise<number> {
  if (positionals.length) throw new UsageError(`castkit import takes no arguments, got "${positionals[0]}"`);
  const env = io.env ?? process.env;
  const plan = planOf(values);
  const key = values['from-key'] || env.NEYNAR_API_KEY;
  if (!key) throw new UsageError('castkit import needs the live API key: --from-key KEY or NEYNAR_API_KEY');
  if (values.db !== undefined && values['base-url'] !== undefined)
    throw new UsageError('castkit import writes to --db or to --base-url, not both');
  const planId = JSON.stringify([
    plan.from,
    plan.fids,
    plan.depth,
    plan.casts,
    plan.follows,
    plan.replies,
    plan.reactions,
    plan.channels,
    values.db ?? values['base-url'],
  ]);
  const resume = new ResumeState(
    values['resume-file'] ?? stateFile(planId, values.db, io.cwd ?? process.cwd()),
    planId,
  );
  const started = performance.now();
  const progress = progressTo(io.err, io.stderr);
  const pacer = createPacer(plan.pace, {
    signal: io.signal,
    onWait: (endpoint, ms) =>
      progress.note(`429 from ${endpoint}: waiting ${Math.ceil(ms / 1000)} s as Retry-After says`),
  });
  const upstream = new Upstream(
    new NeynarAPIClient({ apiKey: key, baseUrl: `${plan.from}/v2`, retries: 0 }),
    pacer,
  );
  const target = await openTarget(values, env);
  try {
    const totals: ImportReport = {
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
    const write = async (slice: ImportSlice) => {
      const r = await target.control.call('POST /_emulator/imports', { body: slice });
      for (const k of COUNTS) totals[k] += r[k];
      totals.moved_aside.push(...r.moved_aside);
      totals.moved_fids.push(...r.moved_fids);
    };
    const resumed = resume.resumed;
    const read = await copySlice(plan, upstream, write, resume, progress);
    progress.end();
    resume.finish();
    io.err(summary(totals, read, plan, resumed, pacer, performance.now() - started));
    return 0;
  } finally {
    progress.end();
    await target.close();
  }
}

function planOf(values: ImportValues): Plan {
  if (!values.fids) throw new UsageError('castkit import needs --fids FID[,FID]: the users to import');
  const fids = values.fids.split(',').map((f) => integerOption('fids', f.trim(), 1, 2 ** 53 - 1));
  const pace = PACE_PLANS[values.pace ?? 'starter'];
  if (!pace || !Object.hasOwn(PACE_PLANS, values.pace ?? 'starter'))
    throw new UsageError(`--pace must be starter, growth, scale or none, got "${values.pace}"`);
  return {
    fids: [...new Set(fids)],
    depth: integerOption('depth', values.depth ?? '1', 0, 3),
    casts: integerOption('casts', values.casts ?? '25', 0, 10_000),
    follows: integerOption('follows', values.follows ?? '100', 0, 100_000),
    replies: integerOption('replies', values.replies ?? '50', 0, 10_000),
    reactions: integerOption('reactions', values.reactions ?? '100', 0, 100_000),
    channels: (values.channels ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean),
    from: apiRoot(values.from ?? PUBLIC_API),
    pace,
  };
}

/** `https://api.neynar.com/v2/` → `https://api.neynar.com`: a root or a /v2 base both work. */
function apiRoot(from: string): string {
  let url: URL;
  try {
    url = new URL(from);
  } catch {
    throw new UsageError(`--from must be a URL, got "${from}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--from must be an http(s) URL, got "${from}"`);
  return url.href.replace(/\/+$/, '').replace(/\/v2$/, '');
}

/**
 * Reads the plan's slice from the live network and hands it to `write` piece by piece: the graph
 * first, then each user's casts, replies and reactions, noting each in `resume` once written. What
 * `resume` says is written is not read again. Requests that do not wait on each other go out
 * together (the pacer keeps them within the limits), and one user's slice is read while the one
 * before it is written; users are read and written in order. Resolves to the number of objects read.
 */
export async function copySlice(
  plan: Plan,
  upstream: Upstream,
  write: (slice: ImportSlice) => Promise<void>,
  resume: ResumeState,
  progress: Progress,
): Promise<number> {
  let read = 0;
  // The graph: the users, who they follow to the depth, their channels.
  progress.note(`reading the follow graph of ${plan.fids.join(', ')} to depth ${plan.depth}`);
  const users = new Map<number, User>();
  for (const u of await upstream.users(plan.fids)) users.set(u.fid, u);
  const follows: { fid: number; target_fid: number }[] = [];
  let level = plan.fids.filter((f) => users.has(f));
  for (let d = 0; d < plan.depth; d++) {
    const next: number[] = [];
    const lists = await Promise.all(level.map((fid) => upstream.following(fid, plan.follows)));
    for (const [i, fid] of level.entries()) {
      for (const target of lists[i] ?? []) {
        follows.push({ fid, target_fid: target.fid });
        if (!users.has(target.fid)) {
          users.set(target.fid, target);
          next.push(target.fid);
        }
      }
    }
    level = next;
  }
  // Whose casts come: the users of the graph (not the leads, authors and reactors added below).
  const graph = [...users.keys()];
  const channels = new Map<string, NonNullable<ImportSlice['channels']>[number]>();
  const followers = new Map<string, number[]>();
  const theirs = await Promise.all(plan.fids.map((fid) => upstream.channelsOf(fid)));
  for (const [i, fid] of plan.fids.entries())
    for (const c of theirs[i] ?? []) {
      followers.set(c.id, [...(followers.get(c.id) ?? []), fid]);
      channels.set(c.id, sliceChannel(c));
    }
  for (const c of await Promise.all(plan.channels.map((id) => upstream.channel(id))))
    channels.set(c.id, sliceChannel(c));
  for (const [id, c] of channels) c.follower_fids = followers.get(id) ?? [];
  // A channel's lead comes too (their profile), so the channel keeps its owner.
  await addUsers(upstream, users, leadsOf(channels.values()));
  read += users.size + follows.length + channels.size;
  if (!resume.graphDone) {
    await write({ users: [...users.values()].map(sliceUser), channels: [...channels.values()], follows });
    resume.markGraph();
  }

  // Each user's casts, the replies under them and the reactions on both, one user at a time; the
  // write of one overlaps the read of the next.
  let writing: Promise<void> = Promise.resolve();
  const sent = new Set<string>();
  for (const [i, fid] of graph.entries()) {
    progress.step(i, graph.length, 'users');
    if (resume.isDone(fid) || plan.casts === 0) continue;
    let slice: { objects: number; slice: ImportSlice };
    try {
      slice = await readUser(plan, upstream, fid, { users, channels, sent });
    } catch (error) {
      // Interrupted or failed: the user being written is written and noted before this ends.
      await writing;
      throw error;
    }
    read += slice.objects;
    await writing;
    writing = write(slice.slice).then(() => resume.markDone(fid));
    // Seen when awaited above or below; until then, not an unhandled rejection.
    writing.catch(() => {});
  }
  await writing;
  progress.step(graph.length, graph.length, 'users');
  return read;
}

/** What earlier slices of this run hold: users, channels, and the casts handed to `write`. */
interface Seen {
  users: Map<number, User>;
  channels: Map<string, NonNullable<ImportSlice['channels']>[number]>;
  sent: Set<string>;
}

/**
 * One user's casts, the casts above and the replies under them, the reactions on all of them, and
 * the channels and users these bring that are not in `seen` yet (added there). A cast an earlier
 * slice sent (a reply under another user's cast, say) is not sent again, nor its reactions read
 * again: they were written with it.
 */
async function readUser(
  plan: Plan,
  upstream: Upstream,
  fid: number,
  { users, channels, sent }: Seen,
): Promise<{ objects: number; slice: ImportSlice }> {
  const own = await upstream.castsOf(fid, plan.casts);
  const casts = new Map<string, CastWithInteractions>(own.map((c) => [c.hash, c]));
  // A reply comes with the casts above it, so it is signed pointing at its imported parent (one an
  // earlier slice sent came with those above it).
  const orphans = own.filter((c) => c.parent_hash && !casts.has(c.parent_hash) && !sent.has(c.parent_hash));
  const replied = own.filter((c) => c.replies.count > 0);
  const [above, below] = await Promise.all([
    Promise.all(orphans.map((c) => upstream.ancestors(c.hash))),
    Promise.all(replied.map((c) => upstream.replies(c.hash, plan.replies))),
  ]);
  // Added in the order one request after another added them: a thread read twice adds nothing.
  for (const [i, c] of orphans.entries())
    if (c.parent_hash && !casts.has(c.parent_hash)) for (const a of above[i] ?? []) casts.set(a.hash, a);
  for (const list of below) for (const r of list) casts.set(r.hash, r);
  for (const hash of [...casts.keys()])
    if (sent.has(hash)) casts.delete(hash);
    else sent.add(hash);
  const liked = [...casts.values()].filter((c) => c.reactions.likes_count + c.reactions.recasts_count > 0);
  const reactions = (await Promise.all(liked.map((c) => upstream.reactions(c.hash, plan.reactions)))).flat();
  const wanted = [
    ...new Set([...casts.values()].flatMap((c) => (c.channel?.id ? [c.channel.id] : []))),
  ].filter((id) => !channels.has(id));
  const newChannels = (await Promise.all(wanted.map((id) => upstream.channel(id)))).map((c) =>
    sliceChannel(c),
  );
  for (const [i, c] of newChannels.entries()) channels.set(wanted[i] ?? c.id, c);
  // Reply authors, reactors and channel leads not imported yet come as users (their profile only).
  const extra = await addUsers(upstream, users, [
    ...[...casts.values()].map((c) => c.author.fid),
    ...reactions.map((r) => r.fid),
    ...leadsOf(newChannels),
  ]);
  return {
    objects: casts.size + reactions.length + extra.length + newChannels.length,
    slice: {
      users: extra.map(sliceUser),
      channels: newChannels,
      casts: [...casts.values()].map(sliceCast),
      reactions,
    },
  };
}

/** Reads the users among `fids` not in `users` yet, adds them there and resolves to them. */
async function addUsers(
  upstream: Upstream,
  users: Map<number, User>,
  fids: Iterable<number>,
): Promise<User[]> {
  const missing = [...new Set(fids)].filter((f) => !users.has(f));
  const found = await upstream.users(missing);
  for (const u of found) users.set(u.fid, u);
  return found;
}

const leadsOf = (channels: Iterable<{ lead_fid?: number | null }>) =>
  [...channels].flatMap((c) => (c.lead_fid ? [c.lead_fid] : []));

const COUNTS = [
  'users',
  'channels',
  'casts',
  'follows',
  'reactions',
  'unchanged',
  'left_out',
  'plain_mentions',
] as const;

function summary(
  t: ImportReport,
  read: number,
  plan: Plan,
  resumed: number,
  pacer: { sent: number; waited: number },
  ms: number,
): string {
  const seconds = ms / 1000;
  const parts = [
    `imported ${t.users} users, ${t.casts} casts, ${t.follows} follows, ${t.reactions} reactions, ${t.channels} channels from ${plan.from}`,
    `${t.unchanged} already there`,
    `in ${seconds.toFixed(1)} s (${Math.round(read / Math.max(seconds, 0.001))} objects/s, ${pacer.sent} requests, ${pacer.waited} 429s waited out)`,
  ];
  if (resumed) parts.push(`continued after ${resumed} users done before`);
  if (t.left_out) parts.push(`${t.left_out} left out (their author, parent or target is not imported)`);
  if (t.plain_mentions)
    parts.push(
      `${t.plain_mentions} mention${t.plain_mentions === 1 ? '' : 's'} of users not imported kept as plain "@name" text`,
    );
  for (const m of t.moved_fids)
    parts.push(
      `seeded ${m.username ? `@${m.username}` : 'user'} moved from fid ${m.fid} to fid ${m.to} with its profile, ${m.signers} signer${m.signers === 1 ? '' : 's'}, ${m.casts} casts (their old hashes still answer), ${m.follows} follows, ${m.reactions} reactions, ${m.verifications} verifications, ${m.channels} channel memberships, ${m.channel_follows} channel follows and ${m.moderation} mutes/blocks/bans, and what others hold of it: ${m.followers} follows, ${m.others_casts} casts replying to, quoting or mentioning it (signed again, old hashes still answer) and ${m.others_reactions} reactions to them; nothing of it stays on fid ${m.fid}`,
    );
  for (const m of t.moved_aside) parts.push(`seeded fid ${m.fid} gave up @${m.username}, now @${m.now}`);
  parts.push(
    `generated, not imported: custody addresses and signer keys for the ${t.users} new users; no private data (verifications, notifications, mutes) was read`,
  );
  return parts.join('; ');
}
