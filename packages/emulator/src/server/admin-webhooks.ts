// /_emulator/webhooks: the delivery log (filter by webhook and status; payload, attempts, response
// status and time), redelivery by id, and secret rotation (the old secret stays valid for a grace
// period, default a day, so receivers can roll over).

import type { Route } from '../edge/router.js';
import { NotFoundError, ValidationError } from '../ground/errors.js';
import { isoTime, MAX_TIME_MS } from '../store/clock.js';
import {
  type DeliveryRow,
  type DeliveryStatus,
  deliveryAttempts,
  deliveryById,
  listDeliveries,
  requeueDelivery,
} from '../store/queries/webhooks.js';
import type { Store } from '../store/store.js';
import { webhookDispatcher } from '../webhooks/dispatcher.js';
import { renderWebhooks, rotateSecret } from '../webhooks/model.js';
import { queryLimit } from './query.js';

const STATUSES: DeliveryStatus[] = ['pending', 'delivered', 'failed'];
const iso = (ms: number | null) => (ms === null ? null : isoTime(ms));

function renderDeliveries(store: Store, rows: DeliveryRow[]) {
  const attempts = deliveryAttempts(
    store,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    webhook_id: r.webhook_id,
    event_id: r.event_id,
    type: r.event_type,
    status: r.status,
    attempts: r.attempts,
    response_status: r.response_status,
    error: r.error,
    duration_ms: r.duration_ms,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    delivered_at: iso(r.delivered_at),
    next_attempt_at: r.status === 'pending' ? iso(r.next_attempt_at) : null,
    payload: JSON.parse(r.payload) as unknown,
    attempt_log: attempts
      .filter((a) => a.delivery_id === r.id)
      .map((a) => ({
        attempt: a.attempt,
        started_at: iso(a.started_at),
        duration_ms: a.duration_ms,
        response_status: a.response_status,
        error: a.error,
        signature: a.signature,
      })),
  }));
}

/** One entry of the delivery log as it is served. */
export type DeliveryView = ReturnType<typeof renderDeliveries>[number];

function deliveryId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0) throw new ValidationError('id must be a delivery id', 'id');
  return id;
}

export function adminWebhookRoutes(store: Store): Route[] {
  return [
    {
      method: 'GET',
      path: '/_emulator/webhooks/deliveries',
      handler({ url }) {
        const q = url.searchParams;
        const status = q.get('status') ?? undefined;
        if (status !== undefined && !STATUSES.includes(status as DeliveryStatus))
          throw new ValidationError(`status must be one of ${STATUSES.join(', ')}`, 'status');
        const limit = queryLimit(q, 50, 500);
        const cursor = q.get('cursor');
        const beforeId = cursor === null ? undefined : deliveryId(cursor);
        const rows = listDeliveries(store, {
          webhookId: q.get('webhook_id') ?? undefined,
          status: status as DeliveryStatus | undefined,
          beforeId,
          limit,
        });
        return {
          json: {
            deliveries: renderDeliveries(store, rows),
            next: { cursor: rows.length === limit ? String(rows[rows.length - 1]!.id) : null },
          },
        };
      },
    },
    {
      method: 'GET',
      path: '/_emulator/webhooks/deliveries/:id',
      handler({ params }) {
        const row = deliveryById(store, deliveryId(params.id));
        if (!row) throw new NotFoundError(`delivery ${params.id} not found`, 'id');
        return { json: { delivery: renderDeliveries(store, [row])[0] } };
      },
    },
    {
      method: 'POST',
      path: '/_emulator/webhooks/deliveries/:id/redeliver',
      handler({ params }) {
        const id = deliveryId(params.id);
        if (!deliveryById(store, id)) throw new NotFoundError(`delivery ${params.id} not found`, 'id');
        requeueDelivery(store, id, store.now());
        void webhookDispatcher(store)?.processDue();
        return { json: { delivery: renderDeliveries(store, [deliveryById(store, id)!])[0] } };
      },
    },
    {
      method: 'POST',
      path: '/_emulator/webhooks/:webhook_id/rotate-secret',
      body: 'json',
      handler({ params, body }) {
        const grace = (body as { grace_seconds?: unknown } | undefined)?.grace_seconds;
        if (grace !== undefined && (typeof grace !== 'number' || !Number.isFinite(grace) || grace < 0))
          throw new ValidationError('grace_seconds must be a non-negative number', 'grace_seconds');
        if (grace !== undefined && store.now() + grace * 1000 > MAX_TIME_MS)
          throw new ValidationError(
            `grace_seconds would keep the old secret past ${isoTime(MAX_TIME_MS)}, the latest time the emulator takes`,
            'grace_seconds',
          );
        const row = rotateSecret(store, params.webhook_id, grace === undefined ? undefined : grace * 1000);
        return { json: { webhook: renderWebhooks(store, [row])[0] } };
      },
    },
  ];
}
