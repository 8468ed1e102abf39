// Both spec generations' paths, with and without the trailing slash, reach the same operation on
// both APIs; a request is judged by the spec of the generation whose path form it used; 3.x
// operations without a handler answer 501 naming them (hosted products saying so).
import type { ParamSpec } from '@castkit/sdk/2.x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationRoutes } from '../src/api/dispatch.js';
import { generationsOf, operationTable, rootPath } from '../src/api/operations.js';
import { Router } from '../src/edge/router.js';
import { hubHandlers } from '../src/hub/index.js';
import { Store } from '../src/store/store.js';
import { v2Handlers } from '../src/v2/index.js';
import { type Client, startTestEmulator } from './helpers.js';

let c: Client;
beforeAll(async () => {
  c = await startTestEmulator();
});
afterAll(() => c.emulator.close());

/** Sends a request with the API key; JSON body when given. */
async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(path, c.emulator.url), {
    method,
    headers: {
      'x-api-key': c.emulator.apiKey,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const toggled = (path: string) => (path.endsWith('/') ? path.slice(0, -1) : `${path}/`);
const routed = (path: string) => path.replace(/\{(\w+)\}/g, 'x');

describe('the operation table', () => {
  it('holds every operation of both generations once, the renamed cast lookup as one', () => {
    const byGeneration = (g: '2.44' | '3.x', api: 'v2' | 'hub') =>
      operationTable.filter((op) => op.api === api && op.specs[g]).length;
    expect([byGeneration('2.44', 'v2'), byGeneration('3.x', 'v2')]).toEqual([122, 174]);
    expect([byGeneration('2.44', 'hub'), byGeneration('3.x', 'hub')]).toEqual([25, 25]);
    const v2 = operationTable.filter((op) => op.api === 'v2');
    // 107 in common (the renamed lookup among them), 15 only 2.44's, 67 only 3.x's.
    expect(v2.filter((op) => generationsOf(op).length === 2)).toHaveLength(107);
    expect(v2.filter((op) => !op.specs['3.x'])).toHaveLength(15);
    expect(v2.filter((op) => !op.specs['2.44'])).toHaveLength(67);
    expect(v2.filter((op) => op.hosted)).toHaveLength(42);
    const lookup = operationTable.find((op) => op.name === 'lookupCastByHashOrUrl');
    expect(lookup && generationsOf(lookup)).toEqual(['2.44', '3.x']);
    expect(lookup?.specs['2.44']?.name).toBe('lookupCastByHashOrWarpcastUrl');
    expect(operationTable.some((op) => op.name === 'lookupCastByHashOrWarpcastUrl')).toBe(false);
  });

  it("declares the hub's 25 operations alike in both generations, so judging them by 2.44's loses nothing", () => {
    const hub = operationTable.filter((op) => op.api === 'hub');
    expect(hub).toHaveLength(25);
    const strip = (p: ParamSpec) => [p.name, p.in, p.required, p.type, p.enum, p.default];
    for (const op of hub) {
      const [old, now] = [op.specs['2.44'], op.specs['3.x']];
      expect(now && old && [now.method, now.path, now.body?.kind], op.name).toEqual([
        old?.method,
        old?.path,
        old?.body?.kind,
      ]);
      expect(now?.params.map(strip), op.name).toEqual(old?.params.map(strip));
    }
  });

  it('routes every declared path of every operation, and its trailing-slash twin, to that operation', () => {
    const store = new Store({ path: ':memory:' });
    try {
      const router = new Router();
      router.addAll(operationRoutes(store, v2Handlers, hubHandlers));
      const misrouted: string[] = [];
      for (const op of operationTable) {
        const names = new Set(Object.values(op.specs).map((s) => s.name));
        for (const spec of Object.values(op.specs)) {
          for (const path of [rootPath(spec), toggled(rootPath(spec))].map(routed)) {
            const m = router.match(op.method, path);
            if (!m || !('route' in m) || !names.has(m.route.operation))
              misrouted.push(`${op.method} ${path} (${op.name})`);
          }
        }
      }
      expect(misrouted).toEqual([]);
    } finally {
      store.close();
    }
  });
});

describe('path forms over HTTP', () => {
  it('a v2 operation answers the same at 2.44 and 3.x paths, with or without the trailing slash', async () => {
    const user = await send('GET', '/v2/farcaster/user/by_username?username=alice');
    expect(user.status).toBe(200);
    const forms = [
      '/v2/farcaster/user/by_username?username=alice',
      '/v2/farcaster/user/by_username/?username=alice',
    ];
    for (const path of forms) {
      const r = await send('GET', path);
      expect(r.status, path).toBe(200);
      expect(r.body.user.fid, path).toBe(user.body.user.fid);
    }
  });

  it('the renamed cast lookup answers at both generations’ paths', async () => {
    const feed = await send('GET', '/v2/farcaster/feed/trending?limit=1');
    const hash = feed.body.casts[0].hash;
    for (const path of ['/v2/farcaster/cast', '/v2/farcaster/cast/']) {
      const r = await send('GET', `${path}?identifier=${hash}&type=hash`);
      expect(r.status, path).toBe(200);
      expect(r.body.cast.hash).toBe(hash);
    }
  });

  it('a hub path answers with or without its trailing slash', async () => {
    for (const path of [
      '/v1/info?dbstats=false',
      '/v1/info/?dbstats=false',
      '/v1/castsByFid?fid=1',
      '/v1/castsByFid/?fid=1',
    ]) {
      const r = await send('GET', path);
      expect(r.status, path).toBe(200);
    }
  });

  it('an operation 3.x dropped keeps serving 2.44 callers, in either form', async () => {
    for (const path of ['/v2/farcaster/user/power?limit=2', '/v2/farcaster/user/power/?limit=2']) {
      const r = await send('GET', path);
      expect(r.status, path).toBe(200);
      expect(r.body.users.length, path).toBeGreaterThan(0);
    }
  });

  it("a request in 3.x's path form is judged by 3.174's spec, in 2.44's by 2.44's", async () => {
    // 3.174 requires the x-wallet-id header on register-account; 2.44 did not know it.
    const as3 = await send('POST', '/v2/farcaster/user/', {});
    expect(as3.status).toBe(400);
    expect(as3.body).toMatchObject({ property: 'x-wallet-id', message: 'x-wallet-id is required' });
    const as2 = await send('POST', '/v2/farcaster/user', {});
    expect(as2.status).toBe(400);
    expect(as2.body.property).not.toBe('x-wallet-id');
  });

  it("3.x's repeated-key arrays are read as one list", async () => {
    const alice = (await send('GET', '/v2/farcaster/user/by_username?username=alice')).body.user;
    const byAddress = `/v2/farcaster/user/bulk-by-address/?addresses=${alice.custody_address}`;
    const r = await send('GET', `${byAddress}&address_types=custody_address&address_types=verified_address`);
    expect(r.status).toBe(200);
    expect(r.body[alice.custody_address][0].fid).toBe(alice.fid);
    const bad = await send('GET', `${byAddress}&address_types=custody_address&address_types=nonsense`);
    expect(bad.status).toBe(400);
    expect(bad.body.property).toBe('address_types');
  });
});

describe('3.x operations without a handler', () => {
  it('answer 501 with the API error body naming the operation', async () => {
    const r = await send('GET', '/v2/farcaster/cast/quotes/?identifier=0xabc&type=hash');
    expect(r.status).toBe(501);
    expect(r.body).toMatchObject({ message: 'fetchCastQuotes is not emulated yet' });
  });

  it('name hosted products as not emulated, in either path form', async () => {
    for (const path of ['/v2/studio/deployment/', '/v2/studio/deployment']) {
      const r = await send('GET', path);
      expect(r.status, path).toBe(501);
      expect(r.body.message).toBe('listDeployments is a Neynar hosted product (studio/portal), not emulated');
    }
    const portal = await send('GET', '/portal/organization/billing');
    expect(portal.status).toBe(501);
    expect(portal.body.message).toMatch(/^billing is a Neynar hosted product/);
  });

  it('reject bad input first, like every operation', async () => {
    const r = await send('GET', '/v2/farcaster/cast/quotes/?type=hash');
    expect(r.status).toBe(400);
    expect(r.body.property).toBe('identifier');
  });

  it('read path parameters of hosted products (no 400 for a parameter in the path)', async () => {
    const r = await send('GET', '/v2/studio/deployment/database/tables/posts/schema?deployment_id=d');
    expect(r.status).toBe(501);
  });
});
