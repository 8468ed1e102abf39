// The undo log under snapshots and reset: while a mark exists, triggers copy the old version of
// every row a write touches into a shadow table (`undo_t_<table>`), stamped with the current
// generation. Rolling back to a generation deletes every row touched since and puts back the oldest
// old version of each: the cost follows the changes made, not the size of the database (the large
// seed is gigabytes; a file copy of it takes a minute).
//
// Rows are keyed by rowid (kept, since casts_fts points at casts by rowid) or, in WITHOUT ROWID
// tables, by their primary key. Triggers and shadow tables live in the database, so a file's log
// survives a restart and records another connection's writes too; a new seed drops them all.
import type { Db } from './db.js';
import { StatementFamily } from './statements.js';
import { q, SHADOW } from './undo-schema.js';

/** Tables of this module: never data, never logged. */
export const isUndoTable = (name: string) => name.startsWith('undo_');
const TRIGGER = 'undo_rec_';
/**
 * A row here pauses the recording triggers: a rollback's own deletes and inserts are not logged,
 * and no trigger is dropped and made again for it (DDL would also make every prepared statement of
 * the connection compile again on its next use).
 */
const PAUSE = 'undo_pause';
const RECORDING = `WHEN NOT EXISTS (SELECT 1 FROM ${PAUSE})`;
// Rollback statements, each text prepared once per connection.
const CHANGES = new StatementFamily<never>();
const NAMES = new StatementFamily<string>(true);
/** Rows of sqlite_master: triggers, and the full-text tables. */
const SCHEMA_ROWS = new StatementFamily<{ name: string; table: string; sql: string }>();

interface TableShape {
  name: string;
  columns: string[];
  /** Shadow columns naming a row: `_rid` (rowid) or the primary key's columns. */
  key: string[];
  rowid: boolean;
}

const shapes = new WeakMap<Db, Map<string, TableShape>>();

/** A table's shape, read once per connection and recording start (migrations run before that). */
function shapeOf(db: Db, table: string): TableShape {
  let known = shapes.get(db);
  if (!known) {
    known = new Map();
    shapes.set(db, known);
  }
  let s = known.get(table);
  if (!s) {
    s = readShape(db, table);
    known.set(table, s);
  }
  return s;
}

function readShape(db: Db, table: string): TableShape {
  const info = db
    .prepare<[table: string], { name: string; pk: number }>('SELECT name, pk FROM pragma_table_info(?)')
    .all(table);
  const rowid = !(
    db.prepare<[table: string], string>('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(table) ??
    ''
  )
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .includes('WITHOUT ROWID');
  const pk = info
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name);
  return { name: table, columns: info.map((c) => c.name), key: rowid ? ['_rid'] : pk, rowid };
}

/**
 * Creates or widens each table's shadow and makes the recording triggers that are missing or
 * differ. A database that already records (a copy of a seed template, a file restarted) keeps its
 * triggers: dropping and making ~160 of them again cost each start ~0.25 s of CPU and bumped the
 * schema version, so every statement prepared so far compiled again.
 */
export function startRecording(db: Db, tables: readonly string[]): void {
  // One transaction: on a file, ~200 statements of DDL committed one by one cost a start-up ~0.4 s.
  db.transaction(() => createRecording(db, tables))();
}

