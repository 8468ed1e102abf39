// Replaying a cassette in-process (startReplayEmulator of @castkit/emulator/testing, the same
// matching code castkit dev --replay runs): which request gets which recorded answer, what happens
// to the rest, and which files are refused. Cassettes are written by the recorder castkit dev
// --record uses; requests go over real HTTP on loopback.
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CassetteRecorder, readCassette } from '../src/cassette/index.js';
import { startReplayEmulator, type TestEmulator } from '../src/testing/index.js';
import { request } from './support/http.js';

const dir = mkdtempSync(join(tmpdir(), 'castkit-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Recorded {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  status?: number;
  answer: unknown;
  answerHeaders?: Record<string, string>;
}

/** A cassette of these exchanges, written by the recorder castkit dev --record uses. */
function cassette(name: string, exchanges: Recorded[]): string {
  const file = join(dir, name);
  const recorder = CassetteRecorder.create(file, 'http://127.0.0.1:9/v2');
  for (const e of exchanges) {
    recorder.record({
      method: e.method ?? 'GET',
      url: new URL(e.url, 'http://127.0.0.1:9'),
      requestHeaders: e.headers ?? {},
      requestBody: Buffer.from(e.body ?? ''),
      status: e.status ?? 200,
      responseHeaders: { 'content-type': 'application/json; charset=utf-8', ...e.answerHeaders },
      responseBody: Buffer.isBuffer(e.answer) ? e.answer : Buffer.from(JSON.stringify(e.answer)),
    });
  }
  recorder.close();
  return file;
}

const BINARY = Buffer.from([0xff, 0xfe, 0x00, 0x01]);

const SESSION: Recorded[] = [
  {
    url: '/v2/farcaster/user/bulk?fids=1,2&viewer_fid=3',
    answer: { users: [{ fid: 999, username: 'recorded' }] },
    answerHeaders: { 'x-recorded': 'yes' },
  },
  {
    method: 'POST',
    url: '/v2/farcaster/cast',
    headers: { 'content-type': 'application/json', authorization: 'Bearer nope', 'x-api-key': 'k' },
    body: '{"signer_uuid":"s","text":"hi","idem":"first-call"}',
    answer: { success: true, cast: { hash: '0xrecorded' } },
  },
  { url: '/v2/farcaster/channel?id=memes', answer: { n: 1 } },
  { url: '/v2/farcaster/channel?id=memes', answer: { n: 2 } },
  { url: '/v2/farcaster/channel?id=memes', answer: { n: 3 } },
  { url: '/v2/farcaster/user/bulk/?fids=1', answer: { slash: true } },
  { url: '/v2/farcaster/from/a/newer/api', answer: { newer: true } },
  {
    url: '/v1/info',
    status: 503,
    answer: BINARY,
    answerHeaders: { 'content-type': 'application/octet-stream' },
  },
  {
    url: '/v2/farcaster/feed/trending',
    headers: { 'x-neynar-experimental': 'true' },
    answer: { experimental: true },
  },
  { url: '/v2/farcaster/user/by_username?username=alice', answer: { user: { username: 'recorded-alice' } } },
];

describe('a replaying emulator (unmatched: 404)', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startReplayEmulator(cassette('session.jsonl', SESSION));
  });
  afterAll(() => emu?.close());

  const get = (path: string, headers: Record<string, string> = {}) =>
    request(emu.url, path, { headers: { 'x-api-key': emu.apiKey, ...headers } });

  it('answers a recorded request with its recorded status, headers and body', async () => {
    const res = await get('/v2/farcaster/user/bulk?fids=1,2&viewer_fid=3');
    expect(res.status).toBe(200);
    expect(res.headers['x-recorded']).toBe('yes');
    expect(res.text).toBe(JSON.stringify({ users: [{ fid: 999, username: 'recorded' }] }));
  });

  it('matches the query as a set, in any order', async () => {
    expect((await get('/v2/farcaster/user/bulk?viewer_fid=3&fids=1,2')).json().users[0].fid).toBe(999);
    const other = await get('/v2/farcaster/user/bulk?fids=2,1&viewer_fid=3');
    expect(other.status).toBe(404);
    expect(other.json().message).toBe(
      'not in the cassette: GET /v2/farcaster/user/bulk?fids=2,1&viewer_fid=3',
    );
  });

  it('matches a JSON body as data: key order and the idempotency key aside', async () => {
    const post = (body: string) =>
      request(emu.url, '/v2/farcaster/cast', {
        method: 'POST',
        headers: { 'x-api-key': emu.apiKey, 'content-type': 'application/json' },
        body,
      });
    const same = await post('{"idem":"another-call","text":"hi","signer_uuid":"s"}');
    expect(same.json()).toEqual({ success: true, cast: { hash: '0xrecorded' } });
    const changed = await post('{"signer_uuid":"s","text":"hi there"}');
    expect(changed.status).toBe(404);
    expect(changed.json().message).toBe('not in the cassette: POST /v2/farcaster/cast');
  });

  it('answers identical requests in recorded order, then the last again; a reset starts over', async () => {
    const n = async () => (await get('/v2/farcaster/channel?id=memes')).json().n;
    expect([await n(), await n(), await n(), await n()]).toEqual([1, 2, 3, 3]);
    await emu.reset();
    expect(await n()).toBe(1);
  });

  it('keeps a trailing slash apart, and answers recorded paths the emulator has no route for', async () => {
    expect((await get('/v2/farcaster/user/bulk/?fids=1')).json()).toEqual({ slash: true });
    expect((await get('/v2/farcaster/user/bulk?fids=1')).status).toBe(404);
    expect((await get('/v2/farcaster/from/a/newer/api')).json()).toEqual({ newer: true });
  });

  it('gives back a body that is not text byte for byte, with its status', async () => {
    const res = await fetch(`${emu.url}/v1/info`, { headers: { 'x-api-key': emu.apiKey } });
    expect(res.status).toBe(503);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(BINARY);
  });

  it('matches on the headers that select an answer', async () => {
    const on = await get('/v2/farcaster/feed/trending', { 'x-neynar-experimental': 'true' });
    expect(on.json()).toEqual({ experimental: true });
    expect((await get('/v2/farcaster/feed/trending')).status).toBe(404);
  });

  it('names what it does not hold in the hub error body under /v1', async () => {
    const res = await get('/v1/castsByFid?fid=77&pageSize=2');
    expect(res.status).toBe(404);
    expect(res.json()).toMatchObject({
      errCode: 'not_found',
      details: 'not in the cassette: GET /v1/castsByFid?fid=77&pageSize=2',
    });
  });

  it('answers only callers with a key it accepts: others get the emulator 401', async () => {
    const wrong = await request(emu.url, '/v2/farcaster/channel?id=memes', {
      headers: { 'x-api-key': 'no' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json().property).toBe('x-api-key');
    expect((await request(emu.url, '/v2/farcaster/channel?id=memes')).status).toBe(401);
  });
});

