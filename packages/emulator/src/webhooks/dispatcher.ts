// The durable outbox's two halves. `pump` (after each commit that appended hub events) reads the
// new events, matches them against active webhooks and inserts one delivery per match, advancing
// the cursor in the same transaction: a crash at any point loses nothing and repeats nothing.
// `processDue` POSTs what is due, off the write path, a few at a time per webhook; a delivery is
// marked delivered only after a 2xx, retried with exponential backoff and jitter otherwise, and
// failed after the last attempt. Due times come from store.now(), so a virtual clock moves them.
import { type CompiledFilter, compileFilters, matchesFilters } from '../events/filters.js';
import { eventsAfter, latestEventId } from '../events/log.js';
import type { EventType } from '../events/types.js';
import { eventBody } from '../events/types.js';
import { onEventsAppended } from '../events/wake.js';
import {
  cancelOrphanedDeliveries,
  currentSecret,
  type DeliveryRow,
  dispatchCursor,
  dueDeliveries,
  insertDelivery,
  liveWebhooks,
  nextDueAt,
  recordAttempt,
  setDispatchCursor,
  type WebhookRow,
} from '../store/queries/webhooks.js';
import { snapshotsOf } from '../store/snapshots.js';
import type { Store } from '../store/store.js';
import { WebhookSender } from './sender.js';
import { SIGNATURE_HEADER, signBody } from './sign.js';

export interface DispatcherOptions {
  /** The emulator's origin, for absolute asset URLs in event data. */
  origin: string;
  /** Per attempt, ms (default 10 s, the webhook's http_timeout). */
  attemptTimeoutMs?: number;
  /** Attempts before a delivery is marked failed (default 6). */
  maxAttempts?: number;
  /** First retry delay, ms; doubles each attempt, with jitter (default 1 s, at most 10 min). */
  retryBaseMs?: number;
  /** Requests in flight per webhook (default 4). */
  concurrencyPerWebhook?: number;
}

const EVENTS_PER_TX = 200;
const MAX_RETRY_MS = 10 * 60 * 1000;

interface Hook {
  row: WebhookRow;
  match: Partial<Record<EventType, CompiledFilter>>;
}

export class WebhookDispatcher {
  private readonly timeoutMs: number;
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly perWebhook: number;
  /** Delivery ids in flight, by webhook. */
  private readonly inFlight = new Map<string, Set<number>>();
  private readonly compiled = new Map<string, Hook>();
  private readonly sender = new WebhookSender();
  private readonly unsubscribe: () => void;
  private readonly unclock: () => void;
  private readonly unrestore: () => void;
  /** Bumped by a restore: sends started before it end unrecorded (their rows were put back). */
  private generation = 0;
  /** Events at or below this id were in the log a restore put back: never matched again. */
  private floor = 0;
  private scheduled = false;
  private dueQueued = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private readonly sends = new Set<Promise<void>>();

  constructor(
    private readonly store: Store,
    private readonly options: DispatcherOptions,
  ) {
    this.timeoutMs = options.attemptTimeoutMs ?? 10_000;
    this.maxAttempts = options.maxAttempts ?? 6;
    this.retryBaseMs = options.retryBaseMs ?? 1000;
    this.perWebhook = options.concurrencyPerWebhook ?? 4;
    this.unsubscribe = onEventsAppended(store, () => this.schedule());
    // A moved clock may have made retries due: whoever moved it hears back once they are sent.
    this.unclock = store.onClockChange(() => this.processDue());
    this.unrestore = snapshotsOf(store).onRestore(() => this.restored());
    // Resume: match what arrived while nobody was running, send what is still pending (never for a
    // webhook turned off or deleted meanwhile).
    cancelOrphanedDeliveries(store, store.now());
    this.schedule();
  }

