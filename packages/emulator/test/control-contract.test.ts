// What the declaration of the developer controls (src/control) promises beside its types: it
// bundles for a browser (nothing of Node, nothing else of the emulator), each route declares exactly
// the parameters its path has, the host actions are its routes' own last segments, and the latest
// time it tells clients is the clock's.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  controlRoutes,
  controlSpec,
  HOST_ACTIONS,
  hostActionRoute,
  LATEST_TIME_MS,
  SchemaError,
  splitRoute,
} from '../src/control/index.js';
import { MAX_TIME_MS } from '../src/store/clock.js';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

describe('the declaration of the developer controls', () => {
  it('bundles for a browser from its entry, with the browser build of the SDK and nothing of Node', async () => {
    const result = await build({
      entryPoints: [here('../src/control/index.ts')],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      alias: {
        '@castkit/sdk/2.x': here('../../sdk/src/2x/browser.ts'),
        '@castkit/sdk': here('../../sdk/src/browser.ts'),
      },
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    const emulator = inputs.filter((f) => f.includes('packages/emulator/'));
    expect(emulator.length).toBeGreaterThan(0);
    expect(emulator.filter((f) => !f.includes('packages/emulator/src/control/'))).toEqual([]);
    expect(inputs.filter((f) => f.startsWith('node:') || f.includes('node_modules'))).toEqual([]);
  });

  it('gives each route with :name segments a schema for exactly those, and none to the others', () => {
    for (const route of controlRoutes()) {
      const names = [...splitRoute(route).path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const params = controlSpec(route).params;
      expect([route, params === undefined]).toEqual([route, names.length === 0]);
      if (!params) continue;
      // Every declared parameter is required: the path's own names, as text, are what it takes.
      const sample = Object.fromEntries(names.map((n) => [n, '1']));
      expect(() => params.parse(sample, '')).not.toThrow();
      for (const n of names) {
        const { [n]: _, ...without } = sample;
        expect(() => params.parse(without, '')).toThrow(SchemaError);
      }
    }
  });

  it('has one route per host action, named by the action, and no other route acting as a user', () => {
    const asUser = controlRoutes().filter((r) => r.includes('/users/:fid/'));
    expect(asUser.sort()).toEqual(HOST_ACTIONS.map(hostActionRoute).sort());
  });

  it('tells clients the clock’s own latest time', () => {
    expect([LATEST_TIME_MS, new Date(LATEST_TIME_MS).toISOString()]).toEqual([
      MAX_TIME_MS,
      '2157-02-07T06:28:15.000Z',
    ]);
  });
});
