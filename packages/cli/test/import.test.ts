// `castkit import` against a real upstream: a second castkit emulator, with its own seed, is the
// live network. What is imported reads the same through the SDK by its real identifiers (fids,
// usernames, cast hashes and URLs); an interrupted import continues; a second import changes
// nothing; a 429 from the upstream's rate-limit rules is waited out. The import's speed is printed
// beside the upstream's own read speed for the same slice, measured in the same run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Emulator, startEmulator } from '@castkit/emulator';
import { createControlClient } from '@castkit/emulator/control';
import { type CastWithInteractions, NeynarAPIClient } from '@castkit/sdk/2.x';
import { RealtimeClient } from '@castkit/sdk/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver } from '../../emulator/test/support/webhook-receiver.js';
import { copySlice, type Plan, runImport } from '../src/commands/import.js';
import { createPacer, PACE_PLANS } from '../src/import/pacer.js';
import { ResumeState } from '../src/import/resume.js';
import { PAGE_SIZES, Upstream } from '../src/import/upstream.js';
import { main } from '../src/main.js';
import { castkit } from './support/castkit.js';

/**
 * Two seeded emulators and a few hundred requests on a busy machine; each seeded user moving aside
 * has what others hold of it signed again (replies, reactions: a thousand messages or more).
 */
const SLOW = 300_000;
const dir = mkdtempSync(join(tmpdir(), 'castkit-import-'));
const FIDS = '1,2';
const ALICE_SIGNER = '00000000-0000-4000-8000-000000000001';

let upstream: Emulator;
let live: NeynarAPIClient;
beforeAll(async () => {
  upstream = await startEmulator({ db: ':memory:' });
  live = new NeynarAPIClient({ apiKey: upstream.apiKey, baseUrl: `${upstream.url}/v2` });
  // Mentions after a multi-byte character: positions are UTF-8 bytes into the text without them.
  await live.publishCast({ signerUuid: ALICE_SIGNER, text: 'naïve ☕ @bob, meet @alice' });
  // A mention of a user no import reaches (nobody follows them, they wrote nothing): the import
  // keeps "@stranger" as plain text, so it signs other data than the live network did and the cast
  // gets a local hash of its own (casts whose data comes through whole are signed again to the very
  // hash they had: the hash is of the message data, not of who signed it).
  await createControlClient({ baseUrl: upstream.url, apiKey: upstream.apiKey }).call(
    'POST /_emulator/imports',
    { body: { users: [{ fid: 900_500, username: 'stranger' }] } },
  );
  await live.publishCast({ signerUuid: ALICE_SIGNER, text: 'hello @stranger, from the live network' });
}, SLOW);
afterAll(async () => {
  await upstream?.close();
  rmSync(dir, { recursive: true, force: true });
});

const empty = () => startEmulator({ db: ':memory:', seedSize: 'none' });
const clientOf = (e: Emulator) => new NeynarAPIClient({ apiKey: e.apiKey, baseUrl: `${e.url}/v2` });
const argsFor = (target: Emulator, name: string, ...more: string[]) => [
  'import',
  '--fids',
  FIDS,
  '--depth',
  '1',
  '--casts',
  '4',
  '--from',
  `${upstream.url}/v2`,
  '--from-key',
  upstream.apiKey,
  '--base-url',
  target.url,
  '--api-key',
  target.apiKey,
  '--pace',
  'none',
  '--resume-file',
  join(dir, `${name}.json`),
  ...more,
];

async function run(argv: string[]) {
  const lines: string[] = [];
  const code = await main(argv, { out: (s) => lines.push(s), err: (s) => lines.push(s) });
  return { code, lines, summary: lines.find((l) => l.startsWith('imported ')) ?? lines.join('\n') };
}

const rowCounts = async (e: Emulator) =>
  (await createControlClient({ baseUrl: e.url, apiKey: e.apiKey }).call('GET /_emulator/stats')).tables;

/** The signer an import gave `fid` in `e`. */
const signerOf = (e: Emulator, fid: number) =>
  e.store.db
    .prepare<[number], { signer_uuid: string }>('SELECT signer_uuid FROM imported_users WHERE fid = ?')
    .get(fid)!.signer_uuid;

