// Users, their profile data (user_data: the latest UserDataAdd per type) and verified addresses.
import { column, IN_JSON, rows, write } from '../statements.js';
import type { Store } from '../store.js';
import { type KeysetPage, type PageWindow, pager } from './keyset.js';
import type { KeyHolder } from './messages.js';

const USER_EXISTS = column<[fid: number], 1>('SELECT 1 FROM users WHERE fid = ?');

export function userExists(store: Store, fid: number): boolean {
  return USER_EXISTS.get(store, fid) !== undefined;
}

const FID_BY_USERNAME = column<[username: string], number>('SELECT fid FROM users WHERE username = ?');

/** The fid that holds this username (as stored: lower-case), if any. */
export function fidByUsername(store: Store, username: string): number | undefined {
  return FID_BY_USERNAME.get(store, username);
}

const CUSTODY_ADDRESS = column<[fid: number], string>('SELECT custody_address FROM users WHERE fid = ?');

export function custodyAddressOf(store: Store, fid: number): string | undefined {
  return CUSTODY_ADDRESS.get(store, fid);
}

const FID_BY_CUSTODY = column<[address: string], number>(
  'SELECT fid FROM users WHERE custody_address = ? ORDER BY fid LIMIT 1',
);

/** The fid an address holds custody of; addresses are stored lower-case, so any spelling matches. */
export function fidByCustody(store: Store, address: string): number | undefined {
  return FID_BY_CUSTODY.get(store, address.toLowerCase());
}

const NEXT_FREE_FID = column<[], number>('SELECT COALESCE(MAX(fid), 0) + 1 FROM users');

/** The fid after the highest registered one. */
export function nextFreeFid(store: Store): number {
  return NEXT_FREE_FID.get(store) ?? 1;
}

const INSERT_USER = write<
  [fid: number, username: string | null, custody: string, recovery: string, registeredAt: number]
>(
  `INSERT INTO users (fid, username, custody_address, recovery_address, registered_at)
   VALUES (?, ?, ?, ?, ?)`,
);

/** A registered fid's row; its profile comes later, from user data messages. */
export function insertUser(
  store: Store,
  user: { fid: number; username: string | null; custody: string; recovery: string; at: number },
): void {
  INSERT_USER.run(store, user.fid, user.username, user.custody, user.recovery, user.at);
}

const FIDS_BY_TWITTER = column<[handle: string], number>(
  'SELECT fid FROM users WHERE twitter = ? COLLATE NOCASE ORDER BY fid',
);

/** Fids that verified an X (twitter) handle, any letter case, in fid order. */
export function fidsByTwitter(store: Store, handle: string): number[] {
  return FIDS_BY_TWITTER.all(store, handle);
}

const POWER_USER_FIDS = column<[], number>('SELECT fid FROM users WHERE power_badge = 1 ORDER BY fid');

/** Every power-badge fid in fid order. */
export function powerUserFids(store: Store): number[] {
  return POWER_USER_FIDS.all(store);
}

const FIDS = pager<{ fid: number }>();

/** Registered fids, lowest first. */
export function fidsPage(store: Store, w: PageWindow): KeysetPage<{ fid: number }> {
  return FIDS.page(
    store,
    { select: 'SELECT fid FROM users', order: [{ sql: 'fid', as: 'fid', dir: 'asc' }] },
    w,
  );
}

export type AddressFid = { address: string; fid: number };

const CUSTODY_ADDRESS_FIDS = rows<[addresses: string], AddressFid>(
  `SELECT custody_address AS address, fid FROM users WHERE custody_address IN (${IN_JSON}) ORDER BY fid`,
);

/** (address, fid) for each of `addresses` that is a custody address, in fid order. */
export function custodyAddressFids(store: Store, addresses: readonly string[]): AddressFid[] {
  return CUSTODY_ADDRESS_FIDS.all(store, JSON.stringify(addresses));
}

const VERIFIED_ADDRESS_FIDS = rows<[addresses: string], AddressFid>(
  `SELECT address, fid FROM verifications WHERE address IN (${IN_JSON}) ORDER BY fid`,
);

/** (address, fid) for each verification of one of `addresses`, in fid order. */
export function verifiedAddressFids(store: Store, addresses: readonly string[]): AddressFid[] {
  return VERIFIED_ADDRESS_FIDS.all(store, JSON.stringify(addresses));
}

export type RankedFid = { fid: number; follower_count: number };
const RANKED_FIDS = pager<RankedFid>();

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
  return RANKED_FIDS.page(
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
  return RANKED_FIDS.page(
    store,
    { select: 'SELECT fid, follower_count FROM users', where: ['power_badge = 1'], order: BY_FOLLOWERS },
    w,
  );
}

