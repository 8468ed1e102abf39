// Webhook-style events: what a webhook delivers and what realtime subscribers receive.
import type { WebhookEvent } from '@castkit/sdk';

export const EVENT_TYPES = [
  'cast.created',
  'cast.deleted',
  'user.created',
  'user.updated',
  'follow.created',
  'follow.deleted',
  'reaction.created',
  'reaction.deleted',
] as const satisfies readonly WebhookEvent['type'][];

export type EventType = (typeof EVENT_TYPES)[number];

/** The body a webhook POSTs (`{ created_at, type, data }`), typed as the SDK types it for receivers. */
export type EventBody = WebhookEvent;

/** An event with the id of the hub event it comes from: ids only increase, so they resume a stream. */
export type EmulatorEvent = EventBody & { event_id: number };

/** The delivered body: the event without its id, in the key order receivers see. */
export function eventBody(event: EmulatorEvent): EventBody {
  const { event_id: _, ...body } = event;
  return body as EventBody;
}
