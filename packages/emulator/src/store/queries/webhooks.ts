// Webhooks, their secrets, the dispatch cursor and the delivery outbox (schema: ../webhooks-schema.ts).

import type { WebhookSubscriptionFilters } from '@castkit/sdk/2.x';
import { column, type Json, rows, write } from '../statements.js';
import type { Store } from '../store.js';

export interface WebhookRow {
  webhook_id: string;
  subscription_id: string;
  title: string;
  target_url: string;
  description: string;
  active: number;
  filters: Json<WebhookSubscriptionFilters>;
  after_event_id: number;
  created_at: number;
  updated_at: number;
  deleted_at: number | null;
}

export interface SecretRow {
  uid: string;
  webhook_id: string;
  value: string;
  created_at: number;
  updated_at: number;
  expires_at: number | null;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface DeliveryRow {
  id: number;
  webhook_id: string;
  event_id: number;
  event_type: string;
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  attempts_before: number;
  next_attempt_at: number | null;
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  created_at: number;
  updated_at: number;
  delivered_at: number | null;
}

export interface AttemptRow {
  delivery_id: number;
  attempt: number;
  started_at: number;
  duration_ms: number;
  response_status: number | null;
  error: string | null;
  /** The X-Neynar-Signature header sent (null for attempts recorded before it was kept). */
  signature: string | null;
}

const INSERT_WEBHOOK = write<
  [
    webhook_id: string,
    subscription_id: string,
    title: string,
    target_url: string,
    description: string,
    active: number,
    filters: Json<WebhookSubscriptionFilters>,
    after_event_id: number,
    created_at: number,
    updated_at: number,
  ]
>(`INSERT INTO webhooks (webhook_id, subscription_id, title, target_url, description, active, filters,
        after_event_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);

export function insertWebhook(store: Store, w: Omit<WebhookRow, 'deleted_at'>): void {
  INSERT_WEBHOOK.run(
    store,
    w.webhook_id,
    w.subscription_id,
    w.title,
    w.target_url,
    w.description,
    w.active,
    w.filters,
    w.after_event_id,
    w.created_at,
    w.updated_at,
  );
}

const LIVE_WEBHOOK = rows<[id: string], WebhookRow>(
  'SELECT * FROM webhooks WHERE webhook_id = ? AND deleted_at IS NULL',
);

/** A webhook not deleted. */
export function liveWebhook(store: Store, id: string): WebhookRow | undefined {
  return LIVE_WEBHOOK.get(store, id);
}

const LIVE_WEBHOOKS = rows<[], WebhookRow>(
  'SELECT * FROM webhooks INDEXED BY webhooks_live WHERE deleted_at IS NULL ORDER BY created_at, webhook_id',
);

export function liveWebhooks(store: Store): WebhookRow[] {
  return LIVE_WEBHOOKS.all(store);
}

const UPDATE_WEBHOOK_ROW = write<
  [
    title: string,
    target_url: string,
    filters: Json<WebhookSubscriptionFilters>,
    updated_at: number,
    id: string,
  ]
>('UPDATE webhooks SET title = ?, target_url = ?, filters = ?, updated_at = ? WHERE webhook_id = ?');

export function updateWebhookRow(
  store: Store,
  id: string,
  fields: {
    title: string;
    target_url: string;
    filters: Json<WebhookSubscriptionFilters>;
    updated_at: number;
  },
): void {
  UPDATE_WEBHOOK_ROW.run(store, fields.title, fields.target_url, fields.filters, fields.updated_at, id);
}

const SET_WEBHOOK_ACTIVE = write<
  [on: number, latestEventId: number, on2: number, at: number, id: string]
>(`UPDATE webhooks SET after_event_id = CASE WHEN ? = 1 AND active = 0 THEN ? ELSE after_event_id END,
        active = ?, updated_at = ? WHERE webhook_id = ?`);

/**
 * Turns a webhook on or off. Turned back on, it takes only events after `latestEventId`: what
 * happened while it was off is not for it (the dispatcher's cursor stands still while no webhook is
 * on, so without this those events would be matched when it came back).
 */
export function setWebhookActive(
  store: Store,
  id: string,
  active: boolean,
  at: number,
  latestEventId: number,
): void {
  const on = active ? 1 : 0;
  SET_WEBHOOK_ACTIVE.run(store, on, latestEventId, on, at, id);
  if (!active) cancelOrphanedDeliveries(store, at);
}

const MARK_WEBHOOK_DELETED = write<[at: number, at2: number, id: string]>(
  'UPDATE webhooks SET deleted_at = ?, updated_at = ?, active = 0 WHERE webhook_id = ?',
);

export function markWebhookDeleted(store: Store, id: string, at: number): void {
  MARK_WEBHOOK_DELETED.run(store, at, at, id);
  cancelOrphanedDeliveries(store, at);
}

const CANCEL_ORPHANED_DELIVERIES = write<
  [at: number]
>(`UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, updated_at = ?,
         error = (SELECT CASE WHEN w.deleted_at IS NULL THEN 'webhook is inactive' ELSE 'webhook was deleted' END
                  FROM webhooks w WHERE w.webhook_id = webhook_deliveries.webhook_id)
       WHERE status = 'pending' AND webhook_id IN (SELECT webhook_id FROM webhooks WHERE active = 0 OR deleted_at IS NOT NULL)`);

/** Ends the pending deliveries of webhooks turned off or deleted: they are never sent. */
export function cancelOrphanedDeliveries(store: Store, at: number): void {
  CANCEL_ORPHANED_DELIVERIES.run(store, at);
}

const INSERT_SECRET = write<
  [
    uid: string,
    webhook_id: string,
    value: string,
    created_at: number,
    updated_at: number,
    expires_at: number | null,
  ]
>(
  'INSERT INTO webhook_secrets (uid, webhook_id, value, created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
);

export function insertSecret(store: Store, s: SecretRow): void {
  INSERT_SECRET.run(store, s.uid, s.webhook_id, s.value, s.created_at, s.updated_at, s.expires_at);
}

const VALID_SECRETS = rows<
  [webhookIds: string, now: number],
  SecretRow
>(`SELECT * FROM webhook_secrets WHERE webhook_id IN (SELECT value FROM json_each(?))
       AND (expires_at IS NULL OR expires_at > ?) ORDER BY created_at DESC, rowid DESC`);

/** Secrets of these webhooks still valid at `now` (the current one has no expiry), newest first. */
export function validSecrets(store: Store, webhookIds: readonly string[], now: number): SecretRow[] {
  return VALID_SECRETS.all(store, JSON.stringify(webhookIds), now);
}

const EXPIRE_CURRENT_SECRETS = write<[expiresAt: number, at: number, webhookId: string]>(
  'UPDATE webhook_secrets SET expires_at = ?, updated_at = ? WHERE webhook_id = ? AND expires_at IS NULL',
);

/** Gives the secrets still without an expiry one (rotation: they stay valid until then). */
export function expireCurrentSecrets(store: Store, webhookId: string, expiresAt: number, at: number): void {
  EXPIRE_CURRENT_SECRETS.run(store, expiresAt, at, webhookId);
}

const CURRENT_SECRET = column<
  [webhookId: string],
  string
>(`SELECT value FROM webhook_secrets WHERE webhook_id = ? AND expires_at IS NULL
       ORDER BY created_at DESC, rowid DESC LIMIT 1`);

/** The secret deliveries are signed with: the newest without an expiry. */
export function currentSecret(store: Store, webhookId: string): string | undefined {
  return CURRENT_SECRET.get(store, webhookId);
}

const DISPATCH_CURSOR = column<[], number>('SELECT cursor FROM webhook_dispatch WHERE id = 1');

export function dispatchCursor(store: Store): number | undefined {
  return DISPATCH_CURSOR.get(store);
}

const SET_DISPATCH_CURSOR = write<[cursor: number]>(
  'INSERT INTO webhook_dispatch (id, cursor) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET cursor = excluded.cursor',
);

export function setDispatchCursor(store: Store, cursor: number): void {
  SET_DISPATCH_CURSOR.run(store, cursor);
}

const INSERT_DELIVERIES = write<[event_id: number, payload: string]>(
  'INSERT OR IGNORE INTO webhook_payloads (event_id, payload) VALUES (?, ?)',
);
const INSERT_DELIVERIES_2 = rows<
  [event_id: number, event_type: string, at: number, at2: number, at3: number, list: string],
  { id: number; webhook_id: string }
>(`INSERT OR IGNORE INTO webhook_deliveries (webhook_id, event_id, event_type, payload, next_attempt_at,
        created_at, updated_at) SELECT value, ?, ?, '', ?, ?, ? FROM json_each(?) WHERE true
       RETURNING id, webhook_id`);

/**
 * One event's deliveries to these webhooks in one statement, its body stored once (in
 * webhook_payloads). Returns those inserted: a webhook that already had the event gets none.
 */
export function insertDeliveries(
  store: Store,
  d: { webhook_ids: readonly string[]; event_id: number; event_type: string; payload: string; at: number },
): { id: number; webhook_id: string }[] {
  INSERT_DELIVERIES.run(store, d.event_id, d.payload);
  return INSERT_DELIVERIES_2.all(
    store,
    d.event_id,
    d.event_type,
    d.at,
    d.at,
    d.at,
    JSON.stringify(d.webhook_ids),
  );
}

/** Delivery rows with their payload, wherever it is kept (see webhookPayloads in the schema). */
const DELIVERY = `SELECT d.id, d.webhook_id, d.event_id, d.event_type, COALESCE(p.payload, d.payload) AS payload,
  d.status, d.attempts, d.attempts_before, d.next_attempt_at, d.response_status, d.error, d.duration_ms,
  d.created_at, d.updated_at, d.delivered_at FROM webhook_deliveries d`;
const WITH_PAYLOAD = 'LEFT JOIN webhook_payloads p ON p.event_id = d.event_id';

const DUE_DELIVERIES = rows<
  [webhookId: string, now: number, limit: number],
  DeliveryRow
>(`${DELIVERY} INDEXED BY webhook_deliveries_due_by_webhook ${WITH_PAYLOAD}
       WHERE d.webhook_id = ? AND d.status = 'pending' AND d.next_attempt_at <= ?
       ORDER BY d.next_attempt_at, d.id LIMIT ?`);

/**
 * One webhook's pending deliveries due at `now`, oldest first, at most `limit` of them, leaving out
 * those in `skip` (in flight: a handful, cheaper to read and drop here than to pass into SQL).
 */
export function dueDeliveries(
  store: Store,
  webhookId: string,
  now: number,
  skip: ReadonlySet<number>,
  limit: number,
): DeliveryRow[] {
  const rows = DUE_DELIVERIES.all(store, webhookId, now, limit + skip.size);
  return rows.filter((r) => !skip.has(r.id)).slice(0, limit);
}

const NEXT_DUE_AT = column<[], number | null>(
  `SELECT MIN(next_attempt_at) FROM webhook_deliveries INDEXED BY webhook_deliveries_due WHERE status = 'pending'`,
);

/** When the next pending delivery falls due (unix ms), or undefined when none is pending. */
export function nextDueAt(store: Store): number | undefined {
  return NEXT_DUE_AT.get(store) ?? undefined;
}

const DELIVERY_BY_ID = rows<[id: number], DeliveryRow>(`${DELIVERY} ${WITH_PAYLOAD} WHERE d.id = ?`);

export function deliveryById(store: Store, id: number): DeliveryRow | undefined {
  return DELIVERY_BY_ID.get(store, id);
}

/** One attempt and the state it leaves its delivery in. */
export type AttemptRecord = AttemptRow & {
  status: DeliveryStatus;
  next_attempt_at: number | null;
  at: number;
};

/** Records attempts and their deliveries' new states, all in one transaction. */
export function recordAttempts(store: Store, attempts: readonly AttemptRecord[]): void {
  store.tx(() => {
    for (const a of attempts) recordAttempt(store, a);
  });
}

const RECORD_ATTEMPT = write<
  [
    delivery_id: number,
    attempt: number,
    started_at: number,
    duration_ms: number,
    response_status: number | null,
    error: string | null,
    signature: string | null,
  ]
>(`INSERT OR REPLACE INTO webhook_attempts (delivery_id, attempt, started_at, duration_ms, response_status, error,
        signature) VALUES (?, ?, ?, ?, ?, ?, ?)`);
const RECORD_ATTEMPT_2 = write<
  [
    status: string,
    attempt: number,
    next_attempt_at: number | null,
    response_status: number | null,
    error: string | null,
    duration_ms: number,
    at: number,
    status2: string,
    at2: number,
    delivery_id: number,
  ]
>(`UPDATE webhook_deliveries SET status = ?, attempts = ?, next_attempt_at = ?, response_status = ?, error = ?,
        duration_ms = ?, updated_at = ?, delivered_at = CASE WHEN ? = 'delivered' THEN ? ELSE delivered_at END
       WHERE id = ?`);

function recordAttempt(store: Store, a: AttemptRecord): void {
  RECORD_ATTEMPT.run(
    store,
    a.delivery_id,
    a.attempt,
    a.started_at,
    a.duration_ms,
    a.response_status,
    a.error,
    a.signature,
  );
  RECORD_ATTEMPT_2.run(
    store,
    a.status,
    a.attempt,
    a.next_attempt_at,
    a.response_status,
    a.error,
    a.duration_ms,
    a.at,
    a.status,
    a.at,
    a.delivery_id,
  );
}

const REQUEUE_DELIVERY = write<
  [at: number, at2: number, id: number]
>(`UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = ?, updated_at = ?, delivered_at = NULL,
        attempts_before = attempts WHERE id = ?`);

/** Sends a delivery again from now, with a fresh attempt budget (redelivery on request). */
export function requeueDelivery(store: Store, id: number, at: number): void {
  REQUEUE_DELIVERY.run(store, at, at, id);
}

const DELIVERY_ATTEMPTS = rows<[ids: string], AttemptRow>(
  `SELECT * FROM webhook_attempts WHERE delivery_id IN (SELECT value FROM json_each(?)) ORDER BY delivery_id, attempt`,
);

export function deliveryAttempts(store: Store, ids: readonly number[]): AttemptRow[] {
  return DELIVERY_ATTEMPTS.all(store, JSON.stringify(ids));
}

const LIST_DELIVERIES = rows<
  [{ webhook: string | null; status: DeliveryStatus | null; before: number; limit: number }],
  DeliveryRow
>(`${DELIVERY} ${WITH_PAYLOAD} WHERE (@webhook IS NULL OR d.webhook_id = @webhook)
       AND (@status IS NULL OR d.status = @status) AND d.id < @before ORDER BY d.id DESC LIMIT @limit`);

/** Deliveries newest first, optionally for one webhook and/or status, before id `beforeId`. */
export function listDeliveries(
  store: Store,
  q: { webhookId?: string; status?: DeliveryStatus; beforeId?: number; limit: number },
): DeliveryRow[] {
  return LIST_DELIVERIES.all(store, {
    webhook: q.webhookId ?? null,
    status: q.status ?? null,
    before: q.beforeId ?? Number.MAX_SAFE_INTEGER,
    limit: q.limit,
  });
}
