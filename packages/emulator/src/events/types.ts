// Webhook-style events: what a webhook delivers and what realtime subscribers receive.
import type { Cast, WebhookEvent } from '@castkit/sdk';

export const EVENT_TYPES = [
  'cast.created',
  'cast.deleted',
  'user.created',
  'user.updated',
  'follow.created',
  'follow.deleted',
  'reaction.created',
  'reaction.deleted',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** The SDK's event types have no cast.deleted yet; it carries the cast as it was. */
export interface CastDeletedEvent {
  type: 'cast.deleted';
  created_at: number;
  event_timestamp: string;
  data: Cast;
}

/** The body a webhook POSTs (`{ created_at, type, data }`, plus event_timestamp where the SDK types it). */
export type EventBody = WebhookEvent | CastDeletedEvent;

/** An event with the id of the hub event it comes from: ids only increase, so they resume a stream. */
export type EmulatorEvent = EventBody & { event_id: number };

/** The delivered body: the event without its id, in the key order receivers see. */
export function eventBody(event: EmulatorEvent): EventBody {
  const { event_id: _, ...body } = event;
  return body as EventBody;
}
