// Idempotency keys (`idem`): a retried write answers with the first attempt's result instead of
// writing twice. Kept in SQLite so a restart between the attempt and the retry changes nothing.
import { ConflictError } from '../protocol/errors.js';
import type { Store } from './store.js';

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

/**
 * The stored answer for `key` within `scope` (e.g. a signer), or undefined the first time.
 * The same key with a different request is a conflict, not a silent replay.
 */
export function recall<T>(store: Store, scope: string, key: string, request: unknown): T | undefined {
  const row = store
    .stmt('SELECT request, response FROM idempotency WHERE scope = ? AND key = ?')
    .get(scope, key) as { request: string; response: string } | undefined;
  if (!row) return undefined;
  if (row.request !== JSON.stringify(request)) {
    throw new ConflictError('idem was already used for a different request', 'idem');
  }
  return JSON.parse(row.response) as T;
}

export function remember(
  store: Store,
  scope: string,
  key: string,
  request: unknown,
  response: unknown,
): void {
  store
    .stmt(
      'INSERT OR IGNORE INTO idempotency (scope, key, request, response, created_at) VALUES (?, ?, ?, ?, ?)',
    )
    .run(scope, key, JSON.stringify(request), JSON.stringify(response), store.now());
}
