// Webhook-style events: what a webhook delivers and what realtime subscribers receive.
import type { WebhookTradeCreated } from '@castkit/sdk';
import { WEBHOOK_EVENT_TYPES, type WebhookEvent } from '@castkit/sdk/2.x';

/** The event types webhooks and realtime subscriptions take: the SDK's list, one for both sides. */
export const EVENT_TYPES = WEBHOOK_EVENT_TYPES;

export type EventType = (typeof EVENT_TYPES)[number];

export const isEventType = (value: unknown): value is EventType => EVENT_TYPES.some((t) => t === value);

/**
 * The body a webhook POSTs (`{ created_at, type, data }`), typed as the SDK types it for receivers:
 * 2.44's events, and 3.x's `trade.created`, which 2.44 had not.
 */
export type EventBody = WebhookEvent | WebhookTradeCreated;

/** An event with the id of the log entry it comes from: ids only increase, so they resume a stream. */
export type EmulatorEvent = EventBody & { event_id: number };

/** The delivered body: the event without its id, in the key order receivers see. */
export function eventBody(event: EmulatorEvent): EventBody {
  const { event_id: _, ...body } = event;
  return body as EventBody;
}
