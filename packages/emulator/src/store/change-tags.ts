// What changed, as tags the read caches understand: per-connection TEMP triggers on the tables that
// hydrated objects are built from write one tag per changed object into a TEMP table, and the read
// caches (read-cache.ts) drain it and drop only the entries that depend on those tags.
//   user:<fid>        a users, verifications or auth_addresses row of that fid, or its chosen primary addresses
//   cast:<hash>       a casts row, or a reaction to it (its counts and recent reactors)
//   cast-body:<hash>  a casts row but for its counters (what a cast quoting it shows)
//   channel:<id>      a channels, channel_members or channel_follows row of that channel
//   miniapp:<url>     a miniapps row of that URL (a cast embedding it shows it in `frames`)
//   timeline:<fid>    a top-level cast of that fid added or removed, or a recast by that fid
//   *                 anything else read caches may rest on (meta: the seeded asset origin)
// TEMP objects belong to the connection alone: another connection's writes are not seen here (the
// caches drop everything when data_version moves), and they never reach the database file.
import type { Db } from './db.js';
import { column } from './statements.js';

const TAGS = 'cache_changed';

interface Tag {
  table: string;
  /** The tag of a row `R` (OLD or NEW). */
  tag: string;
  /** Rows that carry the tag at all. */
  where?: string;
  /** On UPDATE, tagged only when one of these columns changed (default: any change)... */
  changed?: string[];
  /** ...or when any column but these changed. */
  unless?: string[];
}

const TAGGED: Tag[] = [
  { table: 'users', tag: `'user:' || R.fid` },
  { table: 'verifications', tag: `'user:' || R.fid` },
  { table: 'auth_addresses', tag: `'user:' || R.fid`, where: 'R.fid IS NOT NULL' },
  // The primary addresses a user chose (user data 11, 12) have no users column to mirror them.
  { table: 'user_data', tag: `'user:' || R.fid`, where: 'R.type IN (11, 12)' },
  { table: 'casts', tag: `'cast:' || R.hash` },
  // What a quoting cast shows of it: all but the counters, which replies and likes move.
  {
    table: 'casts',
    tag: `'cast-body:' || R.hash`,
    unless: ['replies_count', 'likes_count', 'recasts_count'],
  },
  // A like moves a cast's counters, not its place in its author's timeline.
  {
    table: 'casts',
    tag: `'timeline:' || R.fid`,
    where: 'R.parent_hash IS NULL AND R.deleted = 0',
    changed: ['fid', 'ts', 'hash', 'parent_hash', 'deleted'],
  },
  { table: 'reactions', tag: `'cast:' || R.target` },
  {
    table: 'reactions',
    tag: `'timeline:' || R.fid`,
    where: 'R.type = 2',
    changed: ['fid', 'type', 'ts', 'target'],
  },
  { table: 'channels', tag: `'channel:' || R.id` },
  { table: 'channel_members', tag: `'channel:' || R.channel_id` },
  // Also moves the channel row's follower_count (channel-counters.ts); tagged here in its own right.
  { table: 'channel_follows', tag: `'channel:' || R.channel_id` },
  { table: 'miniapps', tag: `'miniapp:' || R.url` },
  { table: 'meta', tag: `'*'` },
];

const EVENTS = { insert: ['NEW'], delete: ['OLD'], update: ['OLD', 'NEW'] } as const;

const TABLE_COLUMNS = column<[table: string], string>('SELECT name FROM pragma_table_info(?)');
const TAGGING_TRIGGERS = column<[], string>(
  `SELECT name FROM sqlite_temp_master WHERE type = 'trigger' AND name LIKE '${TAGS}\\_%' ESCAPE '\\'`,
);
const TAKE_TAGS = column<[], string>(`DELETE FROM ${TAGS} RETURNING tag`);

function triggerSql(db: Db): string[] {
  const columns = (table: string) => TABLE_COLUMNS.all({ db }, table);
  const out: string[] = [];
  const tables = [...new Set(TAGGED.map((t) => t.table))];
  for (const table of tables) {
    for (const [event, rows] of Object.entries(EVENTS)) {
      const selects: string[] = [];
      for (const t of TAGGED.filter((x) => x.table === table)) {
        const watched = t.changed ?? (t.unless && columns(table).filter((c) => !t.unless!.includes(c)));
        const moved =
          event === 'update' && watched
            ? `(${watched.map((c) => `OLD.${c} IS NOT NEW.${c}`).join(' OR ')})`
            : undefined;
        for (const row of rows) {
          const of = (sql: string) => sql.replace(/\bR\./g, `${row}.`);
          const where = [t.where && of(t.where), moved].filter(Boolean).join(' AND ');
          selects.push(`SELECT ${of(t.tag)} AS tag${where ? ` WHERE ${where}` : ''}`);
        }
      }
      // UNION and NOT IN, not IGNORE alone: an upsert's DO UPDATE overrides the conflict handling of
      // what its triggers insert, so a tag offered twice (OLD and NEW of one row) or already taken
      // would fail the user's write.
      out.push(
        `CREATE TEMP TRIGGER IF NOT EXISTS ${TAGS}_${table}_${event} AFTER ${event.toUpperCase()} ON main.${table}
         BEGIN INSERT OR IGNORE INTO ${TAGS} (tag)
           SELECT tag FROM (${selects.join(' UNION ')}) WHERE tag NOT IN (SELECT tag FROM ${TAGS}); END`,
      );
    }
  }
  return out;
}

/** Starts recording change tags on this connection (idempotent). */
export function startTagging(db: Db): void {
  db.exec(`CREATE TEMP TABLE IF NOT EXISTS ${TAGS} (tag TEXT PRIMARY KEY) WITHOUT ROWID`);
  for (const sql of triggerSql(db)) db.exec(sql);
}

/** Stops recording (bulk loads write millions of rows that no cache needs to hear about one by one). */
export function stopTagging(db: Db): void {
  for (const name of TAGGING_TRIGGERS.all({ db })) db.exec(`DROP TRIGGER temp.${name}`);
}

/** The tags recorded since the last call, forgotten as they are returned. */
export function takeTags(db: Db): string[] {
  return TAKE_TAGS.all({ db });
}
