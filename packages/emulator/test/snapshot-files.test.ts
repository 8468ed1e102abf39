// Portable snapshot files over HTTP: /_emulator/snapshots/:name/export and /_emulator/export give a
// file another emulator takes at /_emulator/import, holding the data as it was at that snapshot
// (or now), and nothing else is taken: no SQLite file, no castkit database, a newer schema.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, SEED_USERS, type Store, startEmulator } from '../src/index.js';
import { tableDigests } from './support/table-digests.js';

const [alice] = SEED_USERS;
/** An import rewrites every row of the seed: seconds each on a busy machine. */
const SLOW = 120_000;
const dir = mkdtempSync(join(tmpdir(), 'castkit-snapshot-files-'));

/** Every data table's rows: one hash per table, whatever their rowids. */
const digest = (store: Store) => tableDigests(store, { rowids: false });

let e: Emulator;
let api: NeynarAPIClient;
beforeAll(async () => {
  e = await startEmulator({ db: ':memory:' });
  // With the SDK's default retries: an import holds this process (client and server) for seconds,
  // after which the server's keep-alive timer may close a socket the client is reusing (ECONNRESET).
  api = new NeynarAPIClient({ apiKey: e.apiKey, baseUrl: `${e.url}/v2` });
});
afterAll(async () => {
  await e?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  type: string | undefined;
  bytes: Buffer;
  json(): any;
}

/** One request on a connection of its own, the answer's bytes kept as they are. */
function call(path: string, init: { method?: string; type?: string; body?: Buffer | string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const headers = {
      'x-api-key': e.apiKey,
      ...(init.type ? { 'content-type': init.type } : {}),
      ...(body ? { 'content-length': body.length } : {}),
    };
    const req = httpRequest(
      `${e.url}${path}`,
      { method: init.method ?? 'GET', headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const type = res.headers['content-type'];
          resolve({ status: res.statusCode ?? 0, type, bytes, json: () => JSON.parse(bytes.toString()) });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function exported(path: string): Promise<Buffer> {
  const res = await call(path);
  expect(res.status).toBe(200);
  expect(res.type).toBe('application/vnd.sqlite3');
  return res.bytes;
}

const upload = (bytes: Buffer, query = '') =>
  call(`/_emulator/import${query}`, { method: 'POST', type: 'application/vnd.sqlite3', body: bytes });

const text = async (hash: string) =>
  api.lookupCastByHashOrWarpcastUrl({ identifier: hash, type: 'hash' }).then(
    (r) => r.cast.text,
    (error: { status?: number }) => error.status ?? String(error),
  );

const save = (name: string) =>
  call('/_emulator/snapshots', { method: 'POST', type: 'application/json', body: JSON.stringify({ name }) });

const names = async () =>
  (await call('/_emulator/snapshots')).json().snapshots.map((s: { name: string }) => s.name);

describe('portable snapshot files', () => {
  it(
    'export a snapshot as it was when taken, and the current state; an import brings either back',
    async () => {
      const kept = await api.publishCast({ signerUuid: alice!.signerUuid, text: 'in the snapshot' });
      expect((await save('shared')).status).toBe(201);
      const atSnapshot = digest(e.store);
      const later = await api.publishCast({ signerUuid: alice!.signerUuid, text: 'after the snapshot' });
      const now = digest(e.store);
      expect(now).not.toEqual(atSnapshot);

      const snapshot = await exported('/_emulator/snapshots/shared/export');
      const current = await exported('/_emulator/export');
      await save('other');

      const res = await upload(snapshot, '?name=team');
      expect(res.json()).toEqual({
        status: 'imported',
        snapshot: 'team',
        dropped: ['shared', 'other'],
      });
      expect(digest(e.store)).toEqual(atSnapshot);
      expect(await names()).toEqual(['team']);
      expect(await text(kept.cast.hash)).toBe('in the snapshot');
      expect(await text(later.cast.hash)).toBe(404);
      // The import is what reset returns to, and what its name restores.
      await api.publishCast({ signerUuid: alice!.signerUuid, text: 'scratch' });
      await call('/_emulator/snapshots/team/restore', { method: 'POST' });
      expect(digest(e.store)).toEqual(atSnapshot);
      await api.publishCast({ signerUuid: alice!.signerUuid, text: 'scratch' });
      await call('/_emulator/reset', { method: 'POST' });
      expect(digest(e.store)).toEqual(atSnapshot);

      expect((await upload(current)).status).toBe(200);
      expect(digest(e.store)).toEqual(now);
      expect(await text(later.cast.hash)).toBe('after the snapshot');
    },
    SLOW,
  );

  it(
    'carry the schema version and the seed, and none of the undo log',
    async () => {
      const file = join(dir, 'current.db');
      writeFileSync(file, await exported('/_emulator/export'));
      const db = new Database(file, { readonly: true });
      try {
        const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all();
        expect(tables.filter((t) => String(t).startsWith('undo_t_'))).toEqual([]);
        expect(db.prepare('SELECT COUNT(*) FROM undo_marks').pluck().get()).toBe(0);
        expect(db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get()).toBe(
          e.db.prepare('SELECT MAX(version) FROM schema_migrations').pluck().get(),
        );
        expect(db.prepare(`SELECT value FROM meta WHERE key = 'seed'`).pluck().get()).toBe('1');
        expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
      } finally {
        db.close();
      }
    },
    SLOW,
  );

  it(
    'refuse a file that is no SQLite database, no castkit database, or of a newer schema, and change nothing',
    async () => {
      const before = digest(e.store);
      const notSqlite = await upload(Buffer.from('{"users":[]}'));
      expect(notSqlite.status).toBe(400);
      expect(notSqlite.json().message).toBe(
        'the uploaded file is not a castkit emulator database (not a SQLite database)',
      );

      const other = join(dir, 'other.db');
      const foreign = new Database(other);
      foreign.exec('CREATE TABLE notes (body TEXT)');
      foreign.close();
      const notCastkit = await upload(readFileSync(other));
      expect(notCastkit.json().message).toBe(
        'the uploaded file is not a castkit emulator database (no castkit emulator tables)',
      );

      const newer = join(dir, 'newer.db');
      writeFileSync(newer, await exported('/_emulator/export'));
      const db = new Database(newer);
      db.prepare(`INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 0)`).run();
      db.close();
      const tooNew = await upload(readFileSync(newer));
      expect(tooNew.status).toBe(400);
      expect(tooNew.json().message).toMatch(
        /^the uploaded file has schema version 999, newer than this castkit's \d+: upgrade castkit to import it$/,
      );
      expect(digest(e.store)).toEqual(before);
    },
    SLOW,
  );

  it('name what is wrong with a snapshot name or an unknown snapshot', async () => {
    const bad = await upload(Buffer.from('x'), '?name=bad%20name!');
    expect(bad.status).toBe(400);
    expect(bad.json().property).toBe('name');
    const missing = await call('/_emulator/snapshots/nope/export');
    expect(missing.status).toBe(404);
    expect(missing.json().message).toBe('no snapshot named nope');
  });

  it('refuse a query they do not take with a 400 naming it, before writing any file', async () => {
    for (const [path, named] of [
      ['/_emulator/export?limit=1', 'limit'],
      ['/_emulator/export?cursor=a&fid=1', 'cursor,fid'],
      ['/_emulator/snapshots/nope/export?status=x', 'status'],
    ] as const) {
      const reply = await call(path);
      expect([path, reply.status]).toEqual([path, 400]);
      expect(reply.json().property).toBe(named);
      expect(reply.json().message).toContain('takes no query');
    }
    const upload = await call('/_emulator/import?nam=typo', { method: 'POST', body: 'x' });
    expect(upload.status).toBe(400);
    expect(upload.json().property).toBe('nam');
  });
});
