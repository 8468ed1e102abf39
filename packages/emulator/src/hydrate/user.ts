// Builds v2 `User` objects for many fids at once: one query per table for the whole batch, so a
// feed of 100 casts costs the same handful of queries as a single profile.
import type { User as User3 } from '@castkit/sdk';
import type { User, UserDehydrated } from '@castkit/sdk/2.x';
import { absoluteUrl } from '../ground/absolute-url.js';
import { NotFoundError } from '../ground/errors.js';
import { UserDataType } from '../ground/types.js';
import { isoTime } from '../store/clock.js';
import {
  dehydratedUserRows,
  type UserRow,
  userAuthAddresses,
  userProfileRows,
} from '../store/queries/user-hydration.js';
import { userExists } from '../store/queries/users.js';
import { cacheKind } from '../store/read-cache.js';
import type { Store } from '../store/store.js';
import { cachedProSubscription } from './pro.js';
import { usersForViewer } from './viewer.js';

export interface HydrateOptions {
  viewerFid?: number;
  /** The emulator's origin, to make stored root-relative image paths absolute. */
  origin: string;
}

/**
 * A user both generations of the API accept: 2.44's `User` (with `power_badge`) and 3.x's (with
 * `registered_at`, `auth_addresses`, `pro`), so one answer serves callers of either.
 */
export type UserOfBoth = User & User3;

/** Hydrated users kept per origin; a profile is about a kilobyte. */
const CACHED_USERS = 20_000;
const USERS = cacheKind<number, UserOfBoth>('users', CACHED_USERS);

/** Users hydrated for nobody, then (with `viewerFid`) as that viewer sees them. */
export function hydrateUsers(
  store: Store,
  fids: readonly number[],
  options: HydrateOptions,
): Map<number, UserOfBoth> {
  if (!fids.length) return new Map();
  const users = USERS.of(store, options.origin).getMany(fids, (missing, dependOn) => {
    const built = buildUsers(store, missing, options.origin);
    for (const fid of built.keys()) dependOn(fid, [`user:${fid}`]);
    return built;
  });
  return options.viewerFid === undefined ? users : usersForViewer(store, options.viewerFid, users);
}

function buildUsers(store: Store, fids: number[], origin: string): Map<number, UserOfBoth> {
  const out = new Map<number, UserOfBoth>();
  const { users: rows, verifications, primaries } = userProfileRows(store, fids);
  const chosen = new Map(primaries.map((p) => [`${p.fid}:${p.type}`, p.value.toLowerCase()]));
  // The chosen address while it is still verified (removing a verification drops the choice), else the oldest.
  const primaryOf = (fid: number, type: number, addresses: string[]) =>
    addresses.find((a) => a.toLowerCase() === chosen.get(`${fid}:${type}`)) ?? addresses[0] ?? null;
  const eth = new Map<number, string[]>();
  const sol = new Map<number, string[]>();
  for (const v of verifications) {
    const into = v.protocol === 'ethereum' ? eth : sol;
    const list = into.get(v.fid) ?? [];
    list.push(v.address);
    into.set(v.fid, list);
  }
  const seeded = store.getMeta('asset_origin');
  const now = store.now();
  const authAddresses = userAuthAddresses(store, fids);
  const apps = userDehydrated(
    store,
    authAddresses.map((a) => a.app_fid),
    origin,
  );

  for (const row of rows) {
    const ethAddresses = eth.get(row.fid) ?? [];
    const solAddresses = sol.get(row.fid) ?? [];
    const user: UserOfBoth = {
      object: 'user',
      fid: row.fid,
      username: usernameOf(row),
      display_name: row.display_name ?? '',
      custody_address: row.custody_address,
      registered_at: isoTime(row.registered_at),
      pfp_url: assetUrlFrom(seeded, row.pfp_url, origin) ?? '',
      profile: { bio: { text: row.bio ?? '', mentioned_profiles: [], mentioned_channels: [] } },
      follower_count: row.follower_count,
      following_count: row.following_count,
      verifications: ethAddresses,
      // Keys an app registered for the user (registerSignedKeyForDeveloperManagedAuthAddress) and the user approved.
      auth_addresses: authAddresses
        .filter((a) => a.fid === row.fid)
        .map((a) => ({
          address: a.address,
          app: apps.get(a.app_fid) ?? { object: 'user_dehydrated', fid: a.app_fid },
        })),
      verified_addresses: {
        eth_addresses: ethAddresses,
        sol_addresses: solAddresses,
        primary: {
          eth_address: primaryOf(row.fid, UserDataType.PrimaryAddressEthereum, ethAddresses),
          sol_address: primaryOf(row.fid, UserDataType.PrimaryAddressSolana, solAddresses),
        },
      },
      verified_accounts: [
        ...(row.twitter ? [{ platform: 'x' as const, username: row.twitter }] : []),
        ...(row.github ? [{ platform: 'github' as const, username: row.github }] : []),
      ],
      power_badge: row.power_badge === 1,
      ...(row.power_badge === 1
        ? { pro: cachedProSubscription(store, row.fid, row.registered_at, now) }
        : {}),
      experimental: { neynar_user_score: scoreOf(row) },
      score: scoreOf(row),
    };
    const location = locationOf(row);
    if (location) user.profile.location = location;
    const banner = assetUrlFrom(seeded, row.banner_url, origin);
    if (banner) user.profile.banner = { url: banner };
    out.set(row.fid, user);
  }
  return out;
}

