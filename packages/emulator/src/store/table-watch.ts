// "Has this table changed since I last looked?" for state derived from a small table and consulted
// on every write: the webhook dispatcher's active webhooks, which it read afresh about twice per cast
// (70-140 µs of the main thread's time per cast at 10 webhooks). A TEMP trigger per kind of change
// calls a function registered on the connection, so the answer costs one `PRAGMA data_version`
// instead of the read: that is how commits of other connections show.
// TEMP objects are the connection's own: rolled-back statements, undo-log restores and imports run
// on this connection and fire them too (a rolled-back change is reported as a change: harmless).
import type { Db } from './db.js';

const CALLBACK = 'castkit_table_changed';
const TRIGGER = 'castkit_watch_';

export interface TableWatch {
  /** True when the table changed (or another connection committed) since the last call. */
  changed(): boolean;
  stop(): void;
}

const listeners = new WeakMap<Db, Map<string, Set<() => void>>>();

export function watchTable(db: Db, table: string): TableWatch {
  let tables = listeners.get(db);
  if (!tables) {
    const byTable = new Map<string, Set<() => void>>();
    tables = byTable;
    listeners.set(db, byTable);
    db.function(CALLBACK, (name) => {
      for (const heard of byTable.get(String(name)) ?? []) heard();
      return null;
    });
  }
  const heard = tables.get(table) ?? new Set<() => void>();
  if (!tables.has(table)) {
    tables.set(table, heard);
    for (const event of ['insert', 'update', 'delete'])
      db.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS ${TRIGGER}${table}_${event} AFTER ${event.toUpperCase()} ON main.${table}
         BEGIN SELECT ${CALLBACK}('${table}'); END`,
      );
  }
  const version = db.prepare('PRAGMA data_version').pluck();
  let seen = version.get();
  // Nothing is known yet: the first call says "changed".
  let dirty = true;
  const onChange = () => {
    dirty = true;
  };
  heard.add(onChange);
  return {
    changed() {
      const now = version.get();
      const changed = dirty || now !== seen;
      dirty = false;
      seen = now;
      return changed;
    },
    stop: () => heard.delete(onChange),
  };
}
