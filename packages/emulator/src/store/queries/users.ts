// Users, their profile data (user_data: the latest UserDataAdd per type) and verified addresses.
import type { Store } from '../store.js';
import { type KeysetPage, keysetPage, type PageWindow } from './keyset.js';
import type { KeyHolder } from './messages.js';

export function userExists(store: Store, fid: number): boolean {
  return store.stmt('SELECT 1 FROM users WHERE fid = ?').get(fid) !== undefined;
}

/** The fid that holds this username (as stored: lower-case), if any. */
export function fidByUsername(store: Store, username: string): number | undefined {
  return store.stmt('SELECT fid FROM users WHERE username = ?').pluck().get(username) as number | undefined;
}

export function custodyAddressOf(store: Store, fid: number): string | undefined {
  return store.stmt('SELECT custody_address FROM users WHERE fid = ?').pluck().get(fid) as string | undefined;
}

/** The fid after the highest registered one. */
export function nextFreeFid(store: Store): number {
  return Number(store.stmt('SELECT COALESCE(MAX(fid), 0) + 1 FROM users').pluck().get());
}

/** Fids that verified an X (twitter) handle, any letter case, in fid order. */
export function fidsByTwitter(store: Store, handle: string): number[] {
  return store
    .stmt('SELECT fid FROM users WHERE twitter = ? COLLATE NOCASE ORDER BY fid')
    .pluck()
    .all(handle) as number[];
}

/** Every power-badge fid in fid order. */
export function powerUserFids(store: Store): number[] {
  return store.stmt('SELECT fid FROM users WHERE power_badge = 1 ORDER BY fid').pluck().all() as number[];
}

/** Registered fids, lowest first. */
export function fidsPage(store: Store, w: PageWindow): KeysetPage<{ fid: number }> {
  return keysetPage(
    store,
    { select: 'SELECT fid FROM users', order: [{ sql: 'fid', as: 'fid', dir: 'asc' }] },
    w,
  );
}

export type AddressFid = { address: string; fid: number };

/** (address, fid) for each of `addresses` that is a custody address, in fid order. */
export function custodyAddressFids(store: Store, addresses: readonly string[]): AddressFid[] {
  return store
    .stmt(
      `SELECT custody_address AS address, fid FROM users
       WHERE custody_address IN (SELECT value FROM json_each(?)) ORDER BY fid`,
    )
    .all(JSON.stringify(addresses)) as AddressFid[];
}

/** (address, fid) for each verification of one of `addresses`, in fid order. */
export function verifiedAddressFids(store: Store, addresses: readonly string[]): AddressFid[] {
  return store
    .stmt(
      `SELECT address, fid FROM verifications WHERE address IN (SELECT value FROM json_each(?)) ORDER BY fid`,
    )
    .all(JSON.stringify(addresses)) as AddressFid[];
}

export type RankedFid = { fid: number; follower_count: number };

const BY_FOLLOWERS = [
  { sql: 'follower_count', as: 'follower_count', dir: 'desc' },
  { sql: 'fid', as: 'fid', dir: 'asc' },
] as const;

/**
 * Users whose username, display name or a word of it matches `prefix` (a LIKE pattern escaped with
 * `\`), or whose fid is `fid`; best followed first.
 */
export function userSearchPage(
  store: Store,
  match: { prefix: string; fid?: number },
  w: PageWindow,
): KeysetPage<RankedFid> {
  const { prefix } = match;
  return keysetPage(
    store,
    {
      select: 'SELECT fid, follower_count FROM users',
      where: [
        `(username LIKE ? ESCAPE '\\' OR display_name LIKE ? ESCAPE '\\'
          OR display_name LIKE '% ' || ? ESCAPE '\\' OR fid = ?)`,
      ],
      binds: [prefix, prefix, prefix, match.fid ?? -1],
      order: BY_FOLLOWERS,
    },
    w,
  );
}

export function powerUsersPage(store: Store, w: PageWindow): KeysetPage<RankedFid> {
  return keysetPage(
    store,
    { select: 'SELECT fid, follower_count FROM users', where: ['power_badge = 1'], order: BY_FOLLOWERS },
    w,
  );
}

/**
 * Users with a location, nearest `at` first by an equirectangular distance `d` (squared degrees):
 * cheap in SQL and good enough to rank cities.
 */
