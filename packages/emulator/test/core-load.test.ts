// @farcaster/core loads at an emulator's first write (protocol/core.ts) and takes faker with it:
// each case runs in a fresh process, where nothing has loaded either yet.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const here = fileURLToPath(new URL('..', import.meta.url));
const coreModule = fileURLToPath(new URL('../src/protocol/core.ts', import.meta.url));

function inFreshProcess(script: string): Record<string, unknown> {
  const r = spawnSync(
    process.execPath,
    ['--conditions=castkit-source', '--import', 'tsx', '--input-type=module', '-e', script],
    { encoding: 'utf8', timeout: 120_000, cwd: here },
  );
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '');
}

const report = `
  const { createRequire } = await import('node:module');
  const require = createRequire(${JSON.stringify(coreModule)});
  const loaded = () => Object.keys(require.cache);
  const core = farcasterCore();
  const data = { type: 1, fid: 3, timestamp: 5, network: 1, castAddBody: { text: 'hi', embeds: [], embedsDeprecated: [], mentions: [], mentionsPositions: [] } };
  const roundTrip = core.MessageData.decode(core.MessageData.encode(data).finish()).castAddBody.text;
  const otherLocales = loaded().filter((p) => /faker\\/dist\\/cjs\\/locales\\/(?!en\\/)/.test(p)).length;
  const { faker } = require(require.resolve('@faker-js/faker', { paths: [require.resolve('@farcaster/core')] }));
  console.log(JSON.stringify({ roundTrip, otherLocales, localesAfter: Object.keys(faker.locales).length, factory: typeof core.Factories.CastAddMessage.build }));`;

it('loads @farcaster/core with faker’s English build only, and leaves the full faker to later requires', () => {
  const r = inFreshProcess(`const { farcasterCore } = await import(${JSON.stringify(coreModule)});${report}`);
  expect(r).toEqual({ roundTrip: 'hi', otherLocales: 0, localesAfter: 57, factory: 'function' });
});

it('uses the full faker when the process loaded it before @farcaster/core', () => {
  const r = inFreshProcess(`
    (await import('node:module')).createRequire(${JSON.stringify(coreModule)})('@faker-js/faker');
    const { farcasterCore } = await import(${JSON.stringify(coreModule)});${report}`);
  expect(r).toMatchObject({ roundTrip: 'hi', localesAfter: 57, factory: 'function' });
  expect(r.otherLocales).toBeGreaterThan(1000);
});