function createRecording(db: Db, tables: readonly string[]): void {
  const existing = new Map(recordingTriggers(db).map((t) => [t.name, t.sql]));
  const wanted = new Map<string, string>();
  shapes.delete(db);
  db.exec(`CREATE TABLE IF NOT EXISTS ${PAUSE} (id INTEGER PRIMARY KEY CHECK (id = 1))`);
  for (const table of tables) {
    const s = shapeOf(db, table);
    const shadow = q(SHADOW + table);
    const have = new Set(
      db
        .prepare<[table: string], string>('SELECT name FROM pragma_table_info(?)')
        .pluck()
        .all(SHADOW + table),
    );
    // A new shadow is made with all its columns at once: each ALTER TABLE ADD COLUMN parses the
    // whole schema again (~400 objects), and a shadow per table column by column cost a first start
    // seconds of CPU.
    if (have.size === 0)
      db.exec(`CREATE TABLE ${shadow} (_seq INTEGER PRIMARY KEY, _gen INTEGER NOT NULL,
        _op TEXT NOT NULL, _rid INTEGER${s.columns.map((c) => `, ${q(c)}`).join('')})`);
    // A migration may have added columns since the shadow was made.
    if (have.size > 0)
      for (const c of s.columns) if (!have.has(c)) db.exec(`ALTER TABLE ${shadow} ADD COLUMN ${q(c)}`);

    const gen = '(SELECT gen FROM undo_state)';
    const cols = ['_gen', '_op', ...(s.rowid ? ['_rid'] : []), ...s.columns].map(q).join(', ');
    const row = (of: 'OLD' | 'NEW', op: string) =>
      [gen, `'${op}'`, ...(s.rowid ? [`${of}.rowid`] : []), ...s.columns.map((c) => `${of}.${q(c)}`)].join(
        ', ',
      );
    // An inserted row needs only its key to be deleted again. Its other columns are left out rather
    // than set NULL: every connection keeps each trigger's statements parsed, and a NULL per column
    // cost each in-memory emulator ~0.1 MB of SQLite's heap.
    const keyColumns = ['_gen', '_op', ...(s.rowid ? ['_rid'] : s.key)].map(q).join(', ');
    const keyOnly = () =>
      [gen, `'i'`, ...(s.rowid ? ['NEW.rowid'] : s.key.map((c) => `NEW.${q(c)}`))].join(', ');
    const intoKey = `INSERT INTO ${shadow} (${keyColumns})`;
    const keyMoved = s.rowid
      ? 'NEW.rowid IS NOT OLD.rowid'
      : s.key.map((c) => `NEW.${q(c)} IS NOT OLD.${q(c)}`).join(' OR ');
    const on = q(table);
    const into = `INSERT INTO ${shadow} (${cols})`;
    const trigger = (suffix: string, sql: string) => wanted.set(`${TRIGGER}${table}_${suffix}`, sql);
    trigger(
      'i',
      `CREATE TRIGGER ${q(`${TRIGGER}${table}_i`)} AFTER INSERT ON ${on} ${RECORDING}
      BEGIN ${intoKey} VALUES (${keyOnly()}); END`,
    );
    trigger(
      'u',
      `CREATE TRIGGER ${q(`${TRIGGER}${table}_u`)} AFTER UPDATE ON ${on} ${RECORDING}
      BEGIN ${into} VALUES (${row('OLD', 'u')});
      ${intoKey} SELECT ${keyOnly()} WHERE ${keyMoved}; END`,
    );
    trigger(
      'd',
      `CREATE TRIGGER ${q(`${TRIGGER}${table}_d`)} AFTER DELETE ON ${on} ${RECORDING}
      BEGIN ${into} VALUES (${row('OLD', 'd')}); END`,
    );
  }
  // The schema keeps a trigger's CREATE text as it was given: the same text is the same trigger.
  for (const [name, sql] of existing) if (wanted.get(name) !== sql) db.exec(`DROP TRIGGER ${q(name)}`);
  for (const [name, sql] of wanted) if (existing.get(name) !== sql) db.exec(sql);
}

function recordingTriggers(db: Db): { name: string; sql: string }[] {
  return db
    .prepare<[length: number, prefix: string], { name: string; sql: string }>(
      `SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND substr(name, 1, ?) = ?`,
    )
    .all(TRIGGER.length, TRIGGER);
}

export function stopRecording(db: Db): void {
  for (const { name } of recordingTriggers(db)) db.exec(`DROP TRIGGER ${q(name)}`);
}

export function currentGeneration(db: Db): number {
  return db.prepare<[], number>('SELECT gen FROM undo_state').pluck().get() ?? 1;
}

/** Starts a new generation and returns the one that ended: rolling back to it undoes what follows. */
export function nextGeneration(db: Db): number {
  const gen = currentGeneration(db);
  db.prepare('UPDATE undo_state SET gen = ?').run(gen + 1);
  return gen;
}

function shadowTables(db: Db): string[] {
  return NAMES.on(
    { db },
    `SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, ${SHADOW.length}) = '${SHADOW}'
     ORDER BY name`,
  )
    .all()
    .map((n) => n.slice(SHADOW.length));
}

/**
 * Puts every logged table back as it was at the end of generation `gen` and forgets the log after
 * it. The caller runs it in a transaction with foreign keys off (the rows put back are as
 * consistent as they were); recording is paused here. Only tables written since are visited, each
 * with statements prepared once: the cost follows the rows written, not the tables or the seed.
 */
