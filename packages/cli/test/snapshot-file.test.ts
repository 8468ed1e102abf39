// `castkit snapshot export` in one project folder and `castkit snapshot import` in another, through
// the real CLI and two `castkit dev` processes each keeping its database in its own folder: the
// data read back through the SDK is the snapshot's, and files that are no castkit snapshot, or come
// from a newer castkit, are refused with a sentence and exit code 2.
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromSource } from '../../emulator/test/support/source-build.js';
import { BIN, castkit } from './support/castkit.js';

const ALICE = '00000000-0000-4000-8000-000000000001';
/** Two seeded servers started and a whole database moved, on a busy machine. */
const SLOW = 120_000;

const root = mkdtempSync(join(tmpdir(), 'castkit-projects-'));
const projectA = join(root, 'project-a');
const projectB = join(root, 'project-b');
const children: ChildProcess[] = [];

/** `castkit dev` run in `cwd` with its default database there; resolves with its URL. */
function devIn(cwd: string): Promise<{ child: ChildProcess; url: string }> {
  mkdirSync(cwd, { recursive: true });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...fromSource(BIN), 'dev', '--port', '0'], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url && out.includes('database:')) resolve({ child, url });
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    child.on('exit', (code) => reject(new Error(`castkit dev exited with ${code}:\n${out}`)));
  });
}

let a: { url: string };
let b: { url: string };
beforeAll(async () => {
  [a, b] = await Promise.all([devIn(projectA), devIn(projectB)]);
}, SLOW);
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

const client = (url: string) => new NeynarAPIClient({ apiKey: 'castkit-dev-key', baseUrl: `${url}/v2` });
const textOf = (url: string, hash: string) =>
  client(url)
    .lookupCastByHashOrWarpcastUrl({ identifier: hash, type: 'hash' })
    .then(
      (r) => r.cast.text,
      (error: { status?: number }) => error.status,
    );

describe('castkit snapshot export and import', () => {
  let shared: string;
  let notShared: string;
  const file = join(projectA, 'team.castkit.db');

  it(
    'moves a snapshot from one project folder to another, read back through the SDK',
    async () => {
      shared = (await client(a.url).publishCast({ signerUuid: ALICE, text: 'shared with the team' })).cast
        .hash;
      expect((await castkit(['snapshot', 'save', 'team', '--base-url', a.url])).code).toBe(0);
      notShared = (await client(a.url).publishCast({ signerUuid: ALICE, text: 'kept to myself' })).cast.hash;

      const exported = await castkit(['snapshot', 'export', 'team', file, '--base-url', a.url]);
      expect(exported.stderr).toBe('');
      expect(exported.stdout.trim()).toBe(`exported snapshot team to ${file}`);
      expect(existsSync(`${file}.partial`)).toBe(false);

      const imported = await castkit(['snapshot', 'import', file, 'shared', '--base-url', b.url]);
      expect(imported.stderr).toBe('');
      expect(imported.code).toBe(0);
      expect(imported.stdout.trim()).toBe(
        `imported ${file}: reset now returns to it, saved as snapshot shared`,
      );

      expect(await textOf(b.url, shared)).toBe('shared with the team');
      expect(await textOf(b.url, notShared)).toBe(404);
      // The project it came from is untouched.
      expect(await textOf(a.url, notShared)).toBe('kept to myself');
      expect((await castkit(['snapshot', 'list', '--base-url', b.url])).stdout).toMatch(/^shared\s/);
    },
    SLOW,
  );

  it(
    'exports the current state without a name, and refuses to write over a file',
    async () => {
      const current = join(projectA, 'now.castkit.db');
      const r = await castkit(['snapshot', 'export', current, '--base-url', a.url]);
      expect(r.stdout.trim()).toBe(`exported the current state to ${current}`);
      const again = await castkit(['snapshot', 'export', current, '--base-url', a.url]);
      expect(again.code).toBe(2);
      expect(again.stderr.trim()).toBe(`${current} exists; castkit snapshot export writes a new file`);
    },
    SLOW,
  );

  it(
    'refuses a file that is no castkit snapshot or comes from a newer castkit, and changes nothing',
    async () => {
      const notes = join(root, 'notes.txt');
      writeFileSync(notes, 'not a database\n');
      const text = await castkit(['snapshot', 'import', notes, '--base-url', b.url]);
      expect(text.code).toBe(2);
      expect(text.stderr.trim()).toBe(
        `cannot import ${notes}: the uploaded file is not a castkit emulator database (not a SQLite database)`,
      );

      const newer = join(root, 'newer.castkit.db');
      copyFileSync(file, newer);
      const db = new Database(newer);
      db.prepare(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 0)`).run();
      db.close();
      const future = await castkit(['snapshot', 'import', newer, '--base-url', b.url]);
      expect(future.code).toBe(2);
      expect(future.stderr.trim()).toMatch(
        /^cannot import .*newer\.castkit\.db: the uploaded file has schema version 999, newer than this castkit's \d+: upgrade castkit to import it$/,
      );

      const missing = await castkit(['snapshot', 'import', join(root, 'absent.db'), '--base-url', b.url]);
      expect([missing.code, missing.stderr.trim()]).toEqual([2, `no file ${join(root, 'absent.db')}`]);
      const unknown = await castkit(['snapshot', 'export', 'nope', join(root, 'x.db'), '--base-url', a.url]);
      expect([unknown.code, unknown.stderr.trim()]).toEqual([1, 'error: 404: no snapshot named nope']);
      expect(existsSync(join(root, 'x.db'))).toBe(false);

      expect(await textOf(b.url, shared)).toBe('shared with the team');
    },
    SLOW,
  );
});