  /** Runs pump + processDue soon, once, after the current writer has answered. */
  schedule(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.stopped) return;
      this.pump();
      this.processDue();
    });
  }

  /**
   * After a reset, restore or import the outbox is what the snapshot held; the events in the
   * restored log were matched (or not) before it, so the cursor moves past them (a snapshot taken
   * between a commit and its pump would otherwise match that event again), and past nothing newer
   * even if ids went back. Pending deliveries of the snapshot are pending again and are sent.
   */
  private restored(): void {
    this.generation++;
    this.inFlight.clear();
    this.compiled.clear();
    cancelOrphanedDeliveries(this.store, this.store.now());
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    // Kept in memory, not written: the restored tables stay exactly the snapshot's.
    this.floor = latestEventId(this.store);
    this.schedule();
  }

  /** Turns new events into deliveries (synchronous; each batch one transaction). */
  pump(): void {
    for (;;) {
      const more = this.store.tx(() => {
        const hooks = this.activeHooks();
        // Nobody listens: nothing to translate or record.
        if (hooks.length === 0) return false;
        const stored = dispatchCursor(this.store);
        // Events at or before every webhook's creation concern none of them.
        const cursor = Math.max(stored ?? 0, this.floor, Math.min(...hooks.map((h) => h.row.after_event_id)));
        const { events, cursor: next } = eventsAfter(this.store, cursor, EVENTS_PER_TX, this.options.origin);
        const at = this.store.now();
        for (const event of events) {
          let payload: string | undefined;
          for (const hook of hooks) {
            if (event.event_id <= hook.row.after_event_id || !matchesFilters(hook.match, event)) continue;
            payload ??= JSON.stringify(eventBody(event));
            insertDelivery(this.store, {
              webhook_id: hook.row.webhook_id,
              event_id: event.event_id,
              event_type: event.type,
              payload,
              at,
            });
          }
        }
        if (next !== stored) setDispatchCursor(this.store, next);
        return events.length >= EVENTS_PER_TX;
      });
      if (!more) return;
    }
  }

  private activeHooks(): Hook[] {
    const out: Hook[] = [];
    for (const row of liveWebhooks(this.store)) {
      if (!row.active) continue;
      const key = `${row.webhook_id}`;
      let hook = this.compiled.get(key);
      if (!hook || hook.row.updated_at !== row.updated_at || hook.row.filters !== row.filters) {
        hook = { row, match: compileFilters(JSON.parse(row.filters)) };
        this.compiled.set(key, hook);
      }
      hook.row = row;
      out.push(hook);
    }
    return out;
  }

  /**
   * Starts sending every delivery due now (within the concurrency limits) and resolves when those
   * sends have finished. What the virtual clock calls after it moves.
   */
  async processDue(): Promise<void> {
    if (this.stopped) return;
    const now = this.store.now();
    const started: Promise<void>[] = [];
    // Per webhook, only as many as it has free slots: a backlog is never read to be skipped.
    for (const hook of this.activeHooks()) {
      const id = hook.row.webhook_id;
      const flying = this.inFlight.get(id) ?? new Set<number>();
      const free = this.perWebhook - flying.size;
      if (free <= 0) continue;
      const due = dueDeliveries(this.store, id, now, [...flying], free);
      if (due.length === 0) continue;
      const secret = currentSecret(this.store, id);
      if (!secret) continue;
      this.inFlight.set(id, flying);
      for (const d of due) {
        flying.add(d.id);
        const generation = this.generation;
        const send = this.attempt(d, hook.row.target_url, secret, generation).finally(() => {
          this.sends.delete(send);
          flying.delete(d.id);
          // A slot freed or a retry was scheduled: look again (once for all that end together).
          this.soon();
        });
        this.sends.add(send);
        started.push(send);
      }
    }
    this.armTimer();
    await Promise.all(started);
  }

  private soon(): void {
    if (this.dueQueued || this.stopped) return;
    this.dueQueued = true;
    setImmediate(() => {
      this.dueQueued = false;
      void this.processDue();
    });
  }

  /** Wakes up when the next retry falls due (the clock may be moved sooner; see processDue). */
  private armTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const due = nextDueAt(this.store);
    if (due === undefined || this.stopped) return;
    const wait = Math.max(0, due - this.store.now());
    // A send in flight will look again when it ends.
    if (wait === 0 && [...this.inFlight.values()].some((f) => f.size > 0)) return;
    this.timer = setTimeout(() => void this.processDue(), Math.min(wait, 2 ** 31 - 1));
    this.timer.unref();
  }

  private async attempt(d: DeliveryRow, url: string, secret: string, generation: number): Promise<void> {
    const startedAt = this.store.now();
    const signature = signBody(d.payload, secret);
    const result = await this.post(url, d.payload, signature);
    // Left pending: sent again after a restart; after a restore the row is the snapshot's.
    if (this.stopped || generation !== this.generation) return;
    const attempt = d.attempts + 1;
    const ok = result.status !== undefined && result.status >= 200 && result.status < 300;
    const spent = attempt - d.attempts_before;
    const status = ok ? 'delivered' : spent >= this.maxAttempts ? 'failed' : 'pending';
    const at = this.store.now();
    recordAttempt(this.store, {
      delivery_id: d.id,
      attempt,
      started_at: startedAt,
      duration_ms: result.durationMs,
      response_status: result.status ?? null,
      error: ok ? null : (result.error ?? `receiver answered ${result.status}`),
      signature,
      status,
      next_attempt_at: status === 'pending' ? at + this.backoff(spent) : null,
      at,
    });
  }

  /** Exponential with jitter: between half and all of base·2^(n-1), capped. */
  private backoff(spent: number): number {
    const full = Math.min(MAX_RETRY_MS, this.retryBaseMs * 2 ** (spent - 1));
    return Math.round(full / 2 + (Math.random() * full) / 2);
  }

  private post(url: string, body: string, signature: string) {
    return this.sender.post(
      url,
      body,
      {
        'content-type': 'application/json',
        'user-agent': 'castkit-emulator-webhooks',
        [SIGNATURE_HEADER]: signature,
      },
      this.timeoutMs,
    );
  }

  /** Stops sending; sends in flight end unrecorded and stay pending for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe();
    this.unclock();
    this.unrestore();
    if (this.timer) clearTimeout(this.timer);
    await this.sender.close();
    await Promise.allSettled([...this.sends]);
  }
}

const dispatchers = new WeakMap<Store, WebhookDispatcher>();

/** Starts delivering this store's webhooks (one dispatcher per store). */
export function startWebhooks(store: Store, options: DispatcherOptions): WebhookDispatcher {
  const d = new WebhookDispatcher(store, options);
  dispatchers.set(store, d);
  return d;
}

/** The store's dispatcher, for "process what is due now" (the virtual clock) and redelivery. */
export function webhookDispatcher(store: Store): WebhookDispatcher | undefined {
  return dispatchers.get(store);
}
