// `castkit snapshot ...` and `castkit reset` as their own processes against a running `castkit dev`,
// which also takes the harness's flags (--fault here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { castkit, recordingServer, startDev } from './support/castkit.js';

const SIGNER = '00000000-0000-4000-8000-000000000001';

let dev: Awaited<ReturnType<typeof startDev>>;
beforeAll(async () => {
  dev = await startDev([
    '--port',
    '0',
    '--db',
    ':memory:',
    '--fault',
    'operation=fetchBulkUsers,effect=error,status=503,times=1',
  ]);
}, 60_000);
afterAll(() => {
  dev?.child.kill('SIGTERM');
});

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${dev.url}${path}`, {
    ...init,
    headers: { 'x-api-key': 'castkit-dev-key', 'content-type': 'application/json' },
  });
const snapshot = (...args: string[]) => castkit(['snapshot', ...args, '--base-url', dev.url]);
async function publish(text: string): Promise<string> {
  const res = await api('/v2/farcaster/cast', {
    method: 'POST',
    body: JSON.stringify({ signer_uuid: SIGNER, text }),
  });
  expect(res.status).toBe(200);
  return (await res.json()).cast.hash;
}
const castStatus = async (hash: string) =>
  (await api(`/v2/farcaster/cast?identifier=${hash}&type=hash`)).status;

describe('castkit dev with --fault', () => {
  it('answers the faulted operation with the rule, then normally', async () => {
    expect((await api('/v2/farcaster/user/bulk?fids=1')).status).toBe(503);
    expect((await api('/v2/farcaster/user/bulk?fids=1')).status).toBe(200);
  });
});

describe('castkit snapshot and castkit reset', () => {
  it('save a state, list it, restore it (undoing what came after) and delete it', async () => {
    const before = await publish('before the snapshot');
    const saved = await snapshot('save', 'before');
    expect(saved).toMatchObject({ code: 0, stdout: 'saved snapshot before\n' });
    const after = await publish('after the snapshot');

    const listed = await snapshot('list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^before\s+\d{4}-\d\d-\d\dT/);

    const restored = await snapshot('restore', 'before');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/^restored before: [1-9]\d* rows in \d+ ms/);
    expect([await castStatus(before), await castStatus(after)]).toEqual([200, 404]);

    expect(await snapshot('delete', 'before')).toMatchObject({
      code: 0,
      stdout: 'deleted snapshot before\n',
    });
    expect((await snapshot('list')).stdout).toBe('no snapshots\n');
  }, 60_000);

  it('reset returns to the seed and drops the snapshots', async () => {
    const hash = await publish('gone after reset');
    expect((await snapshot('save', 'kept-until-reset')).code).toBe(0);
    const reset = await castkit(['reset', '--base-url', dev.url]);
    expect(reset.code).toBe(0);
    expect(reset.stdout).toMatch(/^restored the seed: [1-9]\d* rows in \d+ ms; dropped kept-until-reset/);
    expect(await castStatus(hash)).toBe(404);
  }, 60_000);

  it('exit 1 naming the problem for an unknown snapshot or no emulator at the URL', async () => {
    const [missing, nobody] = await Promise.all([
      snapshot('restore', 'never-saved'),
      castkit(['reset', '--base-url', 'http://127.0.0.1:9']),
    ]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/404: .*never-saved/);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain('no castkit emulator answered at http://127.0.0.1:9');
  }, 60_000);

  it('exit 2 for a missing or unknown action or name, or a name the emulator refuses; --help exits 0 and sends nothing', async () => {
    const recorder = await recordingServer();
    const runs = await Promise.all([
      snapshot(),
      snapshot('save'),
      snapshot('rewind', 'x'),
      snapshot('list', 'extra'),
      castkit(['reset', 'extra', '--base-url', dev.url]),
      castkit(['snapshot', 'save', 'x', '--help', '--base-url', recorder.url]),
      castkit(['reset', '--help', '--base-url', recorder.url]),
    ]);
    await recorder.close();
    expect(recorder.seen).toEqual([]);
    expect(runs.map((r) => r.code)).toEqual([2, 2, 2, 2, 2, 0, 0]);
    expect(runs[1]!.stderr).toContain('castkit snapshot save needs a <name>');
    expect(runs[2]!.stderr).toContain('unknown action "rewind"');
    expect(runs[5]!.stdout).toContain('usage: castkit snapshot save|restore|delete <name> | list');
    expect(runs[6]!.stdout).toContain('usage: castkit reset');
    const [badName, badChars] = await Promise.all([
      snapshot('save', '../etc'),
      snapshot('save', 'bad name!'),
    ]);
    for (const bad of [badName, badChars]) {
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('a snapshot name is 1-64 letters, digits, ".", "_" or "-"');
    }
    expect((await snapshot('list')).stdout).toBe('no snapshots\n');
  }, 90_000);
});
