// Farcaster Pro as the emulator models it. Pro took over from the power badge (3.x drops
// `power_badge` and adds `pro`), so a badge holder is a Pro subscriber since registering, renewed
// yearly: the subscription runs to the next anniversary of the registration after `now`.
import type { User } from '@castkit/sdk';
import { isoTime } from '../store/clock.js';
import { dropReadCacheEntries } from '../store/read-cache.js';
import type { Store } from '../store/store.js';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** When the current year of a subscription taken at `since` ends, seen at `now` (unix ms). */
export function proExpiry(since: number, now: number): number {
  return since + Math.max(1, Math.floor((now - since) / YEAR_MS) + 1) * YEAR_MS;
}

/** The 3.x `User.pro` of a badge holder registered at `registeredAt`. */
function proSubscription(registeredAt: number, now: number): NonNullable<User['pro']> {
  return {
    status: 'subscribed',
    subscribed_at: isoTime(registeredAt),
    expires_at: isoTime(proExpiry(registeredAt, now)),
  };
}

/** Per store, the holders whose subscription a cached user shows: fid to registration time. */
const shown = new WeakMap<Store, Map<number, number>>();

/**
 * The store's holders shown so far, watched: read caches keep a user (and the casts showing it)
 * until a write to it, so a move of the clock that takes a holder's subscription into another year
 * (or back) drops that user from them.
 */
function holdersShown(store: Store): Map<number, number> {
  const known = shown.get(store);
  if (known) return known;
  const holders = new Map<number, number>();
  shown.set(store, holders);
  store.onClockChange((move) => {
    if (move.previous === move.now) return;
    const renewed = [...holders]
      .filter(([, since]) => proExpiry(since, move.previous) !== proExpiry(since, move.now))
      .map(([fid]) => `user:${fid}`);
    if (renewed.length) dropReadCacheEntries(store, renewed);
  });
  return holders;
}

/** The 3.x `User.pro` of badge holder `fid`, for a user the read caches keep. */
export function cachedProSubscription(
  store: Store,
  fid: number,
  registeredAt: number,
  now: number,
): NonNullable<User['pro']> {
  holdersShown(store).set(fid, registeredAt);
  return proSubscription(registeredAt, now);
}