describe('a replaying emulator (unmatched: emulator)', () => {
  let emu: TestEmulator;
  beforeAll(async () => {
    emu = await startReplayEmulator(cassette('fallback.jsonl', SESSION), { unmatched: 'emulator' });
  });
  afterAll(() => emu?.close());

  it('answers from the cassette first, and from the emulator what it does not hold', async () => {
    const alice = await emu.api.lookupUserByUsername({ username: 'alice' });
    expect(alice.user.username).toBe('recorded-alice');
    const bob = await emu.api.lookupUserByUsername({ username: 'bob' });
    expect(bob.user).toMatchObject({ fid: 2, username: 'bob' });
    // A recorded path without a route: the emulator's own 404 once the cassette has none.
    const res = await request(emu.url, '/v2/farcaster/from/a/newer/api?x=1', {
      headers: { 'x-api-key': emu.apiKey },
    });
    expect(res.json().message).toBe('no route for GET /v2/farcaster/from/a/newer/api');
  });
});

describe('cassette files', () => {
  it('read back what an interrupted recording left: every whole line, the torn one dropped', () => {
    const file = cassette('torn.jsonl', SESSION.slice(0, 3));
    const whole = readFileSync(file, 'utf8');
    truncateSync(file, whole.length - 20);
    const read = readCassette(file);
    expect(read.torn).toBe(true);
    expect(read.exchanges.map((e) => e.seq)).toEqual([1, 2]);
  });

  it('hold no key, authorization or cookie, and keep a 401 out', () => {
    const file = join(dir, 'secrets.jsonl');
    const recorder = CassetteRecorder.create(file, 'http://127.0.0.1:9');
    const secret = 'a-program-secret-key';
    recorder.keepSecret(secret);
    const seen = {
      method: 'GET',
      url: new URL('http://127.0.0.1:9/v2/farcaster/user/bulk?fids=1'),
      requestHeaders: { 'x-api-key': secret, authorization: 'Bearer t0ken-value', cookie: 'session=c00kie' },
      requestBody: Buffer.alloc(0),
      responseHeaders: { 'set-cookie': 'session=c00kie', 'content-type': 'application/json' },
    };
    recorder.record({ ...seen, status: 401, responseBody: Buffer.from('{"message":"bad key"}') });
    recorder.record({ ...seen, status: 200, responseBody: Buffer.from(`{"echo":"${secret}"}`) });
    recorder.close();
    const text = readFileSync(file, 'utf8');
    for (const value of [secret, 't0ken-value', 'c00kie', 'bad key']) expect(text).not.toContain(value);
    const [only] = readCassette(file).exchanges;
    expect(only).toMatchObject({ seq: 1, response: { status: 200, body: '{"echo":"[redacted]"}' } });
    expect(only!.request.headers).toEqual({});
  });

  it('are refused with a sentence: no cassette, a newer format, a damaged line, an existing file', async () => {
    const refusal = async (text: string) => {
      const file = join(dir, `bad-${Math.random()}.jsonl`);
      writeFileSync(file, text);
      const error = await startReplayEmulator(file).then(
        (emu) => emu.close(),
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ status: 400, property: 'cassette' });
      return (error as Error).message.replace(file, 'FILE');
    };
    expect(await refusal('{"users":[]}\n')).toBe(
      'FILE is not a castkit cassette (its first line names no castkit-cassette format)',
    );
    expect(await refusal('{"format":"castkit-cassette","version":2}\n')).toBe(
      'FILE is a cassette of format version 2; this castkit reads version 1: upgrade castkit to replay it',
    );
    const good = readFileSync(cassette('good.jsonl', SESSION.slice(0, 2)), 'utf8').split('\n');
    expect(await refusal([good[0], '{"seq":1}', good[2], ''].join('\n'))).toBe(
      'FILE:2 is not a recorded exchange of a castkit cassette',
    );
    expect(() => CassetteRecorder.create(join(dir, 'good.jsonl'), 'http://127.0.0.1:9')).toThrow(
      /good\.jsonl exists; a recording writes a new file/,
    );
  });
});
