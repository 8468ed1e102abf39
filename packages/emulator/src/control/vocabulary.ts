// The words the developer controls share with their callers: fault effects, rate-limit plans,
// mini-app host actions, delivery states. Declared here once; the emulator and its clients both
// import them from this module, which holds nothing of Node.

/**
 * `error`: answer `status` with the API's error body. `latency`: wait `latencyMs`, then answer.
 * `drop`: close the connection without an answer. `timeout`: never answer (until the client
 * gives up). `not-stored`: answer as the call would, but keep nothing it wrote. `stored-timeout`:
 * do the call, then never answer.
 */
export type FaultEffect = 'error' | 'latency' | 'drop' | 'timeout' | 'not-stored' | 'stored-timeout';
export const FAULT_EFFECTS: readonly FaultEffect[] = [
  'error',
  'latency',
  'drop',
  'timeout',
  'not-stored',
  'stored-timeout',
];

export type RateLimitPlan = 'starter' | 'growth' | 'scale';
export interface PlanLimits {
  /** Requests per minute to one endpoint. */
  endpoint: number;
  /** Requests per minute across all endpoints. */
  global: number;
  /** Requests per minute to cast search. */
  search: number;
}
/** The real service's published limits per plan. */
export const RATE_LIMIT_PLANS: Readonly<Record<RateLimitPlan, PlanLimits>> = {
  starter: { endpoint: 300, global: 500, search: 60 },
  growth: { endpoint: 600, global: 1000, search: 120 },
  scale: { endpoint: 1200, global: 2000, search: 240 },
};
export const RATE_LIMIT_PLAN_NAMES: readonly RateLimitPlan[] = ['starter', 'growth', 'scale'];

/**
 * What a user does to a mini app on the emulated Farcaster client, as the last segments of its
 * route (`/_emulator/miniapps/:id/users/:fid/notifications/enable`): one vocabulary for the
 * emulator, the console and the client.
 */
export type HostAction = 'add' | 'remove' | 'notifications/enable' | 'notifications/disable';
export const HOST_ACTIONS: readonly HostAction[] = [
  'add',
  'notifications/enable',
  'notifications/disable',
  'remove',
];

/** The server event a host action sends the app's webhook. */
export type HostEvent =
  | 'miniapp_added'
  | 'miniapp_removed'
  | 'notifications_enabled'
  | 'notifications_disabled';
export const HOST_EVENTS: readonly HostEvent[] = [
  'miniapp_added',
  'miniapp_removed',
  'notifications_enabled',
  'notifications_disabled',
];

/** How a portable snapshot file is served and uploaded (IANA's type for SQLite databases). */
export const SNAPSHOT_MEDIA_TYPE = 'application/vnd.sqlite3';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['pending', 'delivered', 'failed'];

/**
 * The latest time the emulator's clock takes, and so any time a client gives: the last second a
 * Farcaster message can carry (uint32 seconds from 2021-01-01), 2157-02-07T06:28:15Z.
 */
export const LATEST_TIME_MS = Date.UTC(2021, 0, 1) + (2 ** 32 - 1) * 1000;
