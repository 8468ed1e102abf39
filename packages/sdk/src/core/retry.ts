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

/**
 * Whether a failed attempt may be repeated. Writes (POST, PATCH) are retried only when the server
 * certainly did not act on them: a 429, or a connection that was refused before anything was sent.
 */
export function shouldRetry(method: string, outcome: { status?: number; refused?: boolean }): boolean {
  if (outcome.refused) return true;
  const { status } = outcome;
  if (status === 429) return true;
  if (!IDEMPOTENT.has(method)) return false;
  return status === undefined || status === 408 || status >= 500;
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
