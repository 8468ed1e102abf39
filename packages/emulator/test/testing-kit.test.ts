import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildWhatIsStale } from '../../cli/test/support/built-packages.js';
import { SEED_USERS, useEmulator } from '../src/testing/index.js';

const examples = fileURLToPath(new URL('../examples/', import.meta.url));
const emu = useEmulator({ beforeAll, afterAll, beforeEach });
// The examples import `@castkit/emulator/testing` as a user does, from the package's build: rebuilt
// first when its sources are newer, and never read while another test file's rebuild empties dist/.
beforeAll(() => buildWhatIsStale(['@castkit/sdk', '@castkit/emulator']), 300_000);

/** Runs a command in examples/ as a developer would; its output when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(command, args, { cwd: examples, encoding: 'utf8', timeout: 240_000, env });
  return { code: r.status, out: `${r.stdout}\n${r.stderr}` };
}

describe('the test kit', () => {
  let written: string;

  it('makes users, casts and follows through the API', async () => {
    const erin = await emu.fixtures.user({ username: 'erin', bio: 'kit user' });
    written = await emu.fixtures.cast(erin, 'kit cast');
    await emu.fixtures.follow(SEED_USERS[0], erin.fid);
    const { users } = await emu.api.fetchBulkUsers({ fids: [erin.fid] });
    expect(users[0]).toMatchObject({
      username: 'erin',
      follower_count: 1,
      profile: { bio: { text: 'kit user' } },
    });
    await emu.clock.freeze(0);
    emu.faults.add({ operation: 'fetchBulkUsers', effect: 'error', status: 500 });
  });

  it('starts each test from the seed, with no fault rules and real time', async () => {
    await expect(
      emu.api.lookupCastByHashOrWarpcastUrl({ identifier: written, type: 'hash' }),
    ).rejects.toMatchObject({
      status: 404,
    });
    expect(emu.faults.list()).toEqual([]);
    expect(emu.clock.state().frozen).toBe(false);
    expect((await emu.api.fetchBulkUsers({ fids: [1] })).users[0]!.username).toBe('alice');
  });

  it('calls the developer controls over HTTP through its typed client, on the same emulator', async () => {
    const { fault } = await emu.control.call('POST /_emulator/faults', {
      body: { operation: 'fetchBulkUsers', effect: 'error', status: 503 },
    });
    expect(emu.faults.list().map((f) => f.id)).toEqual([fault.id]);
    await expect(emu.api.fetchBulkUsers({ fids: [1] })).rejects.toMatchObject({ status: 503 });
  });

  it('runs the node:test example', () => {
    const r = run(process.execPath, ['--import', 'tsx', '--test', 'node-test.example.ts']);
    expect(r.out).toMatch(/# pass 2/);
    expect(r.code, r.out).toBe(0);
  }, 120_000);

  it('runs the vitest example', () => {
    const vitest = fileURLToPath(new URL('../../../node_modules/vitest/vitest.mjs', import.meta.url));
    const r = run(process.execPath, [vitest, 'run', '--config', 'vitest.config.ts']);
    expect(r.out).toMatch(/3 passed/);
    expect(r.code, r.out).toBe(0);
  }, 120_000);

  it('runs a suite of several files on two workers, saving the seed template the workers start from', () => {
    const cache = mkdtempSync(join(tmpdir(), 'castkit-kit-cache-'));
    try {
      const vitest = fileURLToPath(new URL('../../../node_modules/vitest/vitest.mjs', import.meta.url));
      const r = run(process.execPath, [vitest, 'run', '--config', 'vitest.workers.config.ts'], {
        ...process.env,
        CASTKIT_CACHE_DIR: cache,
      });
      expect(r.out).toMatch(/Test Files[^\n]*2 passed/);
      expect(r.out).toMatch(/Tests[^\n]*5 passed/);
      expect(r.code, r.out).toBe(0);
      expect(readdirSync(cache).filter((f) => f.startsWith('small-') && f.endsWith('.db'))).toHaveLength(1);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  }, 240_000);
});