/** What a cast reads as, without what is local to a database (its hash, asset URLs, viewer state). */
function shape(c: CastWithInteractions) {
  return {
    fid: c.author.fid,
    username: c.author.username,
    text: c.text,
    timestamp: c.timestamp.slice(0, 19),
    parent_url: c.parent_url,
    channel: c.channel?.id ?? null,
    likes: c.reactions.likes_count,
    recasts: c.reactions.recasts_count,
    replies: c.replies.count,
  };
}

/**
 * One uninterrupted import of the plan argsFor names into an empty emulator, and the rows it wrote
 * (read before any test writes there): the first describe's tests read it, an interrupted import is
 * held against it. Done once, by whichever test needs it first.
 */
let first:
  | Promise<{ target: Emulator; result: Awaited<ReturnType<typeof run>>; ms: number; rows: Rows }>
  | undefined;
type Rows = Awaited<ReturnType<typeof rowCounts>>;
const firstImport = () =>
  (first ??= (async () => {
    const target = await empty();
    const started = performance.now();
    const result = await run(argsFor(target, 'first'));
    const ms = performance.now() - started;
    return { target, result, ms, rows: await rowCounts(target) };
  })());
afterAll(async () => (await first)?.target.close());

describe('castkit import from a live network', () => {
  let target: Emulator;
  let local: NeynarAPIClient;
  let result: Awaited<ReturnType<typeof run>>;
  let importMs = 0;
  beforeAll(async () => {
    ({ target, result, ms: importMs } = await firstImport());
    local = clientOf(target);
  }, SLOW);

  it('exits 0 with a one-line summary that says what was generated rather than imported', () => {
    expect(result.code, result.lines.join('\n')).toBe(0);
    expect(result.summary).toMatch(
      /^imported \d+ users, \d+ casts, \d+ follows, \d+ reactions, \d+ channels/,
    );
    expect(result.summary).toContain('generated, not imported: custody addresses and signer keys');
  });

  it('keeps each user’s fid, username and profile, and who the named users follow', async () => {
    for (const fid of [1, 2]) {
      const [theirs] = (await live.fetchBulkUsers({ fids: [fid] })).users;
      const mine = (await local.lookupUserByUsername({ username: theirs!.username })).user;
      expect([mine.fid, mine.display_name, mine.profile.bio.text]).toEqual([
        theirs!.fid,
        theirs!.display_name,
        theirs!.profile.bio.text,
      ]);
      const following = async (api: NeynarAPIClient) =>
        (await api.fetchUserFollowing({ fid, limit: 100 })).users
          .map((f) => f.user.fid)
          .sort((a, b) => a - b);
      expect(await following(local)).toEqual(await following(live));
    }
  });

  it('answers each imported cast by its real hash and URL as the live network does: text, time, channel, reactions, replies', async () => {
    const { casts } = await live.fetchCastsForUser({ fid: 1, limit: 4, includeReplies: true });
    expect(casts.length).toBe(4);
    for (const cast of casts) {
      const byHash = await local.lookupCastByHashOrWarpcastUrl({ identifier: cast.hash, type: 'hash' });
      expect(shape(byHash.cast)).toEqual(shape(cast));
      const url = `https://warpcast.com/${cast.author.username}/${cast.hash.slice(0, 10)}`;
      const byUrl = await local.lookupCastByHashOrWarpcastUrl({ identifier: url, type: 'url' });
      expect(byUrl.cast.hash).toBe(byHash.cast.hash);
    }
  });

  it('signs imported casts with their mentions: the same text, mentioned profiles and hash as upstream', async () => {
    const { casts } = await live.fetchCastsForUser({ fid: 1, limit: 4 });
    const theirs = casts.find((c) => c.text.startsWith('naïve'))!;
    const { cast: mine } = await local.lookupCastByHashOrWarpcastUrl({
      identifier: theirs.hash,
      type: 'hash',
    });
    const mentions = (c: CastWithInteractions) => ({
      text: c.text,
      profiles: c.mentioned_profiles.map((p) => [p.fid, p.username]),
      ranges: c.mentioned_profiles_ranges,
    });
    expect(theirs.mentioned_profiles.map((p) => p.fid)).toEqual([2, 1]);
    expect(mentions(mine)).toEqual(mentions(theirs));
    expect(mine.hash).toBe(theirs.hash);
    // The one not imported stays "@stranger" in the text, and the summary says so.
    const stranger = casts.find((c) => c.text.includes('@stranger'))!;
    const { cast: plain } = await local.lookupCastByHashOrWarpcastUrl({
      identifier: stranger.hash,
      type: 'hash',
    });
    expect([plain.text, plain.mentioned_profiles]).toEqual([stranger.text, []]);
    expect(result.summary).toMatch(/; \d+ mentions? of users not imported kept as plain "@name" text;/);
  });

  it('keeps the threads under the imported casts: a conversation by its real hash holds the same replies', async () => {
    // The casts of every user the import read casts of: the named users and whom they follow.
    const graph = [
      1,
      2,
      ...(await live.fetchUserFollowing({ fid: 1, limit: 100 })).users.map((f) => f.user.fid),
    ];
    const casts: CastWithInteractions[] = [];
    for (const fid of graph)
      casts.push(...(await live.fetchCastsForUser({ fid, limit: 4, includeReplies: true })).casts);
    const threaded = casts.filter((c) => c.replies.count > 0);
    expect(threaded.length).toBeGreaterThan(0);
    const replies = async (api: NeynarAPIClient, hash: string) => {
      const { conversation } = await api.lookupCastConversation({
        identifier: hash,
        type: 'hash',
        replyDepth: 1,
      });
      return conversation.cast.direct_replies.map((r) => `${r.author.fid}: ${r.text}`).sort();
    };
    for (const cast of threaded)
      expect(await replies(local, cast.hash)).toEqual(await replies(live, cast.hash));
  });

  it('brings the channels of the imported casts, with their leads', async () => {
    const { casts } = await live.fetchCastsForUser({ fid: 1, limit: 4, includeReplies: true });
    const ids = [...new Set(casts.map((c) => c.channel?.id).filter((id): id is string => !!id))];
    for (const id of ids) {
      const [theirs, mine] = await Promise.all([live.lookupChannel({ id }), local.lookupChannel({ id })]);
      expect([mine.channel.name, mine.channel.url, mine.channel.lead?.fid]).toEqual([
        theirs.channel.name,
        theirs.channel.url,
        theirs.channel.lead?.fid,
      ]);
    }
  });

  it('gives imported users approved signers the emulator holds: the app can act as them', async () => {
    const control = createControlClient({ baseUrl: target.url, apiKey: target.apiKey });
    expect((await control.call('GET /_emulator/stats')).tables.imported_users).toBeGreaterThan(2);
    const { cast } = await local.publishCast({
      signerUuid: signerOf(target, 2),
      text: 'written as bob, offline',
    });
    expect(cast.author.fid).toBe(2);
  });

  it('takes a cast’s real hash wherever a cast hash goes in: reply, quote, reaction, conversation, reactions, the hub’s reads, delete', async () => {
    const signerUuid = signerOf(target, 2);
    const { casts } = await live.fetchCastsForUser({ fid: 1, limit: 4 });
    const real = casts.find((c) => c.text.includes('@stranger'))!.hash;
    const { cast } = await local.lookupCastByHashOrWarpcastUrl({ identifier: real, type: 'hash' });
    expect([cast.text, cast.hash === real]).toEqual(['hello @stranger, from the live network', false]);
    const reply = await local.publishCast({ signerUuid, text: 'a reply to the real hash', parent: real });
    const quote = await local.publishCast({
      signerUuid,
      text: 'quoting the real hash',
      embeds: [{ cast_id: { fid: 1, hash: real } }],
    });
    await local.publishReaction({ signerUuid, reactionType: 'like', target: real });
    const mine = await local.lookupCastByHashOrWarpcastUrl({ identifier: quote.cast.hash, type: 'hash' });
    expect(mine.cast.embeds).toEqual([expect.objectContaining({ cast_id: { fid: 1, hash: cast.hash } })]);
    const { conversation } = await local.lookupCastConversation({
      identifier: real,
      type: 'hash',
      replyDepth: 1,
    });
    expect(conversation.cast.direct_replies.map((r) => r.hash)).toContain(reply.cast.hash);
    const likes = await local.fetchCastReactions({ hash: real, types: ['likes'] });
    expect(likes.reactions.map((r) => r.user.fid)).toContain(2);
    const hub = async (path: string) => {
      const res = await fetch(`${target.url}/v1/${path}`, { headers: { 'x-api-key': target.apiKey } });
      expect([path, res.status]).toEqual([path, 200]);
      return (await res.json()) as { hash: string; messages: { hash: string; data: { fid: number } }[] };
    };
    expect((await hub(`castById?fid=1&hash=${real}`)).hash).toBe(cast.hash);
    expect((await hub(`castsByParent?fid=1&hash=${real}`)).messages.map((m) => m.hash)).toContain(
      reply.cast.hash,
    );
    const reactions = await hub(`reactionsByCast?target_fid=1&target_hash=${real}&reaction_type=1`);
    expect(reactions.messages.map((m) => m.data.fid)).toContain(2);
    expect((await hub(`reactionById?fid=2&reaction_type=1&target_fid=1&target_hash=${real}`)).hash).toMatch(
      /^0x/,
    );
    // One of bob's own imported casts, deleted by its real hash.
    const own = (await live.fetchCastsForUser({ fid: 2, limit: 4, includeReplies: true })).casts[0]!.hash;
    expect((await local.deleteCast({ signerUuid, targetHash: own })).success).toBe(true);
    await expect(local.lookupCastByHashOrWarpcastUrl({ identifier: own, type: 'hash' })).rejects.toThrow(
      /not found/,
    );
  });

  it(
    'changes nothing when the same fids are imported again',
    async () => {
      const before = await rowCounts(target);
      const again = await run(argsFor(target, 'again'));
      expect(again.code).toBe(0);
      expect(again.summary).toMatch(/^imported 0 users, 0 casts, 0 follows, 0 reactions, 0 channels/);
      expect(await rowCounts(target)).toEqual(before);
    },
    SLOW,
  );

  it(
    'prints its speed beside the upstream’s own read speed for the same slice',
    async () => {
      const plan: Plan = {
        fids: [1, 2],
        depth: 1,
        casts: 4,
        follows: 100,
        replies: 50,
        reactions: 100,
        channels: [],
        from: upstream.url,
        pace: PACE_PLANS.none!,
      };
      const reader = new Upstream(
        new NeynarAPIClient({ apiKey: upstream.apiKey, baseUrl: `${upstream.url}/v2`, retries: 0 }),
        createPacer(PACE_PLANS.none!),
      );
      const quiet = { step() {}, note() {}, end() {} };
      const started = performance.now();
      const read = await copySlice(
        plan,
        reader,
        async () => {},
        new ResumeState(join(dir, 'read.json'), 'read'),
        quiet,
      );
      const readMs = performance.now() - started;
      const readRate = read / (readMs / 1000);
      const importRate = read / (importMs / 1000);
      console.log(
        `castkit import: ${read} objects; upstream reads alone ${Math.round(readRate)} objects/s, import (read + write) ${Math.round(importRate)} objects/s: ${(importRate / readRate).toFixed(2)}x the read speed`,
      );
      expect(read).toBeGreaterThan(50);
    },
    SLOW,
  );
});

