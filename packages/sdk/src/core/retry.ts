// When to try again, and how long to wait first.

export interface RetryPolicy {
  /** Further attempts after the first (default 2). */
  retries: number;
  /** First backoff delay in ms; doubles per attempt with jitter (default 300). */
  baseDelay: number;
  /** Longest wait between attempts, including a server's Retry-After (default 10 000). */
  maxDelay: number;
}

export const defaultRetryPolicy: RetryPolicy = { retries: 2, baseDelay: 300, maxDelay: 10_000 };

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Whether sending a request twice cannot act twice: an idempotent method, or a body carrying an `idem` key. */
export function isReplaySafe(method: string, hasIdem: boolean): boolean {
  return hasIdem || IDEMPOTENT.has(method);
}

/** How an attempt ended: an HTTP status, or no response (`refused` when nothing was ever sent). */
export interface AttemptOutcome {
  status?: number;
  refused?: boolean;
}

/**
 * Whether a failed attempt may be repeated. A request that is not replay-safe is retried only when the
 * server certainly did not act on it: a 429, or a connection refused before anything was sent. A 501
 * will not start working on the next attempt, so it is never retried.
 */
export function shouldRetry(replaySafe: boolean, outcome: AttemptOutcome): boolean {
  if (outcome.refused) return true;
  const { status } = outcome;
  if (status === 429) return true;
  if (!replaySafe) return false;
  return status === undefined || status === 408 || (status >= 500 && status !== 501);
}

/** Delay before attempt `attempt` (1-based), honouring `Retry-After` (seconds or HTTP date). */
export function retryDelay(
  policy: RetryPolicy,
  attempt: number,
  retryAfter?: string,
  now = Date.now(),
): number {
  if (retryAfter) {
    const seconds = Number(retryAfter);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - now;
    if (Number.isFinite(ms) && ms >= 0) return Math.min(ms, policy.maxDelay);
  }
  const exp = policy.baseDelay * 2 ** (attempt - 1);
  return Math.min(policy.maxDelay, exp * (0.75 + Math.random() * 0.5));
}
