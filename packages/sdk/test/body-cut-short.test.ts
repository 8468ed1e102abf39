// A response whose body stops early (reset, early close, unfinished chunked or compressed stream)
// ends in a typed error on both transports, never in a call that does not settle.
import type { Socket } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionError, NeynarAPIClient, TimeoutError, UnexpectedResponseError } from '../src/2x/index.js';
import { chunk, head, type RawServer, startRawServer } from './support/raw-server.js';

let server: RawServer;
beforeAll(async () => {
  server = await startRawServer();
});
afterAll(() => server.close());

const user = (i: number) => ({ fid: i, username: `user-${i}`, bio: `bio ${(i * 7919).toString(36)}` });
const plain = Buffer.from(JSON.stringify({ users: Array.from({ length: 400 }, (_, i) => user(i)) }));
const gzip = zlib.gzipSync(plain);
const deflate = zlib.deflateSync(plain);
const br = zlib.brotliCompressSync(plain);
const half = (b: Buffer) => b.subarray(0, b.length >> 1);
const json = { 'content-type': 'application/json' };

/** Ends the socket with a TCP reset instead of a FIN. */
const reset = (s: Socket) => s.resetAndDestroy();
const finish = (s: Socket) => s.end();

/** A case's name, its response, and whether fetch can see the cut (see the last case). */
const cases: [string, (s: Socket) => void, { fetchSeesMalformedJson?: true }?][] = [
  ['a Content-Length body closed early (FIN)', (s) => lengthBody(s, plain, {}, finish)],
  ['a Content-Length body reset (RST)', (s) => lengthBody(s, plain, {}, reset)],
  [
    'a gzip Content-Length body closed early',
    (s) => lengthBody(s, gzip, { 'content-encoding': 'gzip' }, finish),
  ],
  ['a gzip Content-Length body reset', (s) => lengthBody(s, gzip, { 'content-encoding': 'gzip' }, reset)],
  [
    'a gzip chunked body reset in the middle of a chunk',
    (s) => {
      s.write(head('200 OK', { ...json, 'content-encoding': 'gzip', 'transfer-encoding': 'chunked' }));
      s.write(Buffer.concat([Buffer.from(`${gzip.length.toString(16)}\r\n`), half(gzip)]));
      later(() => reset(s));
    },
  ],
  ['a gzip chunked body closed before its last chunk', (s) => chunkedBody(s, gzip, 'gzip', finish)],
  ['a deflate chunked body closed before its last chunk', (s) => chunkedBody(s, deflate, 'deflate', finish)],
  ['a br chunked body reset before its last chunk', (s) => chunkedBody(s, br, 'br', reset)],
  [
    'a gzip body delimited by the connection, closed before the gzip stream ends',
    (s) => {
      s.write(head('200 OK', { ...json, 'content-encoding': 'gzip', connection: 'close' }));
      s.write(half(gzip));
      later(() => finish(s));
    },
    // fetch decompresses leniently, as browsers do, and hands over the partial text without an error.
    { fetchSeesMalformedJson: true },
  ],
];

function lengthBody(s: Socket, body: Buffer, headers: Record<string, string>, end: (s: Socket) => void) {
  s.write(head('200 OK', { ...json, ...headers, 'content-length': body.length }));
  s.write(half(body));
  later(() => end(s));
}

function chunkedBody(s: Socket, body: Buffer, encoding: string, end: (s: Socket) => void) {
  s.write(head('200 OK', { ...json, 'content-encoding': encoding, 'transfer-encoding': 'chunked' }));
  s.write(chunk(half(body)));
  later(() => end(s));
}

// The head and first bytes go out before the end of the connection, as in a real failure mid-body.
const later = (fn: () => void) => setTimeout(fn, 20);

const clients = [
  ['node:http', () => new NeynarAPIClient({ apiKey: 'k', baseUrl: `${server.url}/v2`, retries: 0 })],
  [
    'fetch',
    () =>
      new NeynarAPIClient({ apiKey: 'k', baseUrl: `${server.url}/v2`, retries: 0, fetch: globalThis.fetch }),
  ],
] as const;

describe.each(clients)('a body cut short over %s', (transport, client) => {
  it.each(cases)('%s ends in a typed error that says what happened', async (_case, respond, quirk) => {
    server.respond(respond);
    // The timeout is far away: settling with a ConnectionError shows the cut was noticed, not timed out.
    const error = await client()
      .fetchBulkUsers({ fids: [1] }, { timeout: 15_000 })
      .catch((e: unknown) => e);
    if (transport === 'fetch' && quirk?.fetchSeesMalformedJson) {
      expect(error).toBeInstanceOf(UnexpectedResponseError);
      expect((error as Error).message).toMatch(/200 with application\/json and malformed JSON/);
      return;
    }
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(
      /^fetchBulkUsers: the response body was cut short .* by 127\.0\.0\.1:\d+$/,
    );
  });

  it('a whole body that claims gzip but is not gzip ends in a ConnectionError that says it is corrupt', async () => {
    server.respond((s) => {
      s.write(head('200 OK', { ...json, 'content-encoding': 'gzip', 'content-length': plain.length }));
      s.write(plain);
    });
    const error = await client()
      .fetchBulkUsers({ fids: [1] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toMatch(
      /^fetchBulkUsers: the response body (is corrupt|was cut short) /,
    );
    if (transport === 'node:http') expect((error as Error).message).toContain('is corrupt (Z_DATA_ERROR)');
  });

  it('a compressed body that stops arriving ends in a TimeoutError at the per-attempt timeout', async () => {
    server.respond((s) => {
      s.write(head('200 OK', { ...json, 'content-encoding': 'gzip', 'content-length': gzip.length }));
      s.write(half(gzip));
    });
    await expect(client().fetchBulkUsers({ fids: [1] }, { timeout: 300 })).rejects.toBeInstanceOf(
      TimeoutError,
    );
  });

  it('a read cut short is retried, and the retry answers', async () => {
    let n = 0;
    server.respond((s) => {
      if (n++ === 0) return lengthBody(s, gzip, { 'content-encoding': 'gzip' }, reset);
      s.write(head('200 OK', { ...json, 'content-encoding': 'gzip', 'content-length': gzip.length }));
      s.write(gzip);
    });
    const retrying = new NeynarAPIClient({
      apiKey: 'k',
      baseUrl: `${server.url}/v2`,
      retries: { retries: 1, baseDelay: 1 },
      fetch: transport === 'fetch' ? globalThis.fetch : undefined,
    });
    const result = await retrying.fetchBulkUsers({ fids: [1] });
    expect(result).toEqual(JSON.parse(plain.toString()));
    expect(n).toBe(2);
  });
});
