// Messages are stored compactly (migration 18, store/messages-schema.ts): the hash as its 20 bytes
// and the signer once per key. Every in-memory emulator holds a copy of the database image, so the
// columns are pinned here, and what a database from before the migration holds, the log of a mark
// taken before it and a snapshot file written before it, reads back as it was written.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Store, seedStore } from '../src/index.js';
import { migrate } from '../src/store/migrations.js';
import { messageByHash } from '../src/store/queries/messages.js';
import { importDatabase, recordWrites, rollBackToGeneration } from '../src/store/snapshot-marks.js';
import { nextGeneration, startRecording } from '../src/store/undo-log.js';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const dir = mkdtempSync(join(tmpdir(), 'castkit-compact-messages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const stores: Store[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});
const open = (path: string) => {
  const store = new Store({ path });
  stores.push(store);
  return store;
};

/** A message as migrations 1-17 stored it, hash and signer in 0x-hex. */
const hexMessage = (n: number, signer: number) => ({
  hash: `0x${n.toString(16).padStart(40, '0')}`,
  fid: 100 + signer,
  type: 1,
  timestamp: 1_000 + n,
  data_bytes: Buffer.from(`data ${n}`),
  signature: n % 2 ? Buffer.alloc(64, n) : null,
  signer: `0x${signer.toString(16).padStart(64, 'a')}`,
  removed: 0,
});

/** A database file at schema 17 holding `messages`. */
function fileBeforeMigration(name: string, messages: ReturnType<typeof hexMessage>[]): Database.Database {
  const db = new Database(join(dir, name));
  migrate(db, 17);
  const insert = db.prepare(
    `INSERT INTO messages (hash, fid, type, timestamp, data_bytes, signature, signer, removed)
     VALUES (@hash, @fid, @type, @timestamp, @data_bytes, @signature, @signer, @removed)`,
  );
  for (const m of messages) insert.run(m);
  return db;
}

describe('stored messages', () => {
  it('keep hashes as 20 bytes and no signer key of their own, and the small seed defers its signatures', () => {
    const store = open(':memory:');
    seedStore(store, { seed: 3, size: 'small', now: NOW });
    const columns = store.db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('messages');
    expect(columns).not.toContain('signer');
    expect(columns).toContain('signer_id');
    const shapes = store.db
      .prepare(
        `SELECT typeof(hash) AS kind, length(hash) AS bytes, COUNT(*) AS n, COUNT(signature) AS signed
         FROM messages GROUP BY 1, 2`,
      )
      .all();
    const count = store.db.prepare('SELECT COUNT(*) FROM messages').pluck().get() as number;
    expect(shapes).toEqual([{ kind: 'blob', bytes: 20, n: count, signed: 0 }]);
    const keys = store.db.prepare('SELECT COUNT(*) FROM message_signers').pluck().get() as number;
    expect(keys).toBeLessThan(count / 10);
    // 733 bytes of image per message before (13.4 MB for 18,233 messages), 507 after.
    expect(store.db.serialize().length).toBeLessThan(560 * count);
  });

  it('from a file before the migration read back as written, and a mark taken before it still rolls them back', () => {
    const before = [hexMessage(1, 1), hexMessage(2, 1), hexMessage(3, 2)];
    const db = fileBeforeMigration('marked.db', before);
    startRecording(db, ['messages']);
    const mark = nextGeneration(db);
    db.prepare('UPDATE messages SET removed = 1 WHERE hash = ?').run(before[0]!.hash);
    db.prepare('DELETE FROM messages WHERE hash = ?').run(before[2]!.hash);
    const later = hexMessage(4, 3);
    db.prepare(
      `INSERT INTO messages (hash, fid, type, timestamp, data_bytes, signature, signer, removed)
       VALUES (@hash, @fid, @type, @timestamp, @data_bytes, @signature, @signer, @removed)`,
    ).run(later);
    db.close();

    const store = open(join(dir, 'marked.db'));
    expect(messageByHash(store, before[0]!.hash)).toEqual({ ...before[0], removed: 1 });
    expect(messageByHash(store, before[1]!.hash)).toEqual(before[1]);
    expect(messageByHash(store, before[2]!.hash)).toBeUndefined();
    expect(messageByHash(store, later.hash)).toEqual(later);

    recordWrites(store);
    rollBackToGeneration(store, mark);
    for (const m of before) expect(messageByHash(store, m.hash)).toEqual(m);
    expect(messageByHash(store, later.hash)).toBeUndefined();
  });

  it('from a snapshot file written before the migration import as written', () => {
    const before = [hexMessage(5, 1), hexMessage(6, 2)];
    fileBeforeMigration('snapshot.db', before).close();
    const store = open(':memory:');
    expect(importDatabase(store, join(dir, 'snapshot.db'), 'the file', () => {})).toBeUndefined();
    for (const m of before) expect(messageByHash(store, m.hash)).toEqual(m);
    expect(store.db.prepare('SELECT COUNT(*) FROM messages').pluck().get()).toBe(2);
  });
});