export function rollBackTo(db: Db, gen: number): number {
  const shadows = shadowTables(db);
  if (shadows.length === 0) return 0;
  // A shadow's newest row holds its largest generation (loggedAfter).
  const touched = NAMES.on(
    { db },
    shadows
      .map(
        (t) =>
          `SELECT ${quoteText(t)} WHERE (SELECT _gen FROM ${q(SHADOW + t)} ORDER BY _seq DESC LIMIT 1) > @gen`,
      )
      .join(' UNION ALL '),
  ).all({ gen });
  if (touched.length === 0) return 0;
  const pause = NAMES.on({ db }, `SELECT name FROM sqlite_master WHERE type = 'table' AND name = '${PAUSE}'`);
  if (pause.get() === undefined) db.exec(`CREATE TABLE ${PAUSE} (id INTEGER PRIMARY KEY CHECK (id = 1))`);
  CHANGES.on({ db }, `INSERT OR IGNORE INTO ${PAUSE} (id) VALUES (1)`).run();
  // Other triggers on these tables stay off while rows go back: what they did (counters) is in the
  // log too. Those keeping full-text indexes current stay, since the index is not logged.
  const indexes = ftsIndexes(db);
  const triggers = SCHEMA_ROWS.on(
    { db },
    `SELECT name, tbl_name AS "table", sql FROM sqlite_master WHERE type = 'trigger'
     AND substr(name, 1, ${TRIGGER.length}) != '${TRIGGER}'`,
  )
    .all()
    .filter((t) => touched.includes(t.table) && !indexes.some((f) => t.sql.includes(f.name)));
  for (const t of triggers) db.exec(`DROP TRIGGER ${q(t.name)}`);

  let rows = 0;
  for (const table of touched) {
    const shadow = q(SHADOW + table);
    const after = loggedAfter(shadow);
    const s = shapeOf(db, table);
    if (s.columns.length > 0) {
      const key = s.key.map(q).join(', ');
      const target = s.rowid ? 'rowid' : `(${key})`;
      // An external-content index forgets a row only when told its old text; the put-back rows
      // are indexed again by the insert trigger kept above.
      for (const f of indexes.filter((i) => i.content === table)) {
        const cols = f.columns.map(q).join(', ');
        CHANGES.on(
          { db },
          `INSERT INTO ${q(f.name)} (${q(f.name)}, rowid, ${cols}) SELECT 'delete', rowid, ${cols}
           FROM ${q(table)} WHERE rowid IN (SELECT _rid FROM ${shadow} WHERE ${after})`,
        ).run(gen);
      }
      rows += CHANGES.on(
        { db },
        `DELETE FROM ${q(table)} WHERE ${target} IN (SELECT ${key} FROM ${shadow} WHERE ${after})`,
      ).run(gen).changes;
      const cols = s.columns.map(q).join(', ');
      CHANGES.on(
        { db },
        `INSERT INTO ${q(table)} (${s.rowid ? 'rowid, ' : ''}${cols})
         SELECT ${s.rowid ? '_rid, ' : ''}${cols} FROM ${shadow}
         WHERE _seq IN (SELECT MIN(_seq) FROM ${shadow} WHERE ${after} GROUP BY ${key}) AND _op != 'i'`,
      ).run(gen);
    }
    CHANGES.on({ db }, `DELETE FROM ${shadow} WHERE ${after}`).run(gen);
  }
  for (const t of triggers) db.exec(t.sql);
  CHANGES.on({ db }, `DELETE FROM ${PAUSE}`).run();
  return rows;
}

/**
 * A shadow's rows logged after generation `?` ended. Generations only grow and a row's `_seq` is the
 * largest so far plus one (a rollback deletes only the newest rows), so `_gen` never decreases along
 * `_seq`: those rows are the tail after the last one of an older generation, found by walking back
 * from the newest, at the cost of the rows to undo. An index on `_gen` would cost a page per shadow,
 * empty or not, in every copy of a database.
 */
const loggedAfter = (shadow: string) =>
  `_seq > coalesce((SELECT _seq FROM ${shadow} WHERE _gen <= ? ORDER BY _seq DESC LIMIT 1), 0)`;

const quoteText = (text: string) => `'${text.replace(/'/g, "''")}'`;

interface FtsIndex {
  name: string;
  /** The table it indexes (external content). */
  content: string;
  columns: string[];
}

/** FTS5 tables over another table's rows (`content = 'casts'`), with their indexed columns. */
function ftsIndexes(db: Db): FtsIndex[] {
  const rows = SCHEMA_ROWS.on(
    { db },
    `SELECT name, tbl_name AS "table", sql FROM sqlite_master WHERE type = 'table'
     AND sql LIKE 'CREATE VIRTUAL TABLE%fts5%'`,
  ).all();
  return rows.flatMap(({ name, sql }) => {
    const args = (/\((.*)\)\s*$/s.exec(sql)?.[1] ?? '').split(',').map((a) => a.trim());
    const content = args
      .find((a) => /^content\s*=/.test(a))
      ?.replace(/^content\s*=\s*/, '')
      .replace(/^['"]|['"]$/g, '');
    if (!content) return [];
    return [{ name, content, columns: args.filter((a) => !a.includes('=')) }];
  });
}

/** Drops every mark and the whole log (the data it undoes to is gone: a new seed, an import). */
export function forgetLog(db: Db): void {
  stopRecording(db);
  for (const table of shadowTables(db)) db.exec(`DROP TABLE ${q(SHADOW + table)}`);
  db.exec(`DROP TABLE IF EXISTS ${PAUSE}`);
  db.exec('DELETE FROM undo_marks');
}
