// The event log: hub_events (written in the same transaction as every change; ids only increase)
// read as webhook-style events.
import { hubEventsFrom, latestHubEventId } from '../store/queries/messages.js';
import type { Store } from '../store/store.js';
import { translateHubEvent } from './translate.js';
import type { EmulatorEvent } from './types.js';

/** Hub events read per batch; most translate to one event, some (signers, storage) to none. */
const SCAN = 500;

/**
 * Up to `limit` events with ids after `afterId`, oldest first, and the id read up to (`cursor`):
 * pass it back as `afterId` so hub events that translate to nothing are not read again.
 * `origin`, the serving emulator's, makes asset URLs absolute: not the one the store was seeded
 * from, which a database file reopened on another port no longer answers on.
 */
export function eventsAfter(
  store: Store,
  afterId: number,
  limit: number,
  origin: string,
): { events: EmulatorEvent[]; cursor: number } {
  const events: EmulatorEvent[] = [];
  let cursor = afterId;
  while (events.length < limit) {
    const want = Math.min(SCAN, Math.max(limit - events.length, 50));
    const rows = hubEventsFrom(store, cursor + 1, want);
    for (const row of rows) {
      cursor = row.id;
      const event = translateHubEvent(store, row, origin);
      if (event) events.push(event);
      if (events.length >= limit) break;
    }
    if (rows.length < want) break;
  }
  return { events, cursor };
}

/** The id of the newest hub event (0 when none): where a new subscriber starts. */
export function latestEventId(store: Store): number {
  return latestHubEventId(store) ?? 0;
}
