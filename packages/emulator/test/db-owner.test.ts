// One database file, one emulator process: a second process on a file in use exits at once, naming
// the file and the process that has it, and the first goes on serving; a killed owner leaves no
// claim behind. Stores inside one process share a file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseOpenError, SEED_USERS, Store, startEmulator } from '../src/index.js';
import { exited, killAll, launch, run } from './support/process.js';

const dir = mkdtempSync(join(tmpdir(), 'castkit-owner-'));
afterAll(() => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

const KEY = 'castkit-dev-key';

async function publish(url: string, text: string): Promise<number> {
  const res = await fetch(`${url}/v2/farcaster/cast`, {
    method: 'POST',
    body: JSON.stringify({ signer_uuid: SEED_USERS[0].signerUuid, text }),
    headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
  });
  await res.arrayBuffer();
  return res.status;
}

/** A refusal as the CLI prints it: exactly one line, no stack trace. */
function oneLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
  return lines[0]!;
}

describe('one database file, one owner process', () => {
  it('refuses a second emulator on a file in use, naming the file and the first one, while the first keeps serving', async () => {
    const db = join(dir, 'shared.db');
    const first = await launch(db);
    expect(await publish(first.url, 'before the second one tried')).toBe(200);

    const second = await run(db);
    expect(second.code).toBe(1);
    expect(second.stdout).not.toMatch(/listening/);
    const line = oneLine(second.stderr);
    expect(line).toContain(db);
    expect(line).toContain(`process ${first.child.pid} `);
    expect(line).toContain('castkit-emulator.mjs');
    // It gave up without waiting for the first to stop.
    expect(first.child.exitCode).toBeNull();

    expect(await publish(first.url, 'after the second one gave up')).toBe(200);

    // A killed owner leaves no claim: the next process starts on the file and has what was written.
    first.child.kill('SIGKILL');
    await exited(first.child);
    const third = await launch(db);
    try {
      const res = await fetch(`${third.url}/v2/farcaster/feed/user/casts?fid=1&limit=5`, {
        headers: { 'x-api-key': KEY },
      });
      const texts = ((await res.json()) as { casts: { text: string }[] }).casts.map((c) => c.text);
      expect(texts).toContain('after the second one gave up');
      expect(await publish(third.url, 'from the third')).toBe(200);
    } finally {
      third.child.kill('SIGTERM');
      await exited(third.child);
    }
  }, 60_000);

  it('releases the file when startEmulator cannot listen, so another process can take it', async () => {
    const db = join(dir, 'port-in-use.db');
    const holder = await startEmulator({ db: ':memory:' });
    try {
      const port = Number(new URL(holder.url).port);
      await expect(startEmulator({ db, port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
      const next = await launch(db);
      expect(await publish(next.url, 'the file was free')).toBe(200);
      next.child.kill('SIGTERM');
      await exited(next.child);
    } finally {
      await holder.close();
    }
  }, 60_000);

  it('gives startEmulator callers a DatabaseOpenError naming the file and the owner', async () => {
    const db = join(dir, 'typed.db');
    const owner = await launch(db);
    try {
      const error = await startEmulator({ db }).then(
        (e) => e.close().then(() => new Error('it started')),
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DatabaseOpenError);
      expect(error).toMatchObject({ problem: 'in_use', path: db, owner: { pid: owner.child.pid } });
      expect((error as Error).message).toContain(db);
    } finally {
      owner.child.kill('SIGTERM');
      await exited(owner.child);
    }
  }, 60_000);

  it('lets stores in one process share a file, and holds it for them until the last one closes', async () => {
    const db = join(dir, 'in-process.db');
    const a = new Store({ path: db });
    const b = new Store({ path: db });
    a.setMeta('written_by', 'a');
    expect(b.getMeta('written_by')).toBe('a');
    a.close();

    const meanwhile = await run(db);
    expect(meanwhile.code).toBe(1);
    expect(oneLine(meanwhile.stderr)).toContain(`process ${process.pid} `);

    b.close();
    const after = await launch(db);
    after.child.kill('SIGTERM');
    await exited(after.child);
  }, 60_000);
});