describe('an import of lists longer than a page', () => {
  it(
    'pages through whom each user follows, the replies under each cast and the reactions on it',
    async () => {
      const target = await empty();
      try {
        const control = createControlClient({ baseUrl: target.url, apiKey: target.apiKey });
        // Pages of one or two: every list of the seeded graph runs over several of them.
        const reader = new Upstream(
          new NeynarAPIClient({ apiKey: upstream.apiKey, baseUrl: `${upstream.url}/v2`, retries: 0 }),
          createPacer(PACE_PLANS.none!),
          { ...PAGE_SIZES, following: 2, casts: 2, replies: 1, reactions: 1 },
        );
        const plan: Plan = {
          fids: [1, 2],
          depth: 1,
          casts: 4,
          follows: 100,
          replies: 50,
          reactions: 100,
          channels: [],
          from: upstream.url,
          pace: PACE_PLANS.none!,
        };
        await copySlice(
          plan,
          reader,
          async (body) => void (await control.call('POST /_emulator/imports', { body })),
          new ResumeState(join(dir, 'paged.json'), 'paged'),
          { step() {}, note() {}, end() {} },
        );
        const local = clientOf(target);
        const following = async (api: NeynarAPIClient, fid: number) =>
          (await api.fetchUserFollowing({ fid, limit: 100 })).users
            .map((f) => f.user.fid)
            .sort((a, b) => a - b);
        const graph = [1, 2, ...(await following(live, 1)), ...(await following(live, 2))];
        for (const fid of [1, 2]) {
          expect((await following(live, fid)).length).toBeGreaterThan(2);
          expect(await following(local, fid)).toEqual(await following(live, fid));
        }
        const replies = async (api: NeynarAPIClient, hash: string) => {
          const { conversation } = await api.lookupCastConversation({
            identifier: hash,
            type: 'hash',
            replyDepth: 1,
            limit: 50,
          });
          return conversation.cast.direct_replies.map((r) => `${r.author.fid}: ${r.text}`).sort();
        };
        const paged = { replies: 0, reactions: 0 };
        for (const fid of new Set(graph))
          for (const cast of (await live.fetchCastsForUser({ fid, limit: 4, includeReplies: true })).casts) {
            const mine = await local.lookupCastByHashOrWarpcastUrl({ identifier: cast.hash, type: 'hash' });
            expect(shape(mine.cast)).toEqual(shape(cast));
            if (cast.replies.count > 1) paged.replies++;
            if (cast.reactions.likes_count + cast.reactions.recasts_count > 1) paged.reactions++;
            if (cast.replies.count > 0)
              expect(await replies(local, cast.hash)).toEqual(await replies(live, cast.hash));
          }
        // The slice did have lists longer than one page.
        expect(paged.replies).toBeGreaterThan(0);
        expect(paged.reactions).toBeGreaterThan(0);
      } finally {
        await target.close();
      }
    },
    SLOW,
  );
});

