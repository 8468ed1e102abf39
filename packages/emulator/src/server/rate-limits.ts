// The real service's published rate limits per plan, off unless asked for: requests per minute per
// endpoint, across all endpoints, and for cast search, counted per API key in one-minute windows of
// the emulator clock (so advancing it opens the next window). Over a limit: 429 with Retry-After.
import { ratePlan } from '../control/requests.js';
import { RATE_LIMIT_PLANS, type RateLimitPlan } from '../control/vocabulary.js';
import type { Link } from '../edge/router.js';
import { RateLimitError } from '../ground/errors.js';
import type { Store } from '../store/store.js';
import { type ControlHandlers, parsed } from './control-routes.js';

export { RATE_LIMIT_PLANS, type RateLimitPlan };

const WINDOW_MS = 60_000;
const SEARCH_OPERATIONS = new Set(['searchCasts']);

/** A plan by name, `off` or null for none; anything else a 400 naming `property`. */
export const checkPlan = (plan: unknown, property = 'plan'): RateLimitPlan | null =>
  parsed(ratePlan, plan, property);

export class RateLimits {
  plan: RateLimitPlan | null;
  private window = -1;
  private counts = new Map<string, number>();

  constructor(
    private readonly store: Store,
    plan: RateLimitPlan | null = null,
  ) {
    this.plan = plan;
  }

  /** Counts a call; throws a 429 (with the seconds to wait) when it is over a limit. */
  count(key: string, endpoint: string, operation: string): void {
    if (!this.plan) return;
    const limits = RATE_LIMIT_PLANS[this.plan];
    const now = this.store.now();
    const window = Math.floor(now / WINDOW_MS);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const checks: [string, number, string][] = [
      [`g:${key}`, limits.global, 'all endpoints'],
      [`e:${key}:${endpoint}`, SEARCH_OPERATIONS.has(operation) ? limits.search : limits.endpoint, endpoint],
    ];
    for (const [counter, limit, what] of checks) {
      if ((this.counts.get(counter) ?? 0) >= limit) {
        const retryAfter = Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));
        throw Object.assign(
          new RateLimitError(
            `rate limit of the ${this.plan} plan reached: ${limit} requests per minute for ${what}; retry after ${retryAfter} s`,
          ),
          { retryAfter },
        );
      }
    }
    for (const [counter] of checks) this.counts.set(counter, (this.counts.get(counter) ?? 0) + 1);
  }
}

/** The edge link counting API calls (not /_emulator/*) against the limits. */
export function rateLimitLink(limits: RateLimits): Link {
  return (call, next) => {
    if (!call.route.operation) return next();
    try {
      limits.count(
        String(call.req.headers['x-api-key'] ?? ''),
        // One endpoint whichever form the caller sent (3.x's `/v2/farcaster/cast/`, 2.44's without the slash).
        `${call.route.method} ${call.route.path.replace(/\/$/, '')}`,
        call.route.operation,
      );
    } catch (e) {
      if (e instanceof RateLimitError && 'retryAfter' in e && typeof e.retryAfter === 'number')
        call.res.setHeader('retry-after', String(e.retryAfter));
      throw e;
    }
    return next();
  };
}

export function rateLimitHandlers(limits: RateLimits) {
  const view = () => ({ plan: limits.plan, limits: limits.plan ? RATE_LIMIT_PLANS[limits.plan] : null });
  return {
    'GET /_emulator/rate-limits': view,
    'POST /_emulator/rate-limits': ({ body }) => {
      limits.plan = body.plan;
      return view();
    },
  } satisfies Partial<ControlHandlers>;
}
