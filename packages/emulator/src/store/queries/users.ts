// Reads of users, user_data and verifications.
import type { Store } from '../store.js';

/** The fid that holds this username (as stored: lower-case), if any. */
export function fidByUsername(store: Store, username: string): number | undefined {
  return store.stmt('SELECT fid FROM users WHERE username = ?').pluck().get(username) as number | undefined;
}
