// What the hydrators (hydrate/) read to build users: profile rows and verified addresses for a batch of fids.

import { IN_JSON, rows } from '../statements.js';
import type { Store } from '../store.js';

/** A `users` row as stored (the profile columns mirror the latest user data of each type). */
export interface UserRow {
  fid: number;
  username: string | null;
  display_name: string | null;
  bio: string | null;
  pfp_url: string | null;
  banner_url: string | null;
  custody_address: string;
  location_lat: number | null;
  location_lng: number | null;
  location_description: string | null;
  twitter: string | null;
  github: string | null;
  power_badge: number;
  follower_count: number;
  following_count: number;
  /** When the fid was registered, unix ms. */
  registered_at: number;
}

export type VerificationRow = { fid: number; address: string; protocol: 'ethereum' | 'solana' };
/** An approved developer-managed auth address of a user, and the app (its fid) that registered it. */
export type AuthAddressOfUser = { fid: number; address: string; app_fid: number };

/** A primary address a user chose (user data 11 = ethereum, 12 = solana), verified or no longer. */
export type PrimaryChoiceRow = { fid: number; type: number; value: string };

const USER_PROFILE_ROWS = rows<[json: string], UserRow>(`SELECT * FROM users WHERE fid IN (${IN_JSON})`);
const USER_PROFILE_ROWS_2 = rows<[json: string], VerificationRow>(
  `SELECT fid, address, protocol FROM verifications WHERE fid IN (${IN_JSON}) ORDER BY ts, address`,
);
const PRIMARY_CHOICE_ROWS = rows<[json: string], PrimaryChoiceRow>(
  `SELECT fid, type, value FROM user_data WHERE fid IN (${IN_JSON}) AND type IN (11, 12) AND value != ''`,
);

const USER_AUTH_ADDRESSES = rows<[json: string], AuthAddressOfUser>(
  `SELECT fid, address, app_fid FROM auth_addresses
   WHERE status = 'approved' AND fid IN (${IN_JSON}) ORDER BY created_at, address`,
);

/** The approved auth addresses of the users among `fids`, oldest first. */
export function userAuthAddresses(store: Store, fids: readonly number[]): AuthAddressOfUser[] {
  return USER_AUTH_ADDRESSES.all(store, JSON.stringify(fids));
}

/**
 * The rows of the known users among `fids`, all their verified addresses, oldest verification
 * first (the first of each protocol is the user's primary address unless they chose another), and
 * the primary addresses they chose.
 */
export function userProfileRows(
  store: Store,
  fids: readonly number[],
): { users: UserRow[]; verifications: VerificationRow[]; primaries: PrimaryChoiceRow[] } {
  const json = JSON.stringify(fids);
  const users = USER_PROFILE_ROWS.all(store, json);
  const verifications = USER_PROFILE_ROWS_2.all(store, json);
  const primaries = PRIMARY_CHOICE_ROWS.all(store, json);
  return { users, verifications, primaries };
}

export type DehydratedUserRow = Pick<
  UserRow,
  'fid' | 'username' | 'display_name' | 'pfp_url' | 'custody_address'
>;

const DEHYDRATED_USER_ROWS = rows<[fids: string], DehydratedUserRow>(
  `SELECT fid, username, display_name, pfp_url, custody_address FROM users WHERE fid IN (${IN_JSON})`,
);

/** Name, avatar and custody address of the known users among `fids`. */
export function dehydratedUserRows(store: Store, fids: readonly number[]): DehydratedUserRow[] {
  return DEHYDRATED_USER_ROWS.all(store, JSON.stringify(fids));
}
