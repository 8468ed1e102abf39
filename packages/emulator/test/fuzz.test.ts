// Hostile parameters and bodies on every operation of both APIs (the SDK's operation tables) and
// every developer control (the emulator's one route list): whatever comes in, the answer is never a
// 5xx. Seeded, so a failure names the request that repeats it.
import { hubOperations, type OperationSpec, v2Operations } from '@castkit/sdk/2.x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentTypeOf } from '../src/hydrate/embed-metadata.js';
import { type Emulator, startEmulator } from '../src/index.js';
import { metaTags } from '../src/miniapps/meta-tags.js';
import { Prng } from '../src/seed/prng.js';
import { emulatorRoutes } from '../src/server/routes.js';
import { type HostileRequest, hostileControlRequests, hostileOperationRequests } from './support/hostile.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ db: ':memory:', webhooks: { attemptTimeoutMs: 500, maxAttempts: 1 } });
});
afterAll(() => emu.close());

/** Sends every request, a few at a time; the ones answered 5xx (or not at all), with why. */
async function failures(requests: HostileRequest[]): Promise<string[]> {
  const bad: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const r = requests[next++]!;
      try {
        const res = await fetch(`${emu.url}${r.path}`, {
          method: r.method,
          headers: { 'x-api-key': emu.apiKey, ...r.headers },
          body: r.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
        });
        const text = await res.text();
        if (res.status >= 500) bad.push(`${r.why} -> ${res.status} ${text.slice(0, 120)}`);
      } catch (e) {
        bad.push(`${r.why} -> ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return bad;
}

const operations: OperationSpec[] = [...Object.values(v2Operations), ...Object.values(hubOperations)];

it('answers no hostile parameter or body on any operation of either API with a 5xx', async () => {
  const prng = new Prng(26);
  const requests = operations.flatMap((op) => hostileOperationRequests(op, prng, 1));
  expect(requests.length).toBeGreaterThan(3500);
  expect(await failures(requests)).toEqual([]);
}, 120_000);

it('answers no hostile path, query or body on any developer control with a 5xx', async () => {
  const prng = new Prng(2026);
  const controls = emulatorRoutes({
    api: [],
    state: { ready: true, seed: 1, seedSize: 'small', origin: emu.url },
    store: emu.store,
    snapshots: emu.snapshots,
    faults: emu.faults,
    rateLimits: emu.rateLimits,
  }).filter((r) => r.path.startsWith('/_emulator/'));
  expect(controls.length).toBeGreaterThan(30);
  const hook = await fetch(`${emu.url}/v2/farcaster/webhook`, {
    method: 'POST',
    headers: { 'x-api-key': emu.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'fuzz', url: 'http://127.0.0.1:1/', subscription: {} }),
  });
  const probes = {
    webhook_id: ((await hook.json()) as { webhook: { webhook_id: string } }).webhook.webhook_id,
  };
  const requests = controls.flatMap((route) => hostileControlRequests(route, prng, probes, 2));
  expect(requests.length).toBeGreaterThan(1000);
  expect(await failures(requests)).toEqual([]);
  // Nothing a hostile body did leaves the clock unusable.
  expect((await fetch(`${emu.url}/_emulator/clock`, { headers: { 'x-api-key': emu.apiKey } })).status).toBe(
    200,
  );
}, 120_000);

describe('the reported 500s', () => {
  const get = async (path: string) => {
    const res = await fetch(`${emu.url}${path}`, { headers: { 'x-api-key': emu.apiKey } });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('are 400s naming the parameter: a hub enum spelled as a prototype key, a v2 limit of 0 or less', async () => {
    for (const [path, property] of [
      ['/v1/reactionsByFid?fid=1&reaction_type=constructor', 'reaction_type'],
      ['/v1/reactionsByFid?fid=1&reaction_type=__proto__', 'reaction_type'],
      ['/v1/linksByFid?fid=1&link_type=toString', 'link_type'],
      ['/v1/userDataByFid?fid=1&user_data_type=constructor', 'user_data_type'],
      ['/v1/onChainEventsByFid?fid=1&event_type=__proto__', 'event_type'],
      ['/v2/farcaster/frame/catalog?limit=0', 'limit'],
      ['/v2/farcaster/frame/search?q=a&limit=-1', 'limit'],
      ['/v2/farcaster/user/by_location?latitude=1&longitude=1&limit=0', 'limit'],
      ['/_emulator/miniapps/1/notifications?limit=1.5', 'limit'],
    ] as const) {
      const reply = await get(path);
      const named = reply.body.property ?? reply.body.details;
      expect([path, reply.status]).toEqual([path, 400]);
      expect(String(named)).toContain(property);
    }
  });

  it('take a filter field named like a prototype key as unknown', async () => {
    const res = await fetch(`${emu.url}/v2/farcaster/webhook`, {
      method: 'POST',
      headers: { 'x-api-key': emu.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'p',
        url: 'http://127.0.0.1:1/',
        subscription: { 'cast.created': { constructor: [1] } },
      }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { property: string }).property).toBe(
      'subscription.cast.created.constructor',
    );
  });

  it('leave page text with a reference past U+10FFFF or a prototype-named entity as written', () => {
    const tags = metaTags('<meta property="og:title" content="&#99999999; &constructor; &amp;">');
    expect(tags.get('og:title')).toBe('&#99999999; &constructor; &');
    expect(contentTypeOf('http://127.0.0.1/file.constructor')).toBe('text/html');
  });
});
