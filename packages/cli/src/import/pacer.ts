// Requests to the live API at a pace its rate limits allow: per endpoint and across all endpoints
// (requests per minute, as its plans publish them), and a 429 waited out for its Retry-After before
// the same request is sent again, never fatal. A few are in flight at once: one at a time, an
// import waited a round trip per request, far below what the plans allow.
import { ApiError } from '@castkit/sdk/2.x';

export interface PacePlan {
  /** Requests per minute to one endpoint; 0: unpaced. */
  endpoint: number;
  /** Requests per minute in all; 0: unpaced. */
  global: number;
}

/** The live API's starter plan: what a new key gets, so a default import stays inside it. */
export const PACE_PLANS: Record<string, PacePlan> = {
  starter: { endpoint: 300, global: 500 },
  growth: { endpoint: 600, global: 1000 },
  scale: { endpoint: 1200, global: 2000 },
  none: { endpoint: 0, global: 0 },
};

/** Requests in flight at once: enough to cover a round trip at the plans' pace, few enough to be polite. */
export const IN_FLIGHT = 8;
/** How often one request is sent again after a 429 before the import gives up on it. */
const MAX_WAITS = 20;
/** The wait after a 429 without a usable Retry-After. */
const FALLBACK_WAIT_MS = 5_000;
/** The longest wait a Retry-After may ask for. */
const LONGEST_WAIT_MS = 120_000;

export interface Pacer {
  /** Runs `send` when `endpoint` and the whole may take another request; again after each 429. */
  call<T>(endpoint: string, send: () => Promise<T>): Promise<T>;
  /** Requests sent, and 429s waited out. */
  readonly sent: number;
  readonly waited: number;
}

export function createPacer(
  plan: PacePlan,
  hooks: { onWait?: (endpoint: string, ms: number) => void; signal?: AbortSignal } = {},
): Pacer {
  const next = new Map<string, number>();
  let globalNext = 0;
  let sent = 0;
  let waited = 0;
  let flying = 0;
  const queued: (() => void)[] = [];
  const gap = (perMinute: number) => (perMinute > 0 ? 60_000 / perMinute : 0);

  /** Reserves the next slot for `endpoint` and the whole; resolves when it comes. */
  const slot = (endpoint: string) => {
    const now = Date.now();
    const at = Math.max(now, globalNext, next.get(endpoint) ?? 0);
    globalNext = at + gap(plan.global);
    next.set(endpoint, at + gap(plan.endpoint));
    return sleep(at - now, hooks.signal);
  };

  return {
    get sent() {
      return sent;
    },
    get waited() {
      return waited;
    },
    async call<T>(endpoint: string, send: () => Promise<T>): Promise<T> {
      // A finished request hands its place to the next one waiting.
      if (flying < IN_FLIGHT) flying++;
      else await new Promise<void>((resolve) => queued.push(resolve));
      try {
        for (let attempt = 0; ; attempt++) {
          await slot(endpoint);
          sent++;
          try {
            return await send();
          } catch (error) {
            if (!(error instanceof ApiError) || error.status !== 429 || attempt >= MAX_WAITS) throw error;
            const ms = retryAfterMs(error.headers['retry-after']);
            waited++;
            hooks.onWait?.(endpoint, ms);
            // Every endpoint waits: a 429 may come from the global limit.
            globalNext = Math.max(globalNext, Date.now() + ms);
          }
        }
      } finally {
        const waiting = queued.shift();
        if (waiting) waiting();
        else flying--;
      }
    },
  };
}

/** Retry-After as seconds or an HTTP date, in ms; a fallback when it says neither. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number {
  if (value === undefined) return FALLBACK_WAIT_MS;
  const seconds = Number(value);
  const ms = value.trim() !== '' && Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms) || ms < 0) return FALLBACK_WAIT_MS;
  return Math.min(ms, LONGEST_WAIT_MS);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  signal?.throwIfAborted();
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}
