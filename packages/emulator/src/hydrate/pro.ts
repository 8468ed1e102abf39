// Farcaster Pro as the emulator models it. Pro took over from the power badge (3.x drops
// `power_badge` and adds `pro`), so a badge holder is a Pro subscriber since registering, renewed
// yearly: the subscription runs to the next anniversary of the registration after `now`.
import type { User } from '@castkit/sdk';
import { isoTime } from '../store/clock.js';
import { powerUserRegistrations } from '../store/queries/users.js';
import { dropReadCacheEntries } from '../store/read-cache.js';
import type { Store } from '../store/store.js';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** When the current year of a subscription taken at `since` ends, seen at `now` (unix ms). */
export function proExpiry(since: number, now: number): number {
  return since + Math.max(1, Math.floor((now - since) / YEAR_MS) + 1) * YEAR_MS;
}

/** The 3.x `User.pro` of a badge holder registered at `registeredAt`. */
export function proSubscription(registeredAt: number, now: number): NonNullable<User['pro']> {
  return {
    status: 'subscribed',
    subscribed_at: isoTime(registeredAt),
    expires_at: isoTime(proExpiry(registeredAt, now)),
  };
}

const watched = new WeakSet<Store>();

/**
 * Read caches keep hydrated users, and the casts showing them, until a write to the user: a move of
 * the clock that takes a subscription into another year (or back) drops those users from them.
 */
export function watchProRenewals(store: Store): void {
  if (watched.has(store)) return;
  watched.add(store);
  store.onClockChange(({ previous, now }) => {
    const renewed = powerUserRegistrations(store)
      .filter((u) => proExpiry(u.registeredAt, previous) !== proExpiry(u.registeredAt, now))
      .map((u) => `user:${u.fid}`);
    if (renewed.length) dropReadCacheEntries(store, renewed);
  });
}
