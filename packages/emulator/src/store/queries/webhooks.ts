// Webhooks, their secrets, the dispatch cursor and the delivery outbox (schema: ../webhooks-schema.ts).
import type { Store } from '../store.js';

export interface WebhookRow {
  webhook_id: string;
  subscription_id: string;
  title: string;
  target_url: string;
  description: string;
  active: number;
  filters: string;
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

export function insertWebhook(store: Store, w: Omit<WebhookRow, 'deleted_at'>): void {
  store
    .stmt(
      `INSERT INTO webhooks (webhook_id, subscription_id, title, target_url, description, active, filters,
        after_event_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
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

/** A webhook not deleted. */
export function liveWebhook(store: Store, id: string): WebhookRow | undefined {
  return store.stmt('SELECT * FROM webhooks WHERE webhook_id = ? AND deleted_at IS NULL').get(id) as
    | WebhookRow
    | undefined;
}

export function liveWebhooks(store: Store): WebhookRow[] {
  return store
    .stmt(
      'SELECT * FROM webhooks INDEXED BY webhooks_live WHERE deleted_at IS NULL ORDER BY created_at, webhook_id',
    )
    .all() as WebhookRow[];
}

export function updateWebhookRow(
  store: Store,
  id: string,
  fields: { title: string; target_url: string; filters: string; updated_at: number },
): void {
  store
    .stmt('UPDATE webhooks SET title = ?, target_url = ?, filters = ?, updated_at = ? WHERE webhook_id = ?')
    .run(fields.title, fields.target_url, fields.filters, fields.updated_at, id);
}

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
  store
    .stmt(
      `UPDATE webhooks SET after_event_id = CASE WHEN ? = 1 AND active = 0 THEN ? ELSE after_event_id END,
        active = ?, updated_at = ? WHERE webhook_id = ?`,
    )
    .run(on, latestEventId, on, at, id);
  if (!active) cancelOrphanedDeliveries(store, at);
}

export function markWebhookDeleted(store: Store, id: string, at: number): void {
  store
    .stmt('UPDATE webhooks SET deleted_at = ?, updated_at = ?, active = 0 WHERE webhook_id = ?')
    .run(at, at, id);
  cancelOrphanedDeliveries(store, at);
}

/** Ends the pending deliveries of webhooks turned off or deleted: they are never sent. */
export function cancelOrphanedDeliveries(store: Store, at: number): void {
  store
    .stmt(
      `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, updated_at = ?,
         error = (SELECT CASE WHEN w.deleted_at IS NULL THEN 'webhook is inactive' ELSE 'webhook was deleted' END
                  FROM webhooks w WHERE w.webhook_id = webhook_deliveries.webhook_id)
       WHERE status = 'pending' AND webhook_id IN (SELECT webhook_id FROM webhooks WHERE active = 0 OR deleted_at IS NOT NULL)`,
    )
    .run(at);
}

export function insertSecret(store: Store, s: SecretRow): void {
  store
    .stmt(
      'INSERT INTO webhook_secrets (uid, webhook_id, value, created_at, updated_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(s.uid, s.webhook_id, s.value, s.created_at, s.updated_at, s.expires_at);
}

/** Secrets of these webhooks still valid at `now` (the current one has no expiry), newest first. */
export function validSecrets(store: Store, webhookIds: readonly string[], now: number): SecretRow[] {
  return store
    .stmt(
      `SELECT * FROM webhook_secrets WHERE webhook_id IN (SELECT value FROM json_each(?))
       AND (expires_at IS NULL OR expires_at > ?) ORDER BY created_at DESC, rowid DESC`,
    )
    .all(JSON.stringify(webhookIds), now) as SecretRow[];
}

/** Gives the secrets still without an expiry one (rotation: they stay valid until then). */
export function expireCurrentSecrets(store: Store, webhookId: string, expiresAt: number, at: number): void {
  store
    .stmt(
      'UPDATE webhook_secrets SET expires_at = ?, updated_at = ? WHERE webhook_id = ? AND expires_at IS NULL',
    )
    .run(expiresAt, at, webhookId);
}

/** The secret deliveries are signed with: the newest without an expiry. */
export function currentSecret(store: Store, webhookId: string): string | undefined {
  return store
    .stmt(
      `SELECT value FROM webhook_secrets WHERE webhook_id = ? AND expires_at IS NULL
       ORDER BY created_at DESC, rowid DESC LIMIT 1`,
    )
    .pluck()
    .get(webhookId) as string | undefined;
}

export function dispatchCursor(store: Store): number | undefined {
  return store.stmt('SELECT cursor FROM webhook_dispatch WHERE id = 1').pluck().get() as number | undefined;
}

export function setDispatchCursor(store: Store, cursor: number): void {
  store
    .stmt(
      'INSERT INTO webhook_dispatch (id, cursor) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET cursor = excluded.cursor',
    )
    .run(cursor);
}

/**
 * One event's deliveries to these webhooks in one statement, its body stored once (in
 * webhook_payloads). Returns those inserted: a webhook that already had the event gets none.
 */
export function insertDeliveries(
  store: Store,
  d: { webhook_ids: readonly string[]; event_id: number; event_type: string; payload: string; at: number },
): { id: number; webhook_id: string }[] {
  store
    .stmt('INSERT OR IGNORE INTO webhook_payloads (event_id, payload) VALUES (?, ?)')
    .run(d.event_id, d.payload);
  return store
    .stmt(
      `INSERT OR IGNORE INTO webhook_deliveries (webhook_id, event_id, event_type, payload, next_attempt_at,
        created_at, updated_at) SELECT value, ?, ?, '', ?, ?, ? FROM json_each(?) WHERE true
       RETURNING id, webhook_id`,
    )
    .all(d.event_id, d.event_type, d.at, d.at, d.at, JSON.stringify(d.webhook_ids)) as {
    id: number;
    webhook_id: string;
  }[];
}

/** Delivery rows with their payload, wherever it is kept (see webhookPayloads in the schema). */
const DELIVERY = `SELECT d.id, d.webhook_id, d.event_id, d.event_type, COALESCE(p.payload, d.payload) AS payload,
  d.status, d.attempts, d.attempts_before, d.next_attempt_at, d.response_status, d.error, d.duration_ms,
  d.created_at, d.updated_at, d.delivered_at FROM webhook_deliveries d`;
const WITH_PAYLOAD = 'LEFT JOIN webhook_payloads p ON p.event_id = d.event_id';

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
  const rows = store
    .stmt(
      `${DELIVERY} INDEXED BY webhook_deliveries_due_by_webhook ${WITH_PAYLOAD}
       WHERE d.webhook_id = ? AND d.status = 'pending' AND d.next_attempt_at <= ?
       ORDER BY d.next_attempt_at, d.id LIMIT ?`,
    )
    .all(webhookId, now, limit + skip.size) as DeliveryRow[];
  return rows.filter((r) => !skip.has(r.id)).slice(0, limit);
}

/** When the next pending delivery falls due (unix ms), or undefined when none is pending. */
export function nextDueAt(store: Store): number | undefined {
  return (
    (store
      .stmt(
        `SELECT MIN(next_attempt_at) FROM webhook_deliveries INDEXED BY webhook_deliveries_due WHERE status = 'pending'`,
      )
      .pluck()
      .get() as number | null) ?? undefined
  );
}

export function deliveryById(store: Store, id: number): DeliveryRow | undefined {
  return store.stmt(`${DELIVERY} ${WITH_PAYLOAD} WHERE d.id = ?`).get(id) as DeliveryRow | undefined;
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

function recordAttempt(store: Store, a: AttemptRecord): void {
  store
    .stmt(
      `INSERT OR REPLACE INTO webhook_attempts (delivery_id, attempt, started_at, duration_ms, response_status, error,
        signature) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(a.delivery_id, a.attempt, a.started_at, a.duration_ms, a.response_status, a.error, a.signature);
  store
    .stmt(
      `UPDATE webhook_deliveries SET status = ?, attempts = ?, next_attempt_at = ?, response_status = ?, error = ?,
        duration_ms = ?, updated_at = ?, delivered_at = CASE WHEN ? = 'delivered' THEN ? ELSE delivered_at END
       WHERE id = ?`,
    )
    .run(
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

/** Sends a delivery again from now, with a fresh attempt budget (redelivery on request). */
export function requeueDelivery(store: Store, id: number, at: number): void {
  store
    .stmt(
      `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = ?, updated_at = ?, delivered_at = NULL,
        attempts_before = attempts WHERE id = ?`,
    )
    .run(at, at, id);
}

export function deliveryAttempts(store: Store, ids: readonly number[]): AttemptRow[] {
  return store
    .stmt(
      `SELECT * FROM webhook_attempts WHERE delivery_id IN (SELECT value FROM json_each(?)) ORDER BY delivery_id, attempt`,
    )
    .all(JSON.stringify(ids)) as AttemptRow[];
}

/** Deliveries newest first, optionally for one webhook and/or status, before id `beforeId`. */
export function listDeliveries(
  store: Store,
  q: { webhookId?: string; status?: DeliveryStatus; beforeId?: number; limit: number },
): DeliveryRow[] {
  return store
    .stmt(
      `${DELIVERY} ${WITH_PAYLOAD} WHERE (@webhook IS NULL OR d.webhook_id = @webhook)
       AND (@status IS NULL OR d.status = @status) AND d.id < @before ORDER BY d.id DESC LIMIT @limit`,
    )
    .all({
      webhook: q.webhookId ?? null,
      status: q.status ?? null,
      before: q.beforeId ?? Number.MAX_SAFE_INTEGER,
      limit: q.limit,
    }) as DeliveryRow[];
}
