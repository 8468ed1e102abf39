// Opaque page cursors: base64url of the last row's sort key. Clients must not parse them; we do.
import { ValidationError } from '../ground/errors.js';
import type { PageWindow, SortKey } from '../store/queries/keyset.js';

export type { SortKey };

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

/** The page a list request asks for: its limit, after the `arity`-column key in its cursor. */
export function pageWindow(params: { limit: number; cursor?: unknown }, arity: number): PageWindow {
  return { after: decodeCursor(params.cursor, arity), limit: params.limit };
}

/** A response's `next`: the cursor to continue after, null on the last page (as NextCursor allows). */
export function nextCursor(next: SortKey | null): { cursor: string | null } {
  return { cursor: next ? encodeCursor(next) : null };
}
