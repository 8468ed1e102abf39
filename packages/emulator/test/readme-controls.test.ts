// The README's table of developer controls against their declaration (src/control/routes.ts) and
// what the emulator serves: every declared control, public as declared; every other /_emulator route
// served (the pages), public as served; and each answering over HTTP as a route, not as "no route".
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlRoutes, controlSpec } from '../src/control/routes.js';
import { type Emulator, startEmulator } from '../src/index.js';
import { emulatorRoutes } from '../src/server/routes.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const table = readme.slice(readme.indexOf('<!-- controls:start'), readme.indexOf('<!-- controls:end'));
const rows = [...table.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) \| `([^`]+)` \| (.*) \|$/gm)].map((m) => ({
  route: `${m[1]} ${m[2]}`,
  isPublic: m[3]!.startsWith('*public*'),
}));

/** A value for each path parameter, so that a documented path can be requested. */
const PARAMS: Record<string, string> = {
  name: 'probe',
  id: '1',
  fid: '1',
  uuid: '00000000-0000-4000-8000-000000000009',
  file: 'probe.svg',
  webhook_id: 'PROBE',
  page: 'probe',
  slug: 'probe',
  network: 'base',
  address: '0x0000000000000000000000000000000000000009',
};

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ db: ':memory:' });
});
afterAll(() => emu?.close());

function served() {
  const routes = emulatorRoutes({
    api: [],
    state: { ready: true, seed: 1, seedSize: 'small', origin: emu.url },
    store: emu.store,
    snapshots: emu.snapshots,
    faults: emu.faults,
    rateLimits: emu.rateLimits,
  });
  return routes.filter((r) => r.path.startsWith('/_emulator/'));
}

const declared = new Set<string>(controlRoutes());

describe('the README table of developer controls', () => {
  it('lists every declared control, public where the declaration says so', () => {
    const listed = rows.filter((r) => declared.has(r.route));
    expect(listed.map((r) => r.route).sort()).toEqual([...declared].sort());
    expect(
      listed
        .filter((r) => r.isPublic)
        .map((r) => r.route)
        .sort(),
    ).toEqual(
      controlRoutes()
        .filter((r) => controlSpec(r).door === 'public')
        .sort(),
    );
  });

  it('lists every /_emulator route the emulator serves, and no other', () => {
    expect(rows.length).toBeGreaterThan(30);
    expect(rows.map((r) => r.route).sort()).toEqual(
      served()
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    );
  });

  it('marks public exactly the routes that need no API key', () => {
    const open = served()
      .filter((r) => r.door === 'public')
      .map((r) => `${r.method} ${r.path}`);
    expect(
      rows
        .filter((r) => r.isPublic)
        .map((r) => r.route)
        .sort(),
    ).toEqual(open.sort());
  });

  it('has each route it lists answered by that route over HTTP', async () => {
    for (const { route } of rows) {
      const [method, template] = route.split(' ') as [string, string];
      const path = template.replace(/:(\w+)/g, (_, name: string) => {
        const value = PARAMS[name];
        if (!value) throw new Error(`no probe value for :${name} in ${route}`);
        return value;
      });
      const res = await fetch(`${emu.url}${path}`, {
        method,
        headers: { 'x-api-key': emu.apiKey, 'content-type': 'application/json' },
        body: method === 'GET' ? undefined : '{}',
        redirect: 'manual',
      });
      // The router's own 404 says "no route for"; a handler's 404 (no such snapshot) is a route answering.
      expect(/no route for/.test(await res.text()), route).toBe(false);
      expect(res.status, route).not.toBe(405);
      expect(res.status, route).toBeLessThan(500);
    }
  });
});
