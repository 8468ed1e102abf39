// Record a live session and replay it with the live network gone, through the real castkit
// processes on loopback: a second castkit emulator plays the live API; `castkit dev --upstream URL
// --record FILE` sits between it and programs using @neynar/nodejs-sdk 2.44.0 and castkit's SDK;
// then `castkit dev --replay FILE` (and the test kit's startReplayEmulator) answer the same session
// identically, and the cassette holds no key.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Emulator, startEmulator } from '@castkit/emulator';
import { readCassette } from '@castkit/emulator/cassette';
import { startReplayEmulator } from '@castkit/emulator/testing';
import { NeynarAPIClient, NeynarHubClient } from '@castkit/sdk/2.x';
import {
  Configuration,
  NeynarAPIClient as IncumbentApi,
  NeynarHubClient as IncumbentHub,
} from '@neynar/nodejs-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from '../../emulator/test/support/http.js';
import { fromSource } from '../../emulator/test/support/source-build.js';
import { startUpstreamProxy } from '../src/upstream-proxy.js';
import { BIN, castkit, startDev } from './support/castkit.js';

/** The developer's key, which castkit dev spends for the console's token. */
const SERVER_KEY = 'live-server-side-key-0001';
/** A program's own key, sent by the program and forwarded as it is. */
const PROGRAM_KEY = 'live-program-own-key-0002';
const ALICE = '00000000-0000-4000-8000-000000000001';
const BOB = '00000000-0000-4000-8000-000000000002';
/** Seeding or copying a seed, and a whole session through two processes, on a busy machine. */
const SLOW = 120_000;