describe('an import’s events', () => {
  it(
    'reach a webhook subscribed before it and a realtime client: its casts, follows and reactions',
    async () => {
      const target = await empty();
      const receiver = await startReceiver();
      const realtime = new RealtimeClient({ url: target.url, apiKey: target.apiKey, reconnectAttempts: 0 });
      try {
        const types = ['cast.created', 'follow.created', 'reaction.created'] as const;
        const hook = await fetch(`${target.url}/v2/farcaster/webhook`, {
          method: 'POST',
          headers: { 'x-api-key': target.apiKey, 'content-type': 'application/json' },
          body: JSON.stringify({
            name: 'imported',
            url: receiver.url,
            subscription: Object.fromEntries(types.map((t) => [t, {}])),
          }),
        });
        expect(hook.status).toBe(200);
        await realtime.connect();
        const frames: string[] = [];
        const subscription = await realtime.subscribe({ events: [...types] });
        void (async () => {
          for await (const frame of subscription) frames.push(frame.event.type);
        })();
        const r = await run(argsFor(target, 'events', '--fids', '2', '--casts', '3'));
        expect(r.code, r.lines.join('\n')).toBe(0);
        const [, casts, follows, reactions] =
          /imported \d+ users, (\d+) casts, (\d+) follows, (\d+) reactions/.exec(r.summary)!.map(Number);
        expect([casts, follows, reactions].every((n) => n! > 0)).toBe(true);
        const want = { 'cast.created': casts, 'follow.created': follows, 'reaction.created': reactions };
        const tally = (seen: readonly string[]) =>
          Object.fromEntries(types.map((t) => [t, seen.filter((s) => s === t).length]));
        const delivered = await receiver.waitFor(
          (got) => JSON.stringify(tally(got.map((g) => g.body.type))) === JSON.stringify(want),
          30_000,
        );
        expect(tally(delivered.map((d) => d.body.type))).toEqual(want);
        await expect.poll(() => tally(frames), { timeout: 30_000 }).toEqual(want);
      } finally {
        realtime.close();
        await receiver.close();
        await target.close();
      }
    },
    SLOW,
  );
});

