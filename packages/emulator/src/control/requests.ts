// What the developer controls take: path parameters, queries and bodies, as schemas (schema.ts).
// The emulator parses every request with these before a handler sees it, so their messages are
// the 400s a caller gets; a range that depends on the server's state (the clock's last second, a
// webhook's expiry) is the handler's to check.
import { API_ERRORS, type ApiErrorStatus, FetchFrameCatalogCategoriesEnum } from '@castkit/sdk/2.x';
import {
  array,
  custom,
  integer,
  type Message,
  nullable,
  object,
  oneOf,
  optional,
  required,
  SchemaError,
  string,
  withDefault,
} from './schema.js';
import {
  DELIVERY_STATUSES,
  FAULT_EFFECTS,
  LATEST_TIME_MS,
  RATE_LIMIT_PLAN_NAMES,
  type RateLimitPlan,
} from './vocabulary.js';

/** A whole number of 1 or more: in a path or query it is text, from a client a number. */
export const positive = (message: Message = (f) => `${f} must be a positive integer`) =>
  integer({ text: true, min: 1, message });

/** `?limit=`: 1 to `max`, `fallback` when absent. */
export const limit = (fallback: number, max: number) =>
  withDefault(
    integer({ text: true, min: 1, max, message: `limit must be an integer from 1 to ${max}` }),
    fallback,
  );

/** An id the emulator handed out as a number (a delivery's), or as the text of one (a cursor). */
export const deliveryId = custom<number, number | string>((v, field) => {
  const id = typeof v === 'string' ? Number(v) : v;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0)
    throw new SchemaError(field, `${field} must be a delivery id`);
  return id;
});

const UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

const LATEST_ISO = new Date(LATEST_TIME_MS).toISOString();

/**
 * A duration in ms: a number of ms, or text such as `90s`, `5m`, `1h30m`, `2d`; at most the
 * clock's whole range, as no longer one can move any time the emulator holds and leave it renderable.
 */
export const duration = custom<number, number | string>((v, field) => {
  let ms: number | undefined;
  if (typeof v === 'number' && Number.isFinite(v) && v >= 0) ms = v;
  else if (typeof v === 'string') {
    const parts = [...v.trim().matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g)];
    if (parts.length && parts.map((p) => p[0]).join('') === v.trim())
      ms = parts.reduce((sum, p) => sum + Number(p[1]) * (UNITS[p[2] ?? ''] ?? 0), 0);
  }
  if (ms === undefined)
    throw new SchemaError(
      field,
      `${field} must be a duration: milliseconds (a number of 0 or more) or text like "90s", "5m", "1h30m", "2d"`,
    );
  if (ms > LATEST_TIME_MS)
    throw new SchemaError(field, `${field} is longer than the clock's whole range (${LATEST_TIME_MS} ms)`);
  return ms;
});

/** A time in unix ms: a number of ms or an ISO 8601 date, from 1970 to LATEST_TIME_MS (year 2157). */
export const time = custom<number, number | string>((v, field) => {
  let ms: number | undefined;
  if (typeof v === 'number' && Number.isFinite(v)) ms = v;
  else if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) {
    const parsed = Date.parse(v);
    if (Number.isFinite(parsed)) ms = parsed;
  }
  if (ms === undefined || ms < 0 || ms > LATEST_TIME_MS)
    throw new SchemaError(
      field,
      `${field} must be a time from 1970 to ${LATEST_ISO}: unix milliseconds or an ISO 8601 date like "2026-01-31T12:00:00Z"`,
    );
  return ms;
});

export const PLAN_MESSAGE = `plan must be one of ${RATE_LIMIT_PLAN_NAMES.join(', ')} or off`;

/** A rate-limit plan by name; `off` (or null) is none. */
export const ratePlan = custom<RateLimitPlan | null, RateLimitPlan | 'off' | null>((v, field) => {
  if (v === null || v === 'off') return null;
  const plan = RATE_LIMIT_PLAN_NAMES.find((p) => p === v);
  if (plan === undefined)
    throw new SchemaError(field, `${field} must be one of ${RATE_LIMIT_PLAN_NAMES.join(', ')} or off`);
  return plan;
});

const ERROR_STATUSES = Object.keys(API_ERRORS).map(Number);
const isErrorStatus = (s: unknown): s is ApiErrorStatus =>
  typeof s === 'number' && Object.hasOwn(API_ERRORS, String(s));
const statusMessage = `status is for effect error: one of ${ERROR_STATUSES.join(', ')}`;
const nonEmpty = optional(string({ nonEmpty: true, message: (f) => `${f} must be a non-empty string` }));

