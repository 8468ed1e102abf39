// The mini-app host's notification rules, in one place for both ways in: an app posting to the
// notification URL the emulator issued (the Farcaster client API), and publishFrameNotifications
// (the hosted API that keeps tokens for the app). Rules as the Farcaster client applies them:
// title ≤ 32 characters, body ≤ 128, at most 100 tokens a request; a (fid, notification id) pair is
// delivered once per 24 hours (a repeat counts as delivered); each token gets at most one
// notification per 30 seconds and 100 per day. Every time is the emulator clock.
import { ValidationError } from '../ground/errors.js';
import {
  deliveredSince,
  insertDelivery,
  miniappUserByToken,
  tokenDeliveries,
} from '../store/queries/miniapps.js';
import type { Store } from '../store/store.js';

export const TITLE_MAX = 32;
export const BODY_MAX = 128;
export const TOKENS_MAX = 100;
export const DEDUPE_MS = 24 * 3600_000;
export const TOKEN_GAP_MS = 30_000;
export const TOKEN_DAILY_MAX = 100;

export interface Notification {
  notificationId: string;
  title: string;
  body: string;
  targetUrl: string;
}

export type Outcome = 'successful' | 'invalid' | 'rate_limited';

/** Checks a notification's fields, naming the one at fault (`names` maps to the caller's field names). */
export function checkNotification(
  n: Notification,
  tokenCount: number,
  names: { title: string; body: string; tokens: string; targetUrl: string; notificationId: string },
): void {
  const text = (value: unknown, max: number, name: string) => {
    if (typeof value !== 'string' || value.length < 1 || [...value].length > max) {
      throw new ValidationError(`${name} must be 1 to ${max} characters`, name);
    }
  };
  text(n.notificationId, 128, names.notificationId);
  text(n.title, TITLE_MAX, names.title);
  text(n.body, BODY_MAX, names.body);
  text(n.targetUrl, 1024, names.targetUrl);
  if (!/^https?:\/\//i.test(n.targetUrl)) {
    throw new ValidationError(`${names.targetUrl} must be an http(s) URL`, names.targetUrl);
  }
  if (tokenCount > TOKENS_MAX) {
    throw new ValidationError(`${names.tokens} takes at most ${TOKENS_MAX} tokens a request`, names.tokens);
  }
}

/** Delivers `n` with each token (recording what was delivered); the outcome per token, in one transaction. */
export function deliver(store: Store, tokens: readonly string[], n: Notification): Map<string, Outcome> {
  return store.tx(() => {
    const now = store.now();
    const out = new Map<string, Outcome>();
    for (const token of tokens) {
      if (out.has(token)) continue;
      const user = miniappUserByToken(store, token);
      if (!user?.enabled) {
        out.set(token, 'invalid');
        continue;
      }
      if (deliveredSince(store, user.fid, n.notificationId, now - DEDUPE_MS + 1)) {
        out.set(token, 'successful');
        continue;
      }
      const recent = tokenDeliveries(store, token, now - DEDUPE_MS + 1);
      if ((recent.last !== null && now - recent.last < TOKEN_GAP_MS) || recent.n >= TOKEN_DAILY_MAX) {
        out.set(token, 'rate_limited');
        continue;
      }
      insertDelivery(store, {
        token,
        app_id: user.app_id,
        fid: user.fid,
        notification_id: n.notificationId,
        title: n.title,
        body: n.body,
        target_url: n.targetUrl,
        ts: now,
      });
      out.set(token, 'successful');
    }
    return out;
  });
}