describe('an import into a seeded emulator', () => {
  it(
    'gives the real user their fid: the seeded user there moves to a free fid with its casts, threads, follows, reactions, verification, channels and signer',
    async () => {
      // Another seed than the upstream's: the seeded bob here is not the one imported.
      const target = await startEmulator({ db: ':memory:', seed: 7 });
      try {
        const local = clientOf(target);
        const texts = async (fid: number) =>
          (await local.fetchCastsForUser({ fid, limit: 150, includeReplies: true })).casts
            .map((c) => c.text)
            .sort();
        const following = async (fid: number) =>
          (await local.fetchUserFollowing({ fid, limit: 100 })).users
            .map((f) => f.user.fid)
            .sort((a, b) => a - b);
        const followers = async (fid: number) =>
          (await local.fetchBulkUsers({ fids: [fid] })).users[0]!.follower_count;
        const seeded = {
          texts: await texts(2),
          following: await following(2),
          followers: await followers(2),
        };
        expect(seeded.followers).toBeGreaterThan(0);
        const oldHash = (await local.fetchCastsForUser({ fid: 2, limit: 1 })).casts[0]!.hash;
        expect(seeded.texts.length).toBeGreaterThan(2);
        // What others hold of it and it holds off the protocol: a thread and reactions under one of
        // its casts, its verification, its channels.
        const discussed = (
          await local.fetchCastsForUser({ fid: 2, limit: 150, includeReplies: true })
        ).casts.find((c) => c.replies.count > 0 && c.reactions.likes_count > 0)!;
        const threadOf = async (fid: number) => {
          const { conversation } = await local.lookupCastConversation({
            identifier: discussed.hash,
            type: 'hash',
            replyDepth: 1,
          });
          const { cast } = conversation;
          return {
            author: cast.author.fid === fid,
            replies: cast.direct_replies.map((r) => r.text).sort(),
            likes: cast.reactions.likes_count,
          };
        };
        const ties = async (fid: number) => ({
          verified: (await local.fetchBulkUsers({ fids: [fid] })).users[0]!.verified_addresses.eth_addresses,
          channels: (await local.fetchUserChannelMemberships({ fid, limit: 100 })).members
            .map((m) => `${m.channel.id}:${m.role}`)
            .sort(),
        });
        const before = { thread: await threadOf(2), ties: await ties(2) };
        expect(before.thread.replies.length).toBeGreaterThan(0);
        expect(before.ties.verified.length).toBeGreaterThan(0);

        const r = await run(argsFor(target, 'seeded', '--fids', '2', '--depth', '0', '--casts', '2'));
        expect(r.code, r.lines.join('\n')).toBe(0);
        const moved =
          /seeded @bob moved from fid 2 to fid (\d+) with its profile, 1 signer, (\d+) casts/.exec(r.summary);
        expect(moved, r.summary).not.toBeNull();
        expect(r.summary).toMatch(/seeded fid \d+ gave up @bob, now @bob-seed/);
        const to = Number(moved![1]);
        expect(Number(moved![2])).toBe(seeded.texts.length);

        // fid 2 and @bob are the real bob's now, with only the imported casts.
        const [real] = (await live.fetchBulkUsers({ fids: [2] })).users;
        const mine = (await local.lookupUserByUsername({ username: 'bob' })).user;
        expect([mine.fid, mine.display_name]).toEqual([2, real!.display_name]);
        const liveTexts = (
          await live.fetchCastsForUser({ fid: 2, limit: 2, includeReplies: true })
        ).casts.map((c) => c.text);
        expect(await texts(2)).toEqual(liveTexts.sort());
        // The seeded bob lives on at the new fid, as @bob-seed, with what it wrote and whom it followed.
        expect((await local.lookupUserByUsername({ username: 'bob-seed' })).user.fid).toBe(to);
        expect(await texts(to)).toEqual(seeded.texts);
        // Seeded users it followed that moved off a fid imported after it are followed where they went.
        const movedTo = new Map(
          [...r.summary.matchAll(/moved from fid (\d+) to fid (\d+)/g)].map((m) => [
            Number(m[1]),
            Number(m[2]),
          ]),
        );
        expect(await following(to)).toEqual(
          seeded.following.map((f) => movedTo.get(f) ?? f).sort((a, b) => a - b),
        );
        // Who followed it follows it there, by their own messages, and none of them the real bob.
        expect(r.summary).toContain(`what others hold of it: ${seeded.followers} follows`);
        expect([await followers(to), await followers(2)]).toEqual([seeded.followers, 0]);
        const hubLinks = async (fid: number) => {
          const res = await fetch(`${target.url}/v1/linksByTargetFid?target_fid=${fid}&link_type=follow`, {
            headers: { 'x-api-key': target.apiKey },
          });
          return ((await res.json()) as { messages: unknown[] }).messages.length;
        };
        expect([(await hubLinks(to)) > 0, await hubLinks(2)]).toEqual([true, 0]);
        const { cast } = await local.lookupCastByHashOrWarpcastUrl({ identifier: oldHash, type: 'hash' });
        expect(cast.author.fid).toBe(to);
        // Its threads, others' reactions, verification and channels are there too; its verification is
        // not left on fid 2 (the real bob's channels, brought with his casts, may share the seeded ids).
        expect(await threadOf(to)).toEqual(before.thread);
        expect(await ties(to)).toEqual(before.ties);
        expect((await ties(2)).verified).toEqual([]);
        // Its seeded signer acts as it there.
        const signerUuid = '00000000-0000-4000-8000-000000000002';
        expect((await local.publishCast({ signerUuid, text: 'still me' })).cast.author.fid).toBe(to);
        // The hub sees the move as messages: the profile signed again on the new fid.
        const hub = await fetch(`${target.url}/v1/userDataByFid?fid=${to}&user_data_type=6`, {
          headers: { 'x-api-key': target.apiKey },
        });
        expect(
          ((await hub.json()) as { data: { userDataBody: { value: string } } }).data.userDataBody.value,
        ).toBe('bob-seed');
      } finally {
        await target.close();
      }
    },
    SLOW,
  );
});

