// The answers idempotent writes gave, by scope and key (the domain's idempotency.ts says what they mean).
import { rows, write } from '../statements.js';
import type { Store } from '../store.js';

/** The request and the answer of the first write with a key, both as the JSON it was given in. */
export type IdempotencyRow = { request: string; response: string };

const ANSWER = rows<[scope: string, key: string], IdempotencyRow>(
  'SELECT request, response FROM idempotency WHERE scope = ? AND key = ?',
);

export function idempotencyRow(store: Store, scope: string, key: string): IdempotencyRow | undefined {
  return ANSWER.get(store, scope, key);
}

const INSERT_ANSWER = write<[scope: string, key: string, request: string, response: string, at: number]>(
  'INSERT OR IGNORE INTO idempotency (scope, key, request, response, created_at) VALUES (?, ?, ?, ?, ?)',
);

/** Keeps the first answer for a key; a later one with the same key is ignored. */
export function insertIdempotencyRow(
  store: Store,
  scope: string,
  key: string,
  row: IdempotencyRow,
  at: number,
): void {
  INSERT_ANSWER.run(store, scope, key, row.request, row.response, at);
}
