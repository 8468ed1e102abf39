// Named snapshots and reset over the undo log (undo-log.ts): a snapshot is a mark in it, a restore
// undoes what was written since, reset restores the mark taken right after seeding. Marks form a
// stack: restoring one drops those taken after it (the log only runs backwards). Export and import
// copy the whole database to or from a file.
import { existsSync } from 'node:fs';
import { ConflictError, NotFoundError, ValidationError } from '../protocol/errors.js';
import { bulkLoad } from './read-cache.js';
import { checkSnapshotHeader, checkSnapshotSchema, makePortable } from './snapshot-file.js';
import { dataTables, type Store } from './store.js';
import { forgetLog, nextGeneration, rollBackTo, startRecording, stopRecording } from './undo-log.js';

/** The mark reset returns to; outside the names a caller may choose. */
const SEED_MARK = '@seed';
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface SnapshotInfo {
  name: string;
  /** Emulator clock when it was taken, unix ms. */
  createdAt: number;
}

export interface RestoreReport {
  name: string;
  /** Rows removed or put back. */
  rows: number;
  ms: number;
  /** Snapshots taken after this one, gone with what they marked. */
  dropped: string[];
}

type RestoreListener = () => void;

export class Snapshots {
  private readonly listeners = new Set<RestoreListener>();
  private recording = false;

  constructor(private readonly store: Store) {}

  /**
   * Marks the seed as what reset returns to (once per database: a file keeps its mark and log
   * across restarts) and starts recording this connection's writes.
   */
  start(): void {
    const db = this.store.db;
    if (!this.mark(SEED_MARK)) this.store.tx(() => this.put(SEED_MARK));
    startRecording(db, dataTables(this.store));
    this.recording = true;
  }

  /** Marks the current state as `name` (replacing a snapshot of that name). */
  snapshot(name: string): SnapshotInfo {
    checkSnapshotName(name);
    this.requireStarted();
    return this.store.tx(() => this.put(name));
  }

  restore(name: string): RestoreReport {
    checkSnapshotName(name);
    return this.rollBack(name);
  }

  /** Back to the seed (or what --import loaded), whatever was written since. */
  reset(): RestoreReport {
    return this.rollBack(SEED_MARK);
  }

  list(): SnapshotInfo[] {
    const rows = this.store
      .stmt(`SELECT name, created_at AS createdAt FROM undo_marks WHERE name != ? ORDER BY gen`)
      .all(SEED_MARK) as SnapshotInfo[];
    return rows;
  }

  delete(name: string): boolean {
    checkSnapshotName(name);
    return this.store.stmt('DELETE FROM undo_marks WHERE name = ?').run(name).changes > 0;
  }