describe('an interrupted import', () => {
  it(
    'continues where it stopped when run again',
    async () => {
      const target = await empty();
      try {
        const stop = new AbortController();
        const lines: string[] = [];
        const args = argsFor(target, 'interrupted').slice(1);
        const { parseCommand } = await import('../src/args.js');
        const { IMPORT_COMMAND } = await import('../src/commands/import.js');
        const { values } = parseCommand(IMPORT_COMMAND, args);
        const first = runImport(values, [], {
          err: (s) => {
            lines.push(s);
            if (s.startsWith('import: 3/')) stop.abort(new Error('interrupted'));
          },
          signal: stop.signal,
        });
        await expect(first).rejects.toThrow('interrupted');
        const partial = await rowCounts(target);
        expect(partial.imported_users).toBeGreaterThan(0);
        const second = await run(argsFor(target, 'interrupted'));
        expect(second.code).toBe(0);
        expect(second.summary).toContain('continued after 3 users done before');
        // Nothing was written twice: the whole is what one uninterrupted import writes.
        const whole = await firstImport();
        expect(whole.result.code).toBe(0);
        const [a, b] = [await rowCounts(target), whole.rows];
        for (const t of ['users', 'casts', 'links', 'reactions', 'channels', 'cast_aliases'])
          expect([t, a[t]]).toEqual([t, b[t]]);
      } finally {
        await target.close();
      }
    },
    SLOW,
  );
});

