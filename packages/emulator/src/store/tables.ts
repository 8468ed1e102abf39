// The tables that hold data, found in the schema whatever migrations added them: what a new seed
// clears, the stats count and snapshots log and import.
import { bulkLoad } from './read-cache.js';
import { column } from './statements.js';
import type { Store } from './store.js';
import { forgetLog } from './undo-log.js';

const DATA_TABLES = column<[], string>(
  `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
   AND name NOT LIKE 'casts_fts%' AND name != 'schema_migrations' AND name NOT GLOB 'undo_*'
   ORDER BY name`,
);

/** Every data table, whatever migrations added it (not FTS shadow tables, the undo log nor bookkeeping). */
export function dataTables(store: Store): string[] {
  return DATA_TABLES.all(store);
}

export function clearAll(store: Store): void {
  bulkLoad(store, () =>
    store.tx(() => {
      // Checked at commit, when every table is empty, so delete order does not matter.
      store.db.pragma('defer_foreign_keys = ON');
      // Snapshots mark states of data that is going; their log would copy every row deleted here.
      forgetLog(store.db);
      for (const t of dataTables(store)) store.db.exec(`DELETE FROM "${t}"`);
      // casts_fts has external content: clear its index explicitly.
      store.db.exec(`INSERT INTO casts_fts (casts_fts) VALUES ('delete-all')`);
    }),
  );
}

export function rowCounts(store: Store): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of dataTables(store))
    out[t] = store.db.prepare<[], number>(`SELECT COUNT(*) FROM "${t}"`).pluck().get() ?? 0;
  return out;
}
