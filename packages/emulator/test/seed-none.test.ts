// `seedSize: 'none'` (castkit dev --seed-size none): an emulator with no generated data, holding only
// what is written or imported into it, and empty again after a reset.
import { createControlClient } from '@castkit/emulator/control';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { serve } from '../src/cli.js';
import { type Emulator, startEmulator } from '../src/index.js';

let e: Emulator;
beforeAll(async () => {
  e = await startEmulator({ db: ':memory:', seedSize: 'none' });
});
afterAll(() => e?.close());

const filled = (tables: Record<string, number>) =>
  Object.entries(tables)
    .filter(([, n]) => n > 0)
    .map(([t]) => t);

it('starts with no user, cast, link, reaction, channel or message, and says its seed size is none', async () => {
  const control = createControlClient({ baseUrl: e.url, apiKey: e.apiKey });
  expect((await control.call('GET /_emulator/health')).seedSize).toBe('none');
  expect(filled((await control.call('GET /_emulator/stats')).tables)).toEqual(['meta']);
  const users = await fetch(`${e.url}/v2/farcaster/user/bulk?fids=1,2,3`, {
    headers: { 'x-api-key': e.apiKey },
  });
  expect(((await users.json()) as { users: unknown[] }).users).toEqual([]);
});

it('is empty again after a reset', async () => {
  const control = createControlClient({ baseUrl: e.url, apiKey: e.apiKey });
  await control.call('POST /_emulator/reset');
  expect(filled((await control.call('GET /_emulator/stats')).tables)).toEqual(['meta']);
});

it('refuses a seed size it does not know, naming the three it does', async () => {
  await expect(serve({ 'seed-size': 'tiny', db: ':memory:', port: '0' })).rejects.toThrow(
    '--seed-size must be small, large or none, got "tiny"',
  );
});