describe('an import into a database file', () => {
  it(
    'writes it with --db, empty when new, and an emulator started on the file later reads it',
    async () => {
      const file = join(dir, 'imported.db');
      const args = argsFor(upstream, 'file', '--fids', '2', '--depth', '0', '--casts', '2');
      const at = args.indexOf('--base-url');
      args.splice(at, 4, '--db', file);
      const r = await run(args);
      expect(r.code, r.lines.join('\n')).toBe(0);
      expect(r.summary).toMatch(/^imported [1-9]\d* users, [1-9]\d* casts/);
      const later = await startEmulator({ db: file });
      try {
        const [bob] = (await clientOf(later).fetchBulkUsers({ fids: [2] })).users;
        expect(bob?.username).toBe('bob');
        // Only what was imported: no seed came with the new file.
        expect((await rowCounts(later)).casts).toBeLessThan(50);
      } finally {
        await later.close();
      }
    },
    SLOW,
  );
});

describe('the live network’s rate limits', () => {
  it(
    'wait out a 429 for its Retry-After, then carry on',
    async () => {
      const control = createControlClient({ baseUrl: upstream.url, apiKey: upstream.apiKey });
      const target = await empty();
      try {
        // A second before a one-minute window ends, frozen, with the starter plan's 500 requests spent.
        const edge = (Math.floor(Date.now() / 60_000) + 1) * 60_000 - 1000;
        await control.call('POST /_emulator/clock/freeze', { body: { to: edge } });
        await control.call('POST /_emulator/rate-limits', { body: { plan: 'starter' } });
        const burn = new NeynarAPIClient({
          apiKey: upstream.apiKey,
          baseUrl: `${upstream.url}/v2`,
          retries: 0,
        });
        for (let spent = 0; spent < 500; spent += 10)
          await Promise.all(
            Array.from({ length: 10 }, () => burn.fetchBulkUsers({ fids: [1] }).catch(() => {})),
          );
        const lines: string[] = [];
        const { parseCommand } = await import('../src/args.js');
        const { IMPORT_COMMAND } = await import('../src/commands/import.js');
        const { values } = parseCommand(
          IMPORT_COMMAND,
          argsFor(target, 'limited', '--fids', '2', '--depth', '0').slice(1),
        );
        const code = await runImport(values, [], {
          err: (s) => {
            lines.push(s);
            // The window ends while the import waits: the clock moves on to the next one.
            if (s.includes('429')) void control.call('POST /_emulator/clock/advance', { body: { by: '2s' } });
          },
        });
        expect(code).toBe(0);
        expect(lines.some((l) => /429 from user\/bulk: waiting 1 s as Retry-After says/.test(l))).toBe(true);
        expect(lines.at(-1)).toMatch(/[1-9]\d* 429s waited out/);
        expect((await clientOf(target).fetchBulkUsers({ fids: [2] })).users[0]?.username).toBe('bob');
      } finally {
        await control.call('POST /_emulator/rate-limits', { body: { plan: null } });
        await control.call('POST /_emulator/clock/real');
        await target.close();
      }
    },
    SLOW,
  );
});

describe('usage', () => {
  it(
    'exits 2 naming what is missing or wrong',
    async () => {
      // Three processes of their own, run side by side.
      const [noFids, noKey, badFid] = await Promise.all([
        castkit(['import', '--from-key', 'k']),
        castkit(['import', '--fids', '3'], { NEYNAR_API_KEY: '' }),
        castkit(['import', '--fids', '3,x', '--from-key', 'k']),
      ]);
      expect([noFids.code, noFids.stderr]).toEqual([2, expect.stringContaining('needs --fids')]);
      expect([noKey.code, noKey.stderr]).toEqual([2, expect.stringContaining('NEYNAR_API_KEY')]);
      expect([badFid.code, badFid.stderr]).toEqual([2, expect.stringContaining('--fids must be an integer')]);
    },
    SLOW,
  );

  it(
    'exits 1 when the target emulator does not answer',
    async () => {
      const r = await castkit([
        'import',
        '--fids',
        '3',
        '--from-key',
        'k',
        '--base-url',
        'http://127.0.0.1:9',
      ]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('no castkit emulator answered at http://127.0.0.1:9');
    },
    SLOW,
  );
});