/** The fields of a fault rule, as the emulator keeps and lists them too. */
export const faultRuleFields = {
  effect: required(
    oneOf(FAULT_EFFECTS, { message: `effect must be one of ${FAULT_EFFECTS.join(', ')}` }),
    `effect must be one of ${FAULT_EFFECTS.join(', ')}`,
  ),
  /** An operation name (`publishCast`, `submitMessage`); or match by path (and method). */
  operation: nonEmpty,
  /** An exact path, or a prefix ending in `*` (`/v2/farcaster/cast*`). */
  path: nonEmpty,
  method: nonEmpty,
  message: nonEmpty,
  /** For `error`: an error status of the API (400, 404, 429, 500, 503, ...). Default 503. */
  status: optional(
    custom<ApiErrorStatus, number>((v, field) => {
      if (!isErrorStatus(v)) throw new SchemaError(field, statusMessage);
      return v;
    }),
  ),
  /** Added before any effect; the whole effect for `latency`. */
  latencyMs: optional(
    integer({ min: 0, max: 600_000, message: 'latencyMs must be whole milliseconds, 0 to 600000' }),
  ),
  /** Share of matching calls it applies to, (0, 1]; default 1. */
  probability: optional(
    custom<number>((v, field) => {
      if (typeof v !== 'number' || !(v > 0 && v <= 1))
        throw new SchemaError(field, 'probability must be a number above 0, at most 1');
      return v;
    }),
  ),
  /** Seed of the draws for `probability`; default 1. */
  seed: optional(integer({ message: 'seed must be an integer' })),
  /** Applies to the next N matching calls, then goes; default: until removed. */
  times: optional(integer({ min: 1, message: 'times must be a whole number of calls, 1 or more' })),
};

/** A fault rule as a client gives it: checked field by field, then across fields. */
export const faultRuleInput = object(faultRuleFields, {
  message: 'a fault rule is a JSON object',
  unknownKeys: (key) => `unknown field ${key} in a fault rule`,
  check(r) {
    if (r.operation === undefined && r.path === undefined)
      throw new SchemaError('operation', 'a fault rule matches an operation or a path: give one');
    if (r.path !== undefined && !r.path.startsWith('/'))
      throw new SchemaError('path', 'path must start with /');
    if (r.status !== undefined && r.effect !== 'error') throw new SchemaError('status', statusMessage);
    if (r.effect === 'latency' && r.latencyMs === undefined)
      throw new SchemaError('latencyMs', 'effect latency needs latencyMs');
  },
});

/**
 * An absolute http(s) URL: its text as sent (how an address was written matters to the emulator's
 * rule for where it sends) and its href.
 */
export const httpUrl = custom<{ text: string; href: string }, string>((v, field) => {
  if (typeof v !== 'string' || !v.trim()) throw new SchemaError(field, `${field} must be a non-empty string`);
  try {
    const u = new URL(v);
    if (u.protocol === 'http:' || u.protocol === 'https:') return { text: v, href: u.href };
  } catch {}
  throw new SchemaError(field, `${field} must be an absolute http(s) URL`);
});

export const MINIAPP_CATEGORIES = Object.values(FetchFrameCatalogCategoriesEnum);

/** A developer's mini app to host: its URL, where its webhook is, how the catalogue shows it. */
export const miniappRegistration = object({
  url: httpUrl,
  /** Must pass the emulator's rule for where it sends (checked by the handler, which knows it). */
  webhook_url: optional(nullable(httpUrl)),
  /** Default: the URL's host. */
  name: optional(string({ nonEmpty: true, message: (f) => `${f} must be a non-empty string` })),
  category: optional(
    oneOf(MINIAPP_CATEGORIES, { message: `category must be one of ${MINIAPP_CATEGORIES.join(', ')}` }),
  ),
  /** Default 1. */
  author_fid: optional(positive('author_fid must be a fid')),
  description: optional(string()),
  /** Default: `<url>/icon.png`. */
  icon_url: optional(httpUrl),
  /** Default: `<url>/image.png`. */
  image_url: optional(httpUrl),
  /** Default: `Open <name>`. */
  button_title: optional(string()),
});

export const deliveriesQuery = object({
  webhook_id: optional(string()),
  status: optional(oneOf(DELIVERY_STATUSES)),
  limit: limit(50, 500),
  /** The `next.cursor` of the page before. */
  cursor: optional(deliveryId),
});

/** What an app's sendNotification posts to the notification URL the host handed it. */
export const notificationPost = object({
  tokens: array(string(), { message: (f) => `${f} must be an array of strings` }),
  notificationId: string(),
  title: string(),
  body: string(),
  targetUrl: string(),
});
