// What an emulator process loads by the time it answers: Ajv waits for the first JSON body and viem
// for the first operation that signs, hashes ABI data or derives a wallet key, so a start (and a
// process that only reads) pays for neither. The child reports every load of them (support/load-probe.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { loadProbe } from './support/load-probe.js';
import { exited, killAll, launch, type Running } from './support/process.js';

const KEY = 'start-load-key';
const dir = mkdtempSync(join(tmpdir(), 'castkit-start-load-'));
afterAll(() => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

const probe = loadProbe(dir, ['viem', 'ajv']);
const loadedBy = (running: Running): string[] => probe.loaded(running.stderr());

it('starts from a seed template and answers reads without Ajv or viem, loads Ajv at the first JSON body and viem at the first wallet key', async () => {
  // A start with no template seeds, and the seed derives its wallet's address with viem: a first
  // start saves the template the second one opens, like every start after a first one.
  const cache = { ...process.env, CASTKIT_CACHE_DIR: join(dir, 'seeds') };
  const seeding = await launch(':memory:', ['--api-key', KEY], { env: cache });
  seeding.child.kill('SIGTERM');
  await exited(seeding.child);
  const running = await launch(':memory:', ['--api-key', KEY], {
    env: { ...cache, NODE_OPTIONS: probe.nodeOptions },
  });
  const call = (method: string, path: string, body?: object) =>
    fetch(`${running.url}${path}`, {
      method,
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });

  const read = await call('GET', '/v2/farcaster/user/by_username?username=alice');
  expect((await read.json()).user.fid).toBe(1);
  expect(loadedBy(running)).toEqual([]);

  // Checked by Ajv and refused (a write would also load the protocol library, which loads viem).
  const refused = await call('POST', '/v2/farcaster/cast', { signer_uuid: 42, text: 'a body to check' });
  expect(refused.status).toBe(400);
  expect((await refused.json()).property).toBe('signer_uuid');
  expect(loadedBy(running)).toEqual(['ajv']);

  const made = await call('POST', '/_emulator/wallets', { id: 'start-load-wallet' });
  expect(made.status).toBe(201);
  expect((await made.json()).wallet.address).toMatch(/^0x[0-9a-f]{40}$/);
  expect(loadedBy(running)).toEqual(['ajv', 'viem']);
  running.child.kill('SIGTERM');
}, 60_000);
