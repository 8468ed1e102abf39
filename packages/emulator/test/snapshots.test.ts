import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataTables, type Emulator, SEED_USERS, Snapshots, Store, startEmulator } from '../src/index.js';
import { tableDigests } from './support/table-digests.js';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const [alice, bob, carol] = SEED_USERS;

// Snapshots must give back the store's rows byte for byte, rowids and tables no API lists included:
// the digest reads them in SQL.
const digest = (store: Store) => tableDigests(store, { rowids: true });

function client(e: Emulator) {
  return new NeynarAPIClient({ apiKey: e.apiKey, baseUrl: `${e.url}/v2`, retries: 0 });
}

async function post(e: Emulator, path: string, body?: unknown, method = 'POST') {
  const res = await fetch(`${e.url}${path}`, {
    method,
    headers: { 'x-api-key': e.apiKey, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

const search = async (api: NeynarAPIClient, word: string) =>
  (await api.searchCasts({ q: word, limit: 10 })).result.casts.map((c) => c.text);

/** Writes of every kind: casts, a reply, likes, follows, profile, signer, an idempotent publish. */
async function scribble(api: NeynarAPIClient, word: string) {
  const { cast } = await api.publishCast({ signerUuid: alice!.signerUuid, text: `${word} one`, idem: word });
  await api.publishCast({ signerUuid: bob!.signerUuid, text: `${word} reply`, parent: cast.hash });
  await api.publishReaction({ signerUuid: carol!.signerUuid, reactionType: 'like', target: cast.hash });
  await api.followUser({ signerUuid: carol!.signerUuid, targetFids: [1] }).catch(() => undefined);
  await api.unfollowUser({ signerUuid: alice!.signerUuid, targetFids: [2] }).catch(() => undefined);
  await api.updateUser({ signerUuid: alice!.signerUuid, bio: `${word} bio` });
  await api.createSigner();
  return cast;
}

describe('reset and snapshots', () => {
  let e: Emulator;
  let api: NeynarAPIClient;
  let seed: Record<string, string>;

  beforeAll(async () => {
    e = await startEmulator({ now: () => NOW });
    api = client(e);
    seed = digest(e.store);
  });
  afterAll(() => e.close());

  it('resets every table to the seed, touching only the rows written since', async () => {
    await scribble(api, 'zebra');
    expect(digest(e.store)).not.toEqual(seed);
    const reply = await post(e, '/_emulator/reset');
    expect(reply.status).toBe(200);
    expect(digest(e.store)).toEqual(seed);
    // The cost follows the writes (tens of rows), not the seed (thousands).
    expect(reply.body.rows).toBeGreaterThan(5);
    expect(reply.body.rows).toBeLessThan(200);
  });

  it('answers from the seed after a reset, with nothing stale from caches, the search index or idem keys', async () => {
    const before = await api.fetchBulkUsers({ fids: [1, 2] });
    const cast = await scribble(api, 'walrus');
    expect(await search(api, 'walrus')).toHaveLength(2);
    expect((await api.fetchBulkUsers({ fids: [1] })).users[0]!.profile.bio.text).toBe('walrus bio');
    e.reset();
    expect(await api.fetchBulkUsers({ fids: [1, 2] })).toEqual(before);
    expect(await search(api, 'walrus')).toEqual([]);
    await expect(
      api.lookupCastByHashOrWarpcastUrl({ identifier: cast.hash, type: 'hash' }),
    ).rejects.toMatchObject({
      status: 404,
    });
    // The idem key is free again: the same request writes a new cast instead of replaying.
    const again = await api.publishCast({ signerUuid: alice!.signerUuid, text: 'otter one', idem: 'walrus' });
    expect(again.cast.text).toBe('otter one');
    // A cast taking the old one's place is found by its own words only.
    expect(await search(api, 'otter')).toEqual(['otter one']);
    expect(await search(api, 'walrus')).toEqual([]);
    e.reset();
  });

  it('restores named snapshots, dropping those taken after the one restored', async () => {
    expect((await post(e, '/_emulator/snapshots', { name: 'first' })).status).toBe(201);
    await api.publishCast({ signerUuid: alice!.signerUuid, text: 'heron in between' });
    const atSecond = digest(e.store);
    await post(e, '/_emulator/snapshots', { name: 'second' });
    await scribble(api, 'ibis');
    expect(
      (await post(e, '/_emulator/snapshots', undefined, 'GET')).body.snapshots.map((s: any) => s.name),
    ).toEqual(['first', 'second']);

    expect((await post(e, '/_emulator/snapshots/second/restore')).body).toMatchObject({
      name: 'second',
      dropped: [],
    });
    expect(digest(e.store)).toEqual(atSecond);
    expect(await search(api, 'heron')).toEqual(['heron in between']);
    // Restoring again works: a snapshot stays until something older is restored.
    await scribble(api, 'crane');
    await post(e, '/_emulator/snapshots/second/restore');
    expect(digest(e.store)).toEqual(atSecond);

    expect((await post(e, '/_emulator/snapshots/first/restore')).body.dropped).toEqual(['second']);
    expect(digest(e.store)).toEqual(seed);
    const gone = await post(e, '/_emulator/snapshots/second/restore');
    expect([gone.status, gone.body.property]).toEqual([404, 'name']);
    expect((await post(e, '/_emulator/snapshots/first', undefined, 'DELETE')).status).toBe(200);
    expect(e.snapshots.list()).toEqual([]);
  });

  it('refuses a bad or unknown snapshot name with a 4xx naming it', async () => {
    for (const [path, body, status] of [
      ['/_emulator/snapshots', {}, 400],
      ['/_emulator/snapshots', { name: '../etc' }, 400],
      ['/_emulator/snapshots', { name: 42 }, 400],
      ['/_emulator/snapshots', { name: '@seed' }, 400],
      ['/_emulator/snapshots/nope/restore', undefined, 404],
    ] as const) {
      const reply = await post(e, path, body);
      expect([path, reply.status, reply.body.property]).toEqual([path, status, 'name']);
    }
  });
});

describe('the undo log of a new database', () => {
  it('makes each table its shadow in one statement, every column with it', () => {
    const store = new Store({ path: ':memory:' });
    try {
      const version = () => Number(store.db.pragma('schema_version', { simple: true }));
      const before = version();
      new Snapshots(store).start();
      // Per table its shadow and three triggers; one pause table. A column added to a shadow by
      // ALTER TABLE parses the whole schema again and would count here too.
      const tables = dataTables(store).length;
      expect(version() - before).toBe(4 * tables + 1);
      const columns = (t: string) =>
        store.db.prepare<[string], string>('SELECT name FROM pragma_table_info(?)').pluck().all(t);
      for (const t of dataTables(store))
        expect(columns(`undo_t_${t}`), t).toEqual(['_seq', '_gen', '_op', '_rid', ...columns(t)]);
    } finally {
      store.close();
    }
  });

  it('is kept as it is by a later start on the same file, with no DDL', () => {
    const dir = mkdtempSync(join(tmpdir(), 'castkit-undo-log-'));
    const file = join(dir, 'recording.db');
    const first = new Store({ path: file });
    new Snapshots(first).start();
    first.close();
    // What a start on a copy of a seed template or a restarted file does: its triggers are there.
    const store = new Store({ path: file });
    try {
      const version = () => Number(store.db.pragma('schema_version', { simple: true }));
      const before = version();
      new Snapshots(store).start();
      expect(version()).toBe(before);
      store.db.prepare(`INSERT INTO meta (key, value) VALUES ('recorded', 'yes')`).run();
      expect(store.db.prepare(`SELECT COUNT(*) FROM undo_t_meta`).pluck().get()).toBe(1);
    } finally {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('snapshots of a database file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'castkit-snapshots-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('resets to the seed after a restart, from the log kept in the file', async () => {
    const db = join(dir, 'restart.db');
    let e = await startEmulator({ db, now: () => NOW });
    const seed = digest(e.store);
    await scribble(client(e), 'gecko');
    await e.close();
    e = await startEmulator({ db, now: () => NOW });
    try {
      expect(digest(e.store)).not.toEqual(seed);
      e.reset();
      expect(digest(e.store)).toEqual(seed);
    } finally {
      await e.close();
    }
  });

  it('exports on exit and starts from the import, which reset then returns to', async () => {
    const file = join(dir, 'export.db');
    const first = await startEmulator({ exportOnExit: file, now: () => NOW });
    const kept = await scribble(client(first), 'lemur');
    const exported = digest(first.store);
    await first.close();

    const e = await startEmulator({ import: file, now: () => NOW });
    try {
      const api = client(e);
      expect(digest(e.store)).toEqual(exported);
      expect(await search(api, 'lemur')).toHaveLength(2);
      await api.publishCast({ signerUuid: bob!.signerUuid, text: 'tapir' });
      e.reset();
      expect(digest(e.store)).toEqual(exported);
      expect(
        (await api.lookupCastByHashOrWarpcastUrl({ identifier: kept.hash, type: 'hash' })).cast.text,
      ).toBe('lemur one');
    } finally {
      await e.close();
    }
  });
});