const dir = mkdtempSync(join(tmpdir(), 'castkit-record-'));
const cassette = join(dir, 'session.cassette.jsonl');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts `castkit dev` with `args`; resolves with its URL once it has printed it. */
function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...fromSource(BIN), 'dev', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    children.push(child);
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url && out.includes('recording to')) resolve({ child, url });
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    child.on('exit', (code) => reject(new Error(`castkit dev exited with ${code}:\n${out}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

interface Outcome {
  step: string;
  status: number;
  body: unknown;
}

/**
 * One session of both SDKs against `base` with `key`: reads, a cast, a like between two identical
 * reads of that cast, hub reads, and a failing read; each step's status and body.
 */
async function session(base: string, key: string): Promise<Outcome[]> {
  const incumbent = {
    v2: new IncumbentApi(new Configuration({ apiKey: key, basePath: `${base}/v2` })),
    hub: new IncumbentHub(new Configuration({ apiKey: key, basePath: base })),
  };
  const api = new NeynarAPIClient({ apiKey: key, baseUrl: `${base}/v2`, retries: 0 });
  const hub = new NeynarHubClient({ apiKey: key, baseUrl: base, retries: 0 });
  const out: Outcome[] = [];
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T | undefined> => {
    try {
      const body = await run();
      out.push({ step: name, status: 200, body });
      return body;
    } catch (error) {
      const e = error as { status?: number; body?: unknown; response?: { status: number; data: unknown } };
      out.push({
        step: name,
        status: e.status ?? e.response?.status ?? -1,
        body: e.body ?? e.response?.data,
      });
      return undefined;
    }
  };
  const raw = async <T>(name: string, run: () => Promise<{ status: number; data: T }>) => {
    const r = await step(name, run);
    if (r) out[out.length - 1] = { step: name, status: r.status, body: r.data };
    return r?.data;
  };

  await step('incumbent lookupUserByUsername', () =>
    incumbent.v2.lookupUserByUsername({ username: 'alice', viewerFid: 2 }),
  );
  await step('incumbent fetchBulkUsers', () => incumbent.v2.fetchBulkUsers({ fids: [1, 2, 3] }));
  const published = await step('incumbent publishCast', () =>
    incumbent.v2.publishCast({ signerUuid: ALICE, text: 'recorded on the live network' }),
  );
  const hash = published?.cast.hash ?? 'none';
  const lookup = () => incumbent.v2.lookupCastByHashOrWarpcastUrl({ identifier: hash, type: 'hash' });
  await step('incumbent lookupCast before the like', lookup);
  await raw('castkit publishReaction', () =>
    api.publishReaction({ signerUuid: BOB, reactionType: 'like', target: hash }, { raw: true }),
  );
  await step('incumbent lookupCast after the like', lookup);
  await raw('castkit lookupCast', () =>
    api.lookupCastByHashOrWarpcastUrl({ identifier: hash, type: 'hash', viewerFid: 2 }, { raw: true }),
  );
  await raw('castkit hub fetchUsersCasts', () => hub.fetchUsersCasts({ fid: 1, pageSize: 3 }, { raw: true }));
  await step('incumbent hub fetchUsersCasts', () => incumbent.hub.fetchUsersCasts({ fid: 2, pageSize: 2 }));
  await step('castkit lookupUserByUsername of nobody', () =>
    api.lookupUserByUsername({ username: 'nobody-lives-here' }),
  );
  const text = await fetch(`${base}/v2/farcaster/user/bulk?fids=3`, { headers: { 'x-api-key': key } });
  out.push({ step: 'raw fetchBulkUsers', status: text.status, body: await text.text() });
  return out;
}

describe('castkit dev --record, then --replay', () => {
  let live: Emulator;
  let recorded: Outcome[];
  let token: string;

  beforeAll(async () => {
    live = await startEmulator({ db: ':memory:', apiKey: [SERVER_KEY, PROGRAM_KEY] });
    const recorder = await startProcess(
      ['--upstream', `${live.url}/v2`, '--record', cassette, '--port', '0'],
      { NEYNAR_API_KEY: SERVER_KEY },
    );
    recorded = await session(recorder.url, PROGRAM_KEY);

    // The console's way: its per-process token, for which the server spends the real key.
    token = (await request(recorder.url, '/_castkit/env')).json().apiKey;
    const viaConsole = await request(recorder.url, '/v2/farcaster/user/by_username?username=carol', {
      headers: { 'x-api-key': token },
    });
    expect(viaConsole.status).toBe(200);
    // A program's key goes as it is, never swapped for the real one: the live API refuses this one.
    const foreign = await request(recorder.url, '/v2/farcaster/user/by_username?username=bob', {
      headers: { 'x-api-key': 'a-key-the-live-api-refuses' },
    });
    expect(foreign.status).toBe(401);
    // Interrupted, not stopped: whatever was written stays readable.
    recorder.child.kill('SIGKILL');
    await exited(recorder.child);
    await live.close();
  }, SLOW);

  it('records the session through the proxy: every step answered by the live API', () => {
    expect(recorded.map((o) => [o.step, o.status])).toEqual([
      ['incumbent lookupUserByUsername', 200],
      ['incumbent fetchBulkUsers', 200],
      ['incumbent publishCast', 200],
      ['incumbent lookupCast before the like', 200],
      ['castkit publishReaction', 200],
      ['incumbent lookupCast after the like', 200],
      ['castkit lookupCast', 200],
      ['castkit hub fetchUsersCasts', 200],
      ['incumbent hub fetchUsersCasts', 200],
      ['castkit lookupUserByUsername of nobody', 404],
      ['raw fetchBulkUsers', 200],
    ]);
    const likes = (o: Outcome) => (o.body as { cast: { reactions: { likes_count: number } } }).cast.reactions;
    expect([likes(recorded[3]!).likes_count, likes(recorded[5]!).likes_count]).toEqual([0, 1]);
  });

  it('writes a cassette without the real key, the program key or the console token', () => {
    const text = readFileSync(cassette, 'utf8');
    for (const secret of [SERVER_KEY, PROGRAM_KEY, token]) expect(text).not.toContain(secret);
    const { exchanges } = readCassette(cassette);
    // The session's 11 requests and the console's; the refused key's 401 is not kept.
    expect(exchanges).toHaveLength(12);
    expect(exchanges.every((e) => e.response.status !== 401)).toBe(true);
  });

  it(
    'replays the session with the live API gone: the same status and body for every step',
    async () => {
      const replay = await startDev(['--replay', cassette, '--port', '0', '--db', join(dir, 'replay.db')]);
      children.push(replay.child);
      try {
        expect(await session(replay.url, 'castkit-dev-key')).toEqual(recorded);
        // What the cassette does not hold: a 404 naming it; other keys: the emulator's 401.
        const missing = await request(
          replay.url,
          '/v2/farcaster/user/by_username?username=dave&viewer_fid=1',
          {
            headers: { 'x-api-key': 'castkit-dev-key' },
          },
        );
        expect(missing.status).toBe(404);
        expect(missing.json().message).toBe(
          'not in the cassette: GET /v2/farcaster/user/by_username?username=dave&viewer_fid=1',
        );
        const wrongKey = await request(replay.url, '/v2/farcaster/user/bulk?fids=3', {
          headers: { 'x-api-key': PROGRAM_KEY },
        });
        expect(wrongKey.status).toBe(401);
      } finally {
        replay.child.kill('SIGTERM');
        await exited(replay.child);
      }
    },
    SLOW,
  );

  it(
    "replays it in-process from the test kit, with the emulator's answers for the rest",
    async () => {
      const emu = await startReplayEmulator(cassette, { unmatched: 'emulator' });
      try {
        expect(await session(emu.url, emu.apiKey)).toEqual(recorded);
        const carol = await emu.api.lookupUserByUsername({ username: 'carol' });
        expect(carol.user.fid).toBe(3);
      } finally {
        await emu.close();
      }
    },
    SLOW,
  );
});

describe('the recording proxy', () => {
  it('keeps the --upstream protections: foreign Host, cross-site, no key and a silent upstream write nothing', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const file = join(dir, 'refused.jsonl');
    const proxy = await startUpstreamProxy({
      upstream: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/v2`,
      apiKey: SERVER_KEY,
      record: file,
      timeoutMs: 300,
      logger: { error: () => undefined },
    });
    try {
      const path = '/v2/farcaster/user/bulk?fids=1';
      const port = new URL(proxy.url).port;
      const status = async (headers: Record<string, string>) =>
        (await request(proxy.url, path, { headers })).status;
      expect(await status({ host: `evil.example:${port}`, 'x-api-key': PROGRAM_KEY })).toBe(421);
      expect(await status({ 'sec-fetch-site': 'cross-site', 'x-api-key': PROGRAM_KEY })).toBe(403);
      expect(await status({ origin: 'https://evil.example', 'x-api-key': PROGRAM_KEY })).toBe(403);
      expect(await status({})).toBe(401);
      expect(await status({ 'x-api-key': PROGRAM_KEY })).toBe(504);
    } finally {
      await proxy.close();
      silent.closeAllConnections();
      silent.close();
    }
    expect(readCassette(file).exchanges).toEqual([]);
  });
});

