// Opaque page cursors: base64url of the last row's sort key. Clients must not parse them; we do.
import { ValidationError } from '../protocol/errors.js';

export type SortKey = readonly (string | number)[];

export function encodeCursor(key: SortKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** The sort key inside a cursor, or undefined when none was given; a malformed one is a 400. */
export function decodeCursor(cursor: unknown, arity: number): SortKey | undefined {
  if (cursor === undefined || cursor === null || cursor === '') return undefined;
  try {
    const key = JSON.parse(Buffer.from(String(cursor), 'base64url').toString('utf8'));
    if (
      Array.isArray(key) &&
      key.length === arity &&
      key.every((k) => typeof k === 'string' || typeof k === 'number')
    ) {
      return key;
    }
  } catch {}
  throw new ValidationError('cursor is not a cursor this API issued', 'cursor', 'InvalidField');
}

/**
 * Cuts a page from rows fetched with `LIMIT limit + 1`: the extra row only says there is more.
 * `next.cursor` is null on the last page, as the spec's NextCursor allows.
 */
export function pageOf<T>(rows: T[], limit: number, keyOf: (row: T) => SortKey) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  const more = rows.length > limit && last !== undefined;
  return { items, next: { cursor: more ? encodeCursor(keyOf(last)) : null } };
}
