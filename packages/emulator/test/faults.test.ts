import { request } from 'node:http';
import { NeynarAPIClient, NeynarHubClient } from '@castkit/sdk/2.x';
import { Message } from '@farcaster/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, SEED_USERS, startEmulator } from '../src/index.js';
import { actAs } from '../src/protocol/index.js';
import { castsWithText, hubMessageCount } from './support/reads.js';

const alice = SEED_USERS[0]!;
let e: Emulator;
let api: NeynarAPIClient;

async function call(path: string, init: RequestInit = {}) {
  const res = await fetch(`${e.url}${path}`, {
    ...init,
    headers: { 'x-api-key': e.apiKey, 'content-type': 'application/json', ...init.headers },
  });
  return { status: res.status, body: (await res.json()) as any };
}
const addFault = (rule: unknown) => call('/_emulator/faults', { method: 'POST', body: JSON.stringify(rule) });
let hub: NeynarHubClient;
const messageCount = () => hubMessageCount(hub);

/** How a raw GET ended: a status, or the socket closing with no answer. */
function rawGet(path: string, waitMs: number): Promise<number | 'closed' | 'no answer'> {
  return new Promise((resolve) => {
    const req = request(`${e.url}${path}`, { headers: { 'x-api-key': e.apiKey } }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('error', () => resolve('closed'));
    req.setTimeout(waitMs, () => {
      resolve('no answer');
      req.destroy();
    });
    req.end();
  });
}

beforeAll(async () => {
  e = await startEmulator();
  api = new NeynarAPIClient({ apiKey: e.apiKey, baseUrl: `${e.url}/v2`, retries: 0 });
  hub = new NeynarHubClient({ apiKey: e.apiKey, baseUrl: e.url, retries: 0 });
});
afterAll(() => e.close());
afterEach(() => e.faults.clear());

describe('fault rules', () => {
  it("answers a matched operation with the status and the API's error body, for the next N calls only", async () => {
    expect(
      (await addFault({ operation: 'fetchBulkUsers', effect: 'error', status: 503, times: 2 })).status,
    ).toBe(201);
    for (let i = 0; i < 2; i++) {
      await expect(api.fetchBulkUsers({ fids: [1] })).rejects.toMatchObject({
        status: 503,
        code: 'Unavailable',
      });
    }
    expect((await api.fetchBulkUsers({ fids: [1] })).users[0]!.fid).toBe(1);
    // Other operations were never touched, and the spent rule is gone.
    expect((await call('/_emulator/faults')).body.faults).toEqual([]);
  });

  it("matches by path and method, answering the hub's error body under /v1", async () => {
    await addFault({ path: '/v1/info', method: 'GET', effect: 'error', status: 500 });
    const reply = await call('/v1/info');
    expect(reply.status).toBe(500);
    expect(reply.body).toMatchObject({
      errCode: 'unknown',
      details: expect.stringContaining('injected fault'),
    });
    expect((await call('/v1/info', { method: 'POST' })).status).not.toBe(500);
  });

  it('applies a probability with seeded draws: the same seed fails the same calls', async () => {
    const run = async () => {
      e.faults.clear();
      e.faults.add({ operation: 'fetchBulkUsers', effect: 'error', status: 500, probability: 0.5, seed: 7 });
      const out: number[] = [];
      for (let i = 0; i < 16; i++) out.push((await call('/v2/farcaster/user/bulk?fids=1')).status);
      return out;
    };
    const first = await run();
    expect(new Set(first)).toEqual(new Set([200, 500]));
    expect(await run()).toEqual(first);
  });

  it('delays, drops the connection, or holds the call without an answer', async () => {
    e.faults.add({ operation: 'fetchBulkUsers', effect: 'latency', latencyMs: 300, times: 1 });
    const started = performance.now();
    expect(await rawGet('/v2/farcaster/user/bulk?fids=1', 5_000)).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);

    e.faults.add({ operation: 'fetchBulkUsers', effect: 'drop', times: 1 });
    expect(await rawGet('/v2/farcaster/user/bulk?fids=1', 5_000)).toBe('closed');

    e.faults.add({ operation: 'fetchBulkUsers', effect: 'timeout', times: 1 });
    expect(await rawGet('/v2/farcaster/user/bulk?fids=1', 500)).toBe('no answer');
    expect(await rawGet('/v2/farcaster/user/bulk?fids=1', 5_000)).toBe(200);
  });

  it('answers a submit with 200 yet stores nothing (not-stored)', async () => {
    const before = await messageCount();
    e.faults.add({ operation: 'publishCast', effect: 'not-stored', times: 1 });
    const { cast } = await api.publishCast({ signerUuid: alice.signerUuid, text: 'lost in transit' });
    expect(cast.hash).toMatch(/^0x/);
    expect(await messageCount()).toBe(before);
    await expect(
      api.lookupCastByHashOrWarpcastUrl({ identifier: cast.hash, type: 'hash' }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it('stores a submit yet never answers it (stored-timeout), so a retry with idem finds it stored', async () => {
    const stored = () => castsWithText(api, alice.fid, 'stored though silent');
    e.faults.add({ operation: 'publishCast', effect: 'stored-timeout', times: 1 });
    const slow = new NeynarAPIClient({ apiKey: e.apiKey, baseUrl: `${e.url}/v2`, retries: 0, timeout: 500 });
    const request = { signerUuid: alice.signerUuid, text: 'stored though silent', idem: 'silent-1' };
    await expect(slow.publishCast(request)).rejects.toMatchObject({ name: expect.stringMatching(/Timeout/) });
    expect(await stored()).toBe(1);
    const again = await api.publishCast(request);
    expect(await stored()).toBe(1);
    expect(again.cast.text).toBe('stored though silent');
  });

  it('never faults the developer controls, and refuses a bad rule with a 400 naming the field', async () => {
    e.faults.add({ path: '/*', effect: 'error', status: 500 });
    expect((await call('/_emulator/faults')).status).toBe(200);
    e.faults.clear();
    for (const [rule, property] of [
      [{ operation: 'x', effect: 'explode' }, 'effect'],
      [{ operation: 'submitMessage', effect: 'drop' }, 'operation'],
      [{ effect: 'error' }, 'operation'],
      [{ operation: 'castSearch', effect: 'error', status: 500 }, 'operation'],
      [{ operation: 'searchCasts', effect: 'error', status: 299 }, 'status'],
      [{ operation: 'searchCasts', effect: 'error', probability: 2 }, 'probability'],
      [{ operation: 'searchCasts', effect: 'latency' }, 'latencyMs'],
      [{ operation: 'searchCasts', effect: 'drop', times: 0 }, 'times'],
      [{ path: 'v2', effect: 'drop' }, 'path'],
      [{ operation: 'searchCasts', effect: 'drop', colour: 'red' }, 'colour'],
    ] as const) {
      const reply = await addFault(rule);
      expect([reply.status, reply.body.property]).toEqual([400, property]);
    }
    expect((await call('/_emulator/faults/f999', { method: 'DELETE' })).status).toBe(404);
  });

  it('answers hub submitMessage with 200 but keeps nothing under not-stored', async () => {
    const before = await messageCount();
    e.faults.add({ operation: 'publishMessage', effect: 'not-stored' });
    // A follow signed by alice's signer, sent as the protobuf bytes a client sends.
    const built = await actAs(e.store, alice.signerUuid).build.follow(3);
    const res = await fetch(`${e.url}/v1/submitMessage`, {
      method: 'POST',
      headers: { 'x-api-key': e.apiKey, 'content-type': 'application/octet-stream' },
      body: Message.encode(built).finish(),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { hash: string }).hash).toMatch(/^0x/);
    expect(await messageCount()).toBe(before);
  });
});