/** Users in the order of `fids`, skipping unknown ones (lists built from rows that may race deletes). */
export function hydrateUserList(
  store: Store,
  fids: readonly number[],
  options: HydrateOptions,
): UserOfBoth[] {
  const map = hydrateUsers(store, fids, options);
  return fids.map((fid) => map.get(fid)).filter((u): u is UserOfBoth => u !== undefined);
}

export function hydrateUser(
  store: Store,
  fid: number,
  options: HydrateOptions,
  property = 'fid',
): UserOfBoth {
  const user = hydrateUsers(store, [fid], options).get(fid);
  if (!user) throw new NotFoundError(`user with fid ${fid} not found`, property);
  return user;
}

/** The spec's `UserDehydrated`: enough to render a name and avatar. */
export function userDehydrated(
  store: Store,
  fids: readonly number[],
  origin: string,
): Map<number, UserDehydrated> {
  const out = new Map<number, UserDehydrated>();
  if (!fids.length) return out;
  const seeded = store.getMeta('asset_origin');
  for (const row of dehydratedUserRows(store, [...new Set(fids)])) {
    out.set(row.fid, {
      object: 'user_dehydrated',
      fid: row.fid,
      username: usernameOf(row),
      display_name: row.display_name ?? '',
      pfp_url: assetUrlFrom(seeded, row.pfp_url, origin) ?? '',
      custody_address: row.custody_address,
    });
  }
  return out;
}

/** Throws the 404 a route answers for an unknown fid, naming the parameter it came from. */
export function requireUser(store: Store, fid: number, property = 'fid'): void {
  if (!userExists(store, fid)) {
    throw new NotFoundError(`user with fid ${fid} not found`, property);
  }
}

/**
 * Emulator asset URLs (avatars, images) as this server serves them: root-relative paths and URLs
 * on the origin that seeded the database (meta `asset_origin`) move to the request's origin.
 */
export function assetUrl(store: Store, url: string | null | undefined, origin: string): string | undefined {
  return assetUrlFrom(store.getMeta('asset_origin'), url, origin);
}

/** assetUrl with the seeded origin read once per batch. */
export function assetUrlFrom(seeded: string | undefined, url: string | null | undefined, origin: string) {
  if (!url) return undefined;
  return absoluteUrl(url, origin, seeded) ?? undefined;
}

// Neynar shows `!<fid>` for fids that never registered a name; the spec requires a string.
const usernameOf = (row: Pick<UserRow, 'fid' | 'username'>) => row.username ?? `!${row.fid}`;

/** A stand-in for Neynar's user score: reach on a log scale, in [0, 1], stable for a given graph. */
function scoreOf(row: UserRow): number {
  const reach = Math.log10(row.follower_count + 1) / 3;
  return Math.round(Math.min(1, 0.2 + reach * 0.7 + (row.power_badge ? 0.1 : 0)) * 100) / 100;
}

function locationOf(row: UserRow): User['profile']['location'] | undefined {
  if (row.location_lat === null || row.location_lng === null) return undefined;
  const location: NonNullable<User['profile']['location']> = {
    latitude: row.location_lat,
    longitude: row.location_lng,
  };
  // Descriptions read "City, State, Country" or "City, Country" (or just one name, e.g. Singapore).
  const parts = (row.location_description ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length) {
    location.address = { city: parts[0]!, country: parts[parts.length - 1]! };
    if (parts.length > 2) location.address.state = parts[1]!;
  }
  return location;
}