export function usersNearPage(
  store: Store,
  at: { lat: number; lng: number },
  w: PageWindow,
): KeysetPage<{ fid: number; d: number }> {
  const k = Math.cos((at.lat * Math.PI) / 180);
  return keysetPage(
    store,
    {
      // LIMIT -1 keeps SQLite from flattening the subquery, which would compute d again at each of
      // the page key's comparisons; once per row takes a page past the first from ~8 to ~4.6 ms on
      // the large seed.
      select: `SELECT fid, d FROM (
         SELECT fid, (location_lat - ?) * (location_lat - ?) + ((location_lng - ?) * ?) * ((location_lng - ?) * ?) AS d
         FROM users WHERE location_lat IS NOT NULL LIMIT -1)`,
      binds: [at.lat, at.lat, at.lng, k, at.lng, k],
      order: [
        { sql: 'd', as: 'd', dir: 'asc' },
        { sql: 'fid', as: 'fid', dir: 'asc' },
      ],
    },
    w,
  );
}

/** Moves the follow counters of both ends of a follow by `delta`, never below 0. */
export function adjustFollowCounts(store: Store, fid: number, target: number, delta: number): void {
  store.stmt('UPDATE users SET following_count = MAX(following_count + ?, 0) WHERE fid = ?').run(delta, fid);
  store.stmt('UPDATE users SET follower_count = MAX(follower_count + ?, 0) WHERE fid = ?').run(delta, target);
}

/** The users columns that mirror one user data type each. */
export type ProfileColumn =
  | 'pfp_url'
  | 'display_name'
  | 'bio'
  | 'url'
  | 'username'
  | 'twitter'
  | 'github'
  | 'banner_url';

export function setProfileColumn(
  store: Store,
  fid: number,
  column: ProfileColumn,
  value: string | null,
): void {
  store.stmt(`UPDATE users SET ${column} = ? WHERE fid = ?`).run(value, fid);
}

export function setUserLocation(store: Store, fid: number, lat: number | null, lng: number | null): void {
  store.stmt('UPDATE users SET location_lat = ?, location_lng = ? WHERE fid = ?').run(lat, lng, fid);
}

export function userDataByKey(store: Store, fid: number, type: number): KeyHolder | undefined {
  return store.stmt('SELECT hash, ts FROM user_data WHERE fid = ? AND type = ?').get(fid, type) as
    | KeyHolder
    | undefined;
}

export function upsertUserData(
  store: Store,
  row: { fid: number; type: number; value: string; hash: string; ts: number },
): void {
  store
    .stmt(
      `INSERT INTO user_data (fid, type, value, hash, ts) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (fid, type) DO UPDATE SET value = excluded.value, hash = excluded.hash, ts = excluded.ts`,
    )
    .run(row.fid, row.type, row.value, row.hash, row.ts);
}

/** The hashes of a fid's user data messages, by type. */
export function userDataHashesPage(
  store: Store,
  fid: number,
  w: PageWindow,
): KeysetPage<{ hash: string; type: number }> {
  return keysetPage(
    store,
    {
      select: 'SELECT hash, type FROM user_data',
      where: ['fid = ?'],
      binds: [fid],
      order: [{ sql: 'type', as: 'type', dir: 'asc' }],
    },
    w,
  );
}

export function verificationByKey(store: Store, fid: number, address: string): KeyHolder | undefined {
  return store.stmt('SELECT hash, ts FROM verifications WHERE fid = ? AND address = ?').get(fid, address) as
    | KeyHolder
    | undefined;
}

export function insertVerification(
  store: Store,
  row: {
    fid: number;
    address: string;
    protocol: 'ethereum' | 'solana';
    blockHash: string;
    hash: string;
    ts: number;
  },
): void {
  store
    .stmt(
      'INSERT INTO verifications (fid, address, protocol, block_hash, hash, ts) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(row.fid, row.address, row.protocol, row.blockHash, row.hash, row.ts);
}

export function deleteVerification(store: Store, fid: number, address: string): void {
  store.stmt('DELETE FROM verifications WHERE fid = ? AND address = ?').run(fid, address);
}

/**
 * The hashes of a fid's verification messages, oldest first; with `address` (lower-case), only
 * that address's, in any letter case.
 */
export function verificationHashesPage(
  store: Store,
  fid: number,
  address: string | undefined,
  w: PageWindow,
): KeysetPage<{ hash: string; ts: number; address: string }> {
  return keysetPage(
    store,
    {
      select: 'SELECT hash, ts, address FROM verifications',
      where: address ? ['fid = ?', 'lower(address) = ?'] : ['fid = ?'],
      binds: address ? [fid, address] : [fid],
      order: [
        { sql: 'ts', as: 'ts', dir: 'asc' },
        { sql: 'address', as: 'address', dir: 'asc' },
      ],
    },
    w,
  );
}
