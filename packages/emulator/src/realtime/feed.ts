// Events to subscriptions. One feed per store reads each new event once (woken after the commit
// that wrote it, never polling) and hands it to every subscription that is live. A subscription
// starts by replaying from its own cursor out of the log, then joins the feed; one whose socket
// backs up leaves the feed and catches up from the log again once the socket drains, so the event
// log, not memory, is the buffer and nothing is sent twice or skipped.

import { snapshotsOf } from '../domain/snapshots.js';
import {
  type CompiledFilter,
  type EmulatorEvent,
  type EventType,
  eventBody,
  eventsAfter,
  latestEventId,
  matchesFilters,
  onEventsAppended,
} from '../events/index.js';
import type { Store } from '../store/store.js';

/** Events read from the log per step of a replay. */
const PAGE = 200;

/** The socket side of a subscription (session.ts). */
export interface Outlet {
  /** Sends one event notification; `json` is the event body already encoded. */
  send(subscription: Subscription, event: EmulatorEvent, json: string): void;
  /** True while the socket holds more unsent bytes than its cap. */
  backedUp(): boolean;
  /** Resolves once the socket is below its cap; closes the socket (and rejects) when it stays stalled. */
  drained(): Promise<void>;
  readonly closed: boolean;
}

export class Subscription {
  private live = false;
  constructor(
    readonly id: string,
    private readonly feed: EventFeed,
    private readonly outlet: Outlet,
    private readonly filters: Partial<Record<EventType, CompiledFilter>>,
    /** The id of the last event this subscription has seen (sent or not matching). */
    private cursor: number,
  ) {}

  /** Replays from the cursor and then follows the feed. */
  start(): void {
    this.feed.track(this);
    void this.catchUp();
  }

  stop(): void {
    this.feed.leave(this);
    this.feed.untrack(this);
    this.live = false;
  }

  /** After a restore: a position beyond the restored log would skip new events if ids went back. */
  clampTo(latest: number): void {
    this.cursor = Math.min(this.cursor, latest);
  }

  /** From the feed: an event every live subscription sees once, in id order. */
  offer(event: EmulatorEvent, json: string): void {
    if (event.event_id <= this.cursor) return;
    this.cursor = event.event_id;
    if (matchesFilters(this.filters, event)) this.outlet.send(this, event, json);
    if (this.outlet.backedUp()) {
      this.feed.leave(this);
      this.live = false;
      void this.catchUp();
    }
  }

  private async catchUp(): Promise<void> {
    while (!this.outlet.closed && !this.live) {
      if (this.outlet.backedUp()) {
        try {
          await this.outlet.drained();
        } catch {
          return;
        }
        continue;
      }
      const { events, cursor } = eventsAfter(this.feed.store, this.cursor, PAGE, this.feed.origin);
      for (const event of events) {
        if (matchesFilters(this.filters, event)) this.outlet.send(this, event, encodeBody(event));
      }
      this.cursor = cursor;
      if (events.length < PAGE) {
        // Read up to the newest event in this same synchronous step: the feed has not passed it.
        this.live = true;
        this.feed.join(this);
        return;
      }
      // Let the socket and other connections have the thread between pages of a long replay.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

const encodeBody = (event: EmulatorEvent) => JSON.stringify(eventBody(event));

/** The live side: reads each event after a commit once and offers it to live subscriptions. */
export class EventFeed {
  private readonly live = new Set<Subscription>();
  /** Every started subscription, live or catching up. */
  private readonly all = new Set<Subscription>();
  private cursor: number;
  private scheduled = false;
  private readonly unlisten: () => void;
  private readonly unrestore: () => void;

  constructor(
    readonly store: Store,
    /** The emulator's origin, for absolute asset URLs in event data (as the webhooks' dispatcher). */
    readonly origin: string,
  ) {
    this.cursor = latestEventId(store);
    // After the writer's own answer is on its way: fanning out to many sockets must not delay it.
    this.unlisten = onEventsAppended(store, () => {
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.pull();
      });
    });
    // The restored log is what was there at the snapshot: read on from its newest event.
    this.unrestore = snapshotsOf(store).onRestore(() => {
      this.cursor = latestEventId(store);
      for (const s of this.all) s.clampTo(this.cursor);
    });
  }

  track(subscription: Subscription): void {
    this.all.add(subscription);
  }

  untrack(subscription: Subscription): void {
    this.all.delete(subscription);
  }

  /** Where a subscription without from_event_id starts: after the newest event there is. */
  newest(): number {
    return latestEventId(this.store);
  }

  join(subscription: Subscription): void {
    this.live.add(subscription);
  }

  leave(subscription: Subscription): void {
    this.live.delete(subscription);
  }

  close(): void {
    this.unlisten();
    this.unrestore();
    this.live.clear();
    this.all.clear();
  }

  private pull(): void {
    // Nobody live: skip to the newest id without reading (hydrating) what nobody would receive.
    if (this.live.size === 0) {
      this.cursor = latestEventId(this.store);
      return;
    }
    for (;;) {
      const { events, cursor } = eventsAfter(this.store, this.cursor, PAGE, this.origin);
      this.cursor = cursor;
      for (const event of events) {
        const json = encodeBody(event);
        for (const subscription of [...this.live]) subscription.offer(event, json);
      }
      if (events.length < PAGE) return;
    }
  }
}
