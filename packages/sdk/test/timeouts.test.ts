// Per-attempt timeouts come from AbortSignal.timeout signals that concurrent attempts share: a stalled
// attempt times out, its neighbours that were answered are unaffected, and Node warns of no leak.
import { getEventListeners } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchTransport, NeynarAPIClient, nodeTransport, TimeoutError } from '../src/2x/index.js';

let server: Server;
let url: string;
beforeAll(async () => {
  // Answers odd usernames at once and never answers even ones.
  server = createServer((req, res) => {
    req.resume();
    const n = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('username'));
    if (n % 2 === 0) return;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ user: { fid: n } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe.each([
  ['node:http', undefined],
  ['fetch', globalThis.fetch],
] as const)('40 concurrent calls over %s', (_name, fetchImpl) => {
  it('time out exactly the stalled ones, without a MaxListenersExceededWarning', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      const c = new NeynarAPIClient({
        apiKey: 'k',
        baseUrl: `${url}/v2`,
        retries: 0,
        timeout: 500,
        fetch: fetchImpl,
      });
      const outcomes = await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          c.lookupUserByUsername({ username: String(n) }).then(
            (r) => (r.user as { fid: number }).fid,
            (e: unknown) => e,
          ),
        ),
      );
      outcomes.forEach((outcome, n) => {
        if (n % 2) expect(outcome).toBe(n);
        else expect(outcome).toBeInstanceOf(TimeoutError);
      });
      // Warnings are emitted on the next tick.
      await new Promise((r) => setImmediate(r));
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('a transport leaves no listener behind on the signal it was given once the call is done', async () => {
    const transport = fetchImpl ? fetchTransport(fetchImpl) : nodeTransport();
    const signal = AbortSignal.timeout(3_600_000);
    for (let n = 1; n < 200; n += 2) {
      const res = await transport({ method: 'GET', url: `${url}/v2/x?username=${n}`, headers: {}, signal });
      expect(res.status).toBe(200);
    }
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });
});
