// /_emulator/webhooks: the delivery log (filter by webhook and status; payload, attempts, response
// status and time), redelivery by id, and secret rotation (the old secret stays valid for a grace
// period, default a day, so receivers can roll over).
import type { Delivery } from '../control/answers.js';
import { NotFoundError, ValidationError } from '../ground/errors.js';
import { isoTime, MAX_TIME_MS } from '../store/clock.js';
import {
  type AttemptRow,
  type DeliveryRow,
  deliveryAttempts,
  deliveryById,
  listDeliveries,
  requeueDelivery,
} from '../store/queries/webhooks.js';
import type { Store } from '../store/store.js';
import { webhookDispatcher } from '../webhooks/dispatcher.js';
import { renderWebhooks, rotateSecret } from '../webhooks/model.js';
import type { ControlHandlers } from './control-routes.js';

/** One entry of the delivery log as it is served. */
export type { Delivery as DeliveryView };

const iso = (ms: number | null) => (ms === null ? null : isoTime(ms));
const payloadOf = (text: string): unknown => JSON.parse(text);

function delivery(r: DeliveryRow, attempts: readonly AttemptRow[]): Delivery {
  return {
    id: r.id,
    webhook_id: r.webhook_id,
    event_id: r.event_id,
    type: r.event_type,
    status: r.status,
    attempts: r.attempts,
    response_status: r.response_status,
    error: r.error,
    duration_ms: r.duration_ms,
    created_at: isoTime(r.created_at),
    updated_at: isoTime(r.updated_at),
    delivered_at: iso(r.delivered_at),
    next_attempt_at: r.status === 'pending' ? iso(r.next_attempt_at) : null,
    payload: payloadOf(r.payload),
    attempt_log: attempts
      .filter((a) => a.delivery_id === r.id)
      .map((a) => ({
        attempt: a.attempt,
        started_at: isoTime(a.started_at),
        duration_ms: a.duration_ms,
        response_status: a.response_status,
        error: a.error,
        signature: a.signature,
      })),
  };
}

/** One delivery by id, with its attempts; a 404 naming `id` when there is none. */
function oneDelivery(store: Store, id: number): { delivery: Delivery } {
  const row = deliveryById(store, id);
  if (!row) throw new NotFoundError(`delivery ${id} not found`, 'id');
  return { delivery: delivery(row, deliveryAttempts(store, [id])) };
}

export function webhookControlHandlers(store: Store) {
  return {
    'GET /_emulator/webhooks/deliveries': ({ query }) => {
      const rows = listDeliveries(store, {
        webhookId: query.webhook_id,
        status: query.status,
        beforeId: query.cursor,
        limit: query.limit,
      });
      const attempts = deliveryAttempts(
        store,
        rows.map((r) => r.id),
      );
      const last = rows.length === query.limit ? rows.at(-1) : undefined;
      return {
        deliveries: rows.map((r) => delivery(r, attempts)),
        next: { cursor: last ? String(last.id) : null },
      };
    },
    'GET /_emulator/webhooks/deliveries/:id': ({ params }) => oneDelivery(store, params.id),
    'POST /_emulator/webhooks/deliveries/:id/redeliver': ({ params: { id } }) => {
      oneDelivery(store, id);
      requeueDelivery(store, id, store.now());
      void webhookDispatcher(store)?.processDue();
      return oneDelivery(store, id);
    },
    'POST /_emulator/webhooks/:webhook_id/rotate-secret': ({ params, body }) => {
      const grace = body.grace_seconds;
      if (grace !== undefined && store.now() + grace * 1000 > MAX_TIME_MS)
        throw new ValidationError(
          `grace_seconds would keep the old secret past ${isoTime(MAX_TIME_MS)}, the latest time the emulator takes`,
          'grace_seconds',
        );
      const row = rotateSecret(store, params.webhook_id, grace === undefined ? undefined : grace * 1000);
      const [webhook] = renderWebhooks(store, [row]);
      if (!webhook) throw new NotFoundError(`no webhook ${params.webhook_id}`, 'webhook_id');
      return { webhook };
    },
  } satisfies Partial<ControlHandlers>;
}