const USERS_NEAR = pager<{ fid: number; d: number }>();

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
  return USERS_NEAR.page(
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

const ADJUST_FOLLOWING = write<[delta: number, fid: number]>(
  'UPDATE users SET following_count = MAX(following_count + ?, 0) WHERE fid = ?',
);
const ADJUST_FOLLOWERS = write<[delta: number, fid: number]>(
  'UPDATE users SET follower_count = MAX(follower_count + ?, 0) WHERE fid = ?',
);

/** Moves the follow counters of both ends of a follow by `delta`, never below 0. */
export function adjustFollowCounts(store: Store, fid: number, target: number, delta: number): void {
  ADJUST_FOLLOWING.run(store, delta, fid);
  ADJUST_FOLLOWERS.run(store, delta, target);
}

const PROFILE_COLUMNS = [
  'pfp_url',
  'display_name',
  'bio',
  'url',
  'username',
  'twitter',
  'github',
  'banner_url',
] as const;

/** The users columns that mirror one user data type each. */
export type ProfileColumn = (typeof PROFILE_COLUMNS)[number];

const SET_PROFILE_COLUMN = new Map(
  PROFILE_COLUMNS.map((c) => [
    c,
    write<[value: string | null, fid: number]>(`UPDATE users SET ${c} = ? WHERE fid = ?`),
  ]),
);

export function setProfileColumn(
  store: Store,
  fid: number,
  column: ProfileColumn,
  value: string | null,
): void {
  SET_PROFILE_COLUMN.get(column)?.run(store, value, fid);
}

const SET_LOCATION = write<[lat: number | null, lng: number | null, fid: number]>(
  'UPDATE users SET location_lat = ?, location_lng = ? WHERE fid = ?',
);

export function setUserLocation(store: Store, fid: number, lat: number | null, lng: number | null): void {
  SET_LOCATION.run(store, lat, lng, fid);
}

const USER_DATA_HOLDER = rows<[fid: number, type: number], KeyHolder>(
  'SELECT hash, ts FROM user_data WHERE fid = ? AND type = ?',
);

export function userDataByKey(store: Store, fid: number, type: number): KeyHolder | undefined {
  return USER_DATA_HOLDER.get(store, fid, type);
}

type UserDataRow = { fid: number; type: number; value: string; hash: string; ts: number };
const UPSERT_USER_DATA = write<[UserDataRow]>(
  `INSERT INTO user_data (fid, type, value, hash, ts) VALUES (@fid, @type, @value, @hash, @ts)
   ON CONFLICT (fid, type) DO UPDATE SET value = excluded.value, hash = excluded.hash, ts = excluded.ts`,
);

export function upsertUserData(store: Store, row: UserDataRow): void {
  UPSERT_USER_DATA.run(store, row);
}

const USER_DATA_HASHES = pager<{ hash: string; type: number }>();

/** The hashes of a fid's user data messages, by type. */
export function userDataHashesPage(
  store: Store,
  fid: number,
  w: PageWindow,
): KeysetPage<{ hash: string; type: number }> {
  return USER_DATA_HASHES.page(
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

const VERIFICATION_HOLDER = rows<[fid: number, address: string], KeyHolder>(
  'SELECT hash, ts FROM verifications WHERE fid = ? AND address = ?',
);

export function verificationByKey(store: Store, fid: number, address: string): KeyHolder | undefined {
  return VERIFICATION_HOLDER.get(store, fid, address);
}

type NewVerification = {
  fid: number;
  address: string;
  protocol: 'ethereum' | 'solana';
  blockHash: string;
  hash: string;
  ts: number;
};
const INSERT_VERIFICATION = write<[NewVerification]>(
  `INSERT INTO verifications (fid, address, protocol, block_hash, hash, ts)
   VALUES (@fid, @address, @protocol, @blockHash, @hash, @ts)`,
);

export function insertVerification(store: Store, row: NewVerification): void {
  INSERT_VERIFICATION.run(store, row);
}

const DELETE_VERIFICATION = write<[fid: number, address: string]>(
  'DELETE FROM verifications WHERE fid = ? AND address = ?',
);

export function deleteVerification(store: Store, fid: number, address: string): void {
  DELETE_VERIFICATION.run(store, fid, address);
}

const VERIFICATION_HASHES = pager<{ hash: string; ts: number; address: string }>();

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
  return VERIFICATION_HASHES.page(
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
