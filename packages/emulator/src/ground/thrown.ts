// What a caught value says, whatever was thrown: catch clauses see `unknown`.

/** An Error's message, or the thrown value as text. */
export const messageOf = (thrown: unknown): string =>
  thrown instanceof Error ? thrown.message : String(thrown);

/** The `code` a thrown error carries (Node's `ENOENT`, SQLite's `SQLITE_BUSY`), if it has one. */
export const codeOf = (thrown: unknown): string | undefined =>
  typeof thrown === 'object' && thrown !== null && 'code' in thrown && typeof thrown.code === 'string'
    ? thrown.code
    : undefined;
