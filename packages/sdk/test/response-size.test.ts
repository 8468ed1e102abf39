// A response body is read only up to maxResponseBytes, counted after decompression: a decompression
// bomb ends in a ResponseTooLargeError long before memory holds what it would expand to.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NeynarAPIClient, ResponseTooLargeError } from '../src/2x/index.js';

const MiB = 1024 * 1024;
// gzip members may follow one another and decoders read them as one stream: 64 members of 16 MiB of
// zeros make 1 GiB from about 1 MB on the wire.
const member = zlib.gzipSync(Buffer.alloc(16 * MiB), { level: 9 });
const bomb = Buffer.concat(Array.from({ length: 64 }, () => member));
const EXPANDED = 64 * 16 * MiB;

let server: Server;
let url: string;
let requests = 0;
let answer: (res: import('node:http').ServerResponse) => void;
beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    req.resume();
    res.on('error', () => {});
    answer(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const sendBomb = (res: import('node:http').ServerResponse) => {
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-encoding': 'gzip',
    'content-length': bomb.length,
  });
  res.end(bomb);
};

/** Runs `fn` while sampling the process's resident memory; resolves with its outcome and the growth. */
async function withPeakMemory<T>(fn: () => Promise<T>): Promise<{ outcome: T | unknown; growth: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 2);
  try {
    const outcome = await fn().catch((e: unknown) => e);
    peak = Math.max(peak, process.memoryUsage.rss());
    return { outcome, growth: peak - before };
  } finally {
    clearInterval(sample);
  }
}

const transports = [
  ['node:http', undefined],
  ['fetch', globalThis.fetch],
] as const;

describe.each(transports)('the response size cap over %s', (_name, fetchImpl) => {
  const client = (options: { maxResponseBytes?: number } = {}) =>
    new NeynarAPIClient({ apiKey: 'k', baseUrl: `${url}/v2`, fetch: fetchImpl, ...options });

  it('ends a gzip bomb of 1 GiB at the default 64 MiB, without memory growing anywhere near 1 GiB', async () => {
    answer = sendBomb;
    requests = 0;
    const { outcome, growth } = await withPeakMemory(() => client().fetchBulkUsers({ fids: [1] }));
    expect(outcome).toBeInstanceOf(ResponseTooLargeError);
    expect((outcome as Error).message).toBe(
      `fetchBulkUsers: the response body is larger than maxResponseBytes (${64 * MiB} bytes)`,
    );
    // Relative bound: a reader without the cap holds all 1 GiB; this one holds at most the cap.
    expect(growth).toBeLessThan(EXPANDED / 5);
    // A body that is too large now is too large on a second try: not retried, though reads are.
    expect(requests).toBe(1);
  });

  it('applies a configured cap to a body with a declared length and to one without', async () => {
    const body = JSON.stringify({ users: Array.from({ length: 100 }, (_, fid) => ({ fid })) });
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    };
    const small = client({ maxResponseBytes: 1000 });
    await expect(small.fetchBulkUsers({ fids: [1] })).rejects.toBeInstanceOf(ResponseTooLargeError);
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' }); // chunked: the size is learnt as it comes
      res.write(body.slice(0, 600));
      res.end(body.slice(600));
    };
    await expect(small.fetchBulkUsers({ fids: [1] })).rejects.toBeInstanceOf(ResponseTooLargeError);
    const exact = client({ maxResponseBytes: Buffer.byteLength(body) });
    expect(await exact.fetchBulkUsers({ fids: [1] })).toEqual(JSON.parse(body));
  });
});
