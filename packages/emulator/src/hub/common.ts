// Helpers the hub handlers share. Parameters arrive validated and typed by api/params.ts (fids
// there are at least 1); what is left here is what the hub spec's table cannot say: the several
// spellings hubs accept for an enum, and checks hubs make that the spec leaves out (hash shapes).
import { hexValue } from '../api/params.js';
import { NotFoundError, ValidationError } from '../ground/errors.js';
import type { KeysetPage, PageWindow } from '../store/queries/keyset.js';
import { userExists } from '../store/queries/users.js';
import type { Store } from '../store/store.js';
import { hubPage } from './paging.js';
import { type BodyKey, type MessageWith, renderStoredAs } from './render.js';

/** Reaction types as the spec spells them, plus the protobuf and numeric spellings hubs accept. */
export const REACTION_TYPE: Record<string, number> = {
  Like: 1,
  Recast: 2,
  LIKE: 1,
  RECAST: 2,
  REACTION_TYPE_LIKE: 1,
  REACTION_TYPE_RECAST: 2,
  '1': 1,
  '2': 2,
};

export const LINK_TYPE: Record<string, string> = { follow: 'follow' };

/**
 * An enum parameter given by any accepted spelling (exact, upper or lower case), as its canonical
 * value; undefined when absent. Unknown spellings are a 400 naming the parameter.
 */
export function spelling<T>(raw: string | undefined, name: string, values: Record<string, T>): T | undefined {
  if (raw === undefined) return undefined;
  // Own keys only: `constructor` or `__proto__` would otherwise find Object.prototype's.
  const own = (key: string) => (Object.hasOwn(values, key) ? values[key] : undefined);
  const hit = own(raw) ?? own(raw.toUpperCase()) ?? own(raw.toLowerCase());
  if (hit === undefined) {
    throw new ValidationError(`${name} must be one of ${Object.keys(values).join(', ')}, got "${raw}"`, name);
  }
  return hit;
}

/** A required enum parameter (its presence is already checked by the operation table). */
export const requiredSpelling = <T>(raw: string, name: string, values: Record<string, T>): T =>
  spelling(raw, name, values)!;

/** An optional hex parameter of `bytes` bytes (hashes 20, signer keys 32), lower-cased as the store keeps it. */
export function hexParam(value: string | undefined, name: string, bytes: number): string | undefined {
  return value === undefined ? undefined : hexValue(value, name, bytes);
}

/** A count parameter with no minimum in the spec (event ids, shard ids) that is never negative. */
export function nonNegative<N extends number | undefined>(n: N, name: string): N {
  if (n !== undefined && n < 0) throw new ValidationError(`${name} must be at least 0, got ${n}`, name);
  return n;
}

/**
 * The hub's `{ messages, nextPageToken }` page of the stored messages a list query selects (its rows
 * carry `hash`), all of the kind `body` names.
 */
export function pagedMessages<K extends BodyKey>(
  store: Store,
  list: (w: PageWindow) => KeysetPage<{ hash: string }>,
  window: PageWindow,
  body: K,
): { messages: MessageWith<K>[]; nextPageToken: string } {
  const { rows, nextPageToken } = hubPage(list, window);
  return { messages: rows.map((r) => renderStoredAs(store, r.hash, body)), nextPageToken };
}

export function mustUser(store: Store, fid: number): void {
  if (!userExists(store, fid)) throw new NotFoundError(`fid ${fid} is not registered`, 'fid');
}