  /** Called after every restore, reset and import: for state kept outside the database. */
  onRestore(listener: RestoreListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Writes the whole database to `file` (a new file; an existing one is refused). */
  exportTo(file: string): void {
    if (existsSync(file)) throw new ConflictError(`${file} exists; export writes a new file`, 'file');
    this.store.db.prepare('VACUUM INTO ?').run(file);
  }

  /**
   * Writes a portable snapshot file (store/snapshot-file.ts), a new `file`, that another emulator
   * imports: the state marked `name`, or without a name the current state.
   */
  exportSnapshot(file: string, name?: string): void {
    let gen: number | undefined;
    if (name !== undefined) {
      checkSnapshotName(name);
      gen = this.mark(name)?.gen;
      if (gen === undefined) throw new NotFoundError(`no snapshot named ${name}`, 'name');
    }
    this.exportTo(file);
    makePortable(file, gen);
  }

  /**
   * Replaces every table's rows with those of an exported `file` (named `label` in refusals),
   * which becomes what reset returns to; snapshots are dropped. Columns this version does not have
   * are left out; those it added take defaults. A file of a newer schema is refused.
   */
  importFrom(file: string, label = file): void {
    if (!existsSync(file)) throw new NotFoundError(`no file ${label} to import`, 'file');
    checkSnapshotHeader(file, label);
    const db = this.store.db;
    db.prepare(`ATTACH DATABASE ? AS imported`).run(file);
    try {
      const has = (table: string) =>
        db.prepare(`SELECT 1 FROM imported.sqlite_master WHERE type = 'table' AND name = ?`).get(table);
      checkSnapshotSchema(db, 'imported', label);
      this.withoutChecks(() => {
        forgetLog(db);
        const triggers = db
          .prepare(`SELECT name, sql FROM main.sqlite_master WHERE type = 'trigger'`)
          .all() as {
          name: string;
          sql: string;
        }[];
        for (const t of triggers) db.exec(`DROP TRIGGER main."${t.name}"`);
        for (const table of dataTables(this.store)) {
          db.exec(`DELETE FROM main."${table}"`);
          if (!has(table)) continue;
          const theirs = new Set(
            db.prepare(`SELECT name FROM pragma_table_info(?, 'imported')`).pluck().all(table) as string[],
          );
          const cols = (
            db.prepare(`SELECT name FROM pragma_table_info(?, 'main')`).pluck().all(table) as string[]
          )
            .filter((c) => theirs.has(c))
            .map((c) => `"${c}"`)
            .join(', ');
          const withoutRowid = /WITHOUT\s+ROWID/i.test(
            db.prepare(`SELECT sql FROM main.sqlite_master WHERE name = ?`).pluck().get(table) as string,
          );
          const rowid = withoutRowid ? '' : 'rowid, ';
          db.exec(
            `INSERT INTO main."${table}" (${rowid}${cols}) SELECT ${rowid}${cols} FROM imported."${table}"`,
          );
        }
        db.exec(`INSERT INTO casts_fts (casts_fts) VALUES ('rebuild')`);
        for (const t of triggers) db.exec(t.sql);
        this.put(SEED_MARK);
      });
    } finally {
      db.exec('DETACH DATABASE imported');
    }
    startRecording(db, dataTables(this.store));
    this.notify();
  }

  private rollBack(name: string): RestoreReport {
    const started = performance.now();
    const mark = this.mark(name);
    if (!mark) {
      throw new NotFoundError(
        `no snapshot named ${name} (restoring an earlier snapshot drops those taken after it)`,
        'name',
      );
    }
    const db = this.store.db;
    let rows = 0;
    let dropped: string[] = [];
    this.withoutChecks(() => {
      rows = rollBackTo(db, mark.gen);
      dropped = db
        .prepare('DELETE FROM undo_marks WHERE gen > ? RETURNING name')
        .pluck()
        .all(mark.gen)
        .filter((n) => n !== SEED_MARK) as string[];
    });
    startRecording(db, dataTables(this.store));
    this.notify();
    return { name, rows, ms: Math.round(performance.now() - started), dropped };
  }

  /**
   * One transaction with recording and foreign keys off (rows come back in any order, as
   * consistent as when marked); read caches hear "everything changed" once.
   */
  private withoutChecks(fn: () => void): void {
    const db = this.store.db;
    stopRecording(db);
    const fks = db.pragma('foreign_keys', { simple: true }) as number;
    db.pragma('foreign_keys = OFF');
    try {
      bulkLoad(this.store, () => this.store.tx(fn));
    } finally {
      db.pragma(`foreign_keys = ${fks ? 'ON' : 'OFF'}`);
    }
  }

  private put(name: string): SnapshotInfo {
    const gen = nextGeneration(this.store.db);
    const createdAt = this.store.now();
    this.store
      .stmt(
        `INSERT INTO undo_marks (name, gen, created_at) VALUES (?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET gen = excluded.gen, created_at = excluded.created_at`,
      )
      .run(name, gen, createdAt);
    return { name, createdAt };
  }

  private mark(name: string): { gen: number } | undefined {
    return this.store.stmt('SELECT gen FROM undo_marks WHERE name = ?').get(name) as
      | { gen: number }
      | undefined;
  }

  private requireStarted(): void {
    if (!this.recording) this.start();
  }

  private notify(): void {
    for (const l of this.listeners) l();
  }
}

export function checkSnapshotName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw new ValidationError(
      'a snapshot name is 1-64 letters, digits, ".", "_" or "-", starting with a letter or digit',
      'name',
    );
  }
}

const byStore = new WeakMap<Store, Snapshots>();

/** The store's snapshots (one set per store). */
export function snapshotsOf(store: Store): Snapshots {
  let s = byStore.get(store);
  if (!s) {
    s = new Snapshots(store);
    byStore.set(store, s);
  }
  return s;
}
