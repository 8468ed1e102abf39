// Named snapshots and reset over the undo log (undo-log.ts): a snapshot is a mark in it, a restore
// undoes what was written since, reset restores the mark taken right after seeding. Marks form a
// stack: restoring one drops those taken after it (the log only runs backwards). Export and import
// copy the whole database to or from a file.
import { existsSync } from 'node:fs';
import { ConflictError, NotFoundError, ValidationError } from '../ground/errors.js';
import { makePortable, snapshotHeaderRefusal } from '../store/snapshot-file.js';
import {
  deleteMark,
  exportDatabase,
  importDatabase,
  listMarks,
  type MarkInfo,
  markGeneration,
  putMark,
  recordWrites,
  rollBackToGeneration,
} from '../store/snapshot-marks.js';
import type { Store } from '../store/store.js';

/** The mark reset returns to; outside the names a caller may choose. */
const SEED_MARK = '@seed';
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export type SnapshotInfo = MarkInfo;

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
    if (markGeneration(this.store, SEED_MARK) === undefined)
      this.store.tx(() => putMark(this.store, SEED_MARK));
    recordWrites(this.store);
    this.recording = true;
  }

  /** Marks the current state as `name` (replacing a snapshot of that name). */
  snapshot(name: string): SnapshotInfo {
    checkSnapshotName(name);
    this.requireStarted();
    return this.store.tx(() => putMark(this.store, name));
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
    return listMarks(this.store, SEED_MARK);
  }

  delete(name: string): boolean {
    checkSnapshotName(name);
    return deleteMark(this.store, name);
  }

  /** Called after every restore, reset and import: for state kept outside the database. */
  onRestore(listener: RestoreListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Writes the whole database to `file` (a new file; an existing one is refused). */
  exportTo(file: string): void {
    if (existsSync(file)) throw new ConflictError(`${file} exists; export writes a new file`, 'file');
    exportDatabase(this.store, file);
  }

  /**
   * Writes a portable snapshot file (store/snapshot-file.ts), a new `file`, that another emulator
   * imports: the state marked `name`, or without a name the current state.
   */
  exportSnapshot(file: string, name?: string): void {
    let gen: number | undefined;
    if (name !== undefined) {
      checkSnapshotName(name);
      gen = markGeneration(this.store, name);
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
    const refusal =
      snapshotHeaderRefusal(file, label) ??
      importDatabase(this.store, file, label, () => putMark(this.store, SEED_MARK));
    if (refusal !== undefined) throw new ValidationError(refusal, 'file');
    recordWrites(this.store);
    this.notify();
  }

  private rollBack(name: string): RestoreReport {
    const started = performance.now();
    const gen = markGeneration(this.store, name);
    if (gen === undefined) {
      throw new NotFoundError(
        `no snapshot named ${name} (restoring an earlier snapshot drops those taken after it)`,
        'name',
      );
    }
    const { rows, dropped } = rollBackToGeneration(this.store, gen);
    // Recording goes on through a rollback; a store whose log another run made starts it here.
    if (!this.recording) {
      recordWrites(this.store);
      this.recording = true;
    }
    this.notify();
    return {
      name,
      rows,
      ms: Math.round(performance.now() - started),
      dropped: dropped.filter((n) => n !== SEED_MARK),
    };
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
