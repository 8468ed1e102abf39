// Idempotency keys (`idem`): a retried write answers with the first attempt's result instead of
// writing twice. Kept in SQLite so a restart between the attempt and the retry changes nothing.
export const idempotencySchema = `
CREATE TABLE idempotency (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  request TEXT NOT NULL,
  response TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (scope, key)
) WITHOUT ROWID;
`;
