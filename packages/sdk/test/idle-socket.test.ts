// A kept-alive socket that the server closes while it sits idle fails the next request written to
// it before the server has read a byte. The Node transport sends that request again on another
// socket instead of failing a call the server never saw (a busy test suite hit this after a reset).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ConnectionError, NeynarAPIClient } from '../src/2x/index.js';
import { head, type RawServer, startRawServer } from './support/raw-server.js';

let server: RawServer;
beforeAll(async () => {
  server = await startRawServer();
});
afterAll(() => server.close());

const body = JSON.stringify({ users: [] });
const ok = head('200 OK', { 'content-type': 'application/json', 'content-length': body.length });

it('sends a request again on a new socket when the kept-alive one was closed while idle', async () => {
  const served = new Set<unknown>();
  server.respond((socket) => {
    // The first request on each socket is answered; a second one on the same socket is reset
    // unread, as a server that timed the socket out a moment before would.
    if (served.has(socket)) return socket.resetAndDestroy();
    served.add(socket);
    socket.write(ok + body);
  });
  const client = new NeynarAPIClient({ apiKey: 'k', baseUrl: `${server.url}/v2`, retries: 0 });
  await client.fetchBulkUsers({ fids: [1] });
  await expect(client.fetchBulkUsers({ fids: [2] })).resolves.toEqual({ users: [] });
  expect(served.size).toBe(2);
  expect(server.heads.filter((h) => h.includes('fids=2'))).toHaveLength(2);
});

it('still fails a request whose fresh socket is reset', async () => {
  server.respond((socket) => socket.resetAndDestroy());
  const client = new NeynarAPIClient({ apiKey: 'k', baseUrl: `${server.url}/v2`, retries: 0 });
  await expect(client.fetchBulkUsers({ fids: [3] })).rejects.toBeInstanceOf(ConnectionError);
});