describe('castkit dev --record and --replay flags', () => {
  it(
    'refuse what cannot work, with exit code 2',
    async () => {
      const existing = join(dir, 'existing.jsonl');
      writeFileSync(existing, '');
      const notCassette = join(dir, 'not-a-cassette.jsonl');
      writeFileSync(notCassette, '{"users":[]}\n');
      const cases: [string[], RegExp][] = [
        [['--record', join(dir, 'x.jsonl')], /--record applies to --upstream only/],
        [['--upstream', 'http://127.0.0.1:9', '--record', existing], /--record: .*existing\.jsonl exists/],
        [
          ['--upstream', 'http://127.0.0.1:9', '--record', join(dir, 'no', 'x.jsonl')],
          /folder .* does not exist/,
        ],
        [['--upstream', 'http://127.0.0.1:9', '--replay', existing], /--replay does not apply to --upstream/],
        [['--unmatched', 'emulator', '--db', ':memory:'], /--unmatched applies to --replay only/],
        [
          ['--replay', existing, '--unmatched', 'maybe', '--db', ':memory:'],
          /--unmatched must be 404 or emulator/,
        ],
        [['--replay', join(dir, 'missing.jsonl'), '--db', ':memory:'], /--replay: no file/],
        [
          ['--replay', notCassette, '--db', ':memory:', '--port', '0'],
          /--replay: .* is not a castkit cassette/,
        ],
      ];
      for (const [args, message] of cases) {
        const r = await castkit(['dev', ...args], { NEYNAR_API_KEY: 'k' });
        expect(r.code, args.join(' ')).toBe(2);
        expect(r.stderr, args.join(' ')).toMatch(message);
      }
    },
    SLOW,
  );
});
