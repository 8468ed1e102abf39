// The durable outbox's two halves. `pump` (after each commit that appended hub events) reads the
// new events, matches them against active webhooks and inserts one delivery per match, advancing
// the cursor in the same transaction: a crash at any point loses nothing and repeats nothing.
// `processDue` POSTs what is due, off the write path, a few at a time per webhook; a delivery is
// marked delivered only after a 2xx, retried with exponential backoff and jitter otherwise, and
// failed after the last attempt. Due times come from store.now(), so a virtual clock moves them.

import { snapshotsOf } from '../domain/snapshots.js';
import { type CompiledFilter, compileFilters, matchesFilters } from '../events/filters.js';
import { eventsAfter, latestEventId } from '../events/log.js';
import type { EventType } from '../events/types.js';
import { eventBody } from '../events/types.js';
import { targetRefusal } from '../outbound/targets.js';
import { onEventsAppended } from '../store/commit-signal.js';
import {
  type AttemptRecord,
  cancelOrphanedDeliveries,
  currentSecret,
  type DeliveryRow,
  dispatchCursor,
  dueDeliveries,
  insertDeliveries,
  liveWebhooks,
  nextDueAt,
  recordAttempts,
  setDispatchCursor,
  type WebhookRow,
} from '../store/queries/webhooks.js';
import { fromJson } from '../store/statements.js';
import type { Store } from '../store/store.js';
import { type TableWatch, watchTable } from '../store/table-watch.js';
import { type SendResult, WebhookSender } from './sender.js';

export interface DispatcherOptions {
  /** The emulator's origin, for absolute asset URLs in event data. */
  origin: string;
  /** Per attempt, ms (default 10 s, the webhook's http_timeout). */
  attemptTimeoutMs?: number;
  /** Attempts before a delivery is marked failed (default 6). */
  maxAttempts?: number;
  /** First retry delay, ms; doubles each attempt, with jitter (default 1 s, at most 10 min). */
  retryBaseMs?: number;
  /** Requests in flight per webhook (default 16). */
  concurrencyPerWebhook?: number;
}

const EVENTS_PER_TX = 200;
/** Deliveries a caught-up webhook may hold in memory before it reads its backlog from the outbox. */
const FRESH_MAX = 1000;
const MAX_RETRY_MS = 10 * 60 * 1000;

/** What a send needs of a delivery. */
type Sendable = Pick<DeliveryRow, 'id' | 'payload' | 'attempts' | 'attempts_before'>;

interface Hook {
  row: WebhookRow;
  match: Partial<Record<EventType, CompiledFilter>>;
  /**
   * False while every due delivery of this webhook is in flight or in `fresh`: then what to send
   * next is known without reading the outbox (a read per webhook per write was most of what
   * deliveries cost the writers). Set by anything that may make rows due unseen: a timer, a moved
   * clock, a redelivery, a restore, a backlog too long to hold in memory.
   */
  maybeDue: boolean;
  /** Deliveries the pump committed while the webhook was caught up, oldest first, not yet sent. */
  fresh: Sendable[];
  /**
   * Why its target is one the emulator never sends to (outbound/targets.ts): a webhook stored by an
   * older emulator that let it through. Its attempts fail with this, and nothing is sent.
   */
  refused: string | undefined;
}

/** A finished attempt waiting to be recorded with the others of its turn. */
interface Ended {
  row: AttemptRecord;
  generation: number;
  /** Frees the send's slot once its attempt is on record. */
  recorded: () => void;
}

export class WebhookDispatcher {
  private readonly timeoutMs: number;
  private readonly maxAttempts: number;
  private readonly retryBaseMs: number;
  private readonly perWebhook: number;
  /** Delivery ids in flight, by webhook. */
  private readonly inFlight = new Map<string, Set<number>>();
  /** The active webhooks as last read; read again once the table changed, or after a restore. */
  private active: Hook[] | undefined;
  private readonly webhooksWatch: TableWatch;
  private readonly sender = new WebhookSender();
  private readonly unsubscribe: () => void;
  private readonly unclock: () => void;
  private readonly unrestore: () => void;
  /** Bumped by a restore: sends started before it end unrecorded (their rows were put back). */
  private generation = 0;
  /** Events at or below this id were in the log a restore put back: never matched again. */
  private floor = 0;
  private scheduled = false;
  private timer: NodeJS.Timeout | undefined;
  /** The retry timer may be wrong: a retry was recorded, or due rows may be anywhere. */
  private rearm = true;
  private stopped = false;
  /** Attempts that ended this turn, recorded together in one transaction (see record). */
  private ended: Ended[] = [];

  constructor(
    private readonly store: Store,
    private readonly options: DispatcherOptions,
  ) {
    this.timeoutMs = options.attemptTimeoutMs ?? 10_000;
    this.maxAttempts = options.maxAttempts ?? 6;
    this.retryBaseMs = options.retryBaseMs ?? 1000;
    this.perWebhook = options.concurrencyPerWebhook ?? 16;
    this.webhooksWatch = watchTable(store.db, 'webhooks');
    this.unsubscribe = onEventsAppended(store, () => this.schedule());
    // A moved clock may have made retries due: whoever moved it hears back once they are sent.
    this.unclock = store.onClockChange(() => this.processDue());
    this.unrestore = snapshotsOf(store).onRestore(() => this.restored());
    // Resume: match what arrived while nobody was running, send what is still pending (never for a
    // webhook turned off or deleted meanwhile).
    cancelOrphanedDeliveries(store, store.now());
    this.schedule();
  }

  /** Runs pump, then sendDue, soon, once, after the current writer has answered. */
  schedule(): void {
    if (this.scheduled || this.stopped) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.stopped) return;
      this.pump();
      this.sendDue();
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
    this.active = undefined;
    cancelOrphanedDeliveries(this.store, this.store.now());
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.rearm = true;
    // Kept in memory, not written: the restored tables stay exactly the snapshot's.
    this.floor = latestEventId(this.store);
    this.schedule();
  }

  /** Turns new events into deliveries (synchronous; each batch one transaction). */
  pump(): void {
    for (;;) {
      // Read before the transaction: with no webhook, a write costs no transaction here.
      const hooks = this.activeHooks();
      // Nobody listens: nothing to translate or record.
      if (hooks.length === 0) return;
      const inserted: [Hook, Sendable][] = [];
      const more = this.store.tx(() => {
        const stored = dispatchCursor(this.store);
        // Events at or before every webhook's creation concern none of them.
        const cursor = Math.max(stored ?? 0, this.floor, Math.min(...hooks.map((h) => h.row.after_event_id)));
        const { events, cursor: next } = eventsAfter(this.store, cursor, EVENTS_PER_TX, this.options.origin);
        const at = this.store.now();
        for (const event of events) {
          const matched = hooks.filter(
            (hook) => event.event_id > hook.row.after_event_id && matchesFilters(hook.match, event),
          );
          if (matched.length === 0) continue;
          const payload = JSON.stringify(eventBody(event));
          const rows = insertDeliveries(this.store, {
            webhook_ids: matched.map((h) => h.row.webhook_id),
            event_id: event.event_id,
            event_type: event.type,
            payload,
            at,
          });
          for (const { id, webhook_id } of rows) {
            const hook = matched.find((h) => h.row.webhook_id === webhook_id);
            if (hook) inserted.push([hook, { id, payload, attempts: 0, attempts_before: 0 }]);
          }
        }
        if (next !== stored) setDispatchCursor(this.store, next);
        return events.length >= EVENTS_PER_TX;
      });
      // Committed: now they are the outbox's.
      for (const [hook, d] of inserted) {
        if (hook.maybeDue) continue;
        if (hook.fresh.length < FRESH_MAX) hook.fresh.push(d);
        else this.lookAgain(hook);
      }
      if (!more) return;
    }
  }

  /** The webhook reads its due deliveries from the outbox next time. */
  private lookAgain(hook: Hook): void {
    hook.maybeDue = true;
    hook.fresh = [];
  }

  /** The active webhooks with their compiled filters, read again only after the table changed. */
  private activeHooks(): Hook[] {
    // changed() first: asking is what resets it.
    if (this.webhooksWatch.changed() || !this.active) this.active = this.readActive();
    return this.active;
  }

  /**
   * Reads the active webhooks. One that did not change keeps its compiled filters and what it holds
   * in memory; one turned off or deleted is let go, with the deliveries it held.
   */
  private readActive(): Hook[] {
    const before = new Map(this.active?.map((hook) => [hook.row.webhook_id, hook]));
    return liveWebhooks(this.store)
      .filter((row) => row.active)
      .map((row) => {
        const hook = before.get(row.webhook_id);
        if (!hook || hook.row.updated_at !== row.updated_at || hook.row.filters !== row.filters)
          return {
            row,
            match: compileFilters(fromJson(row.filters)),
            maybeDue: true,
            fresh: [],
            refused: targetRefusal(this.store, row.target_url, new URL(row.target_url)),
          };
        hook.row = row;
        return hook;
      });
  }

  /**
   * Starts sending every delivery due now (within the concurrency limits) and resolves when those
   * sends have ended. What the virtual clock, the retry timer and a redelivery call: due rows may
   * be anywhere in the outbox.
   */
  processDue(): Promise<void> {
    // Webhooks read later start out reading the outbox anyway.
    for (const hook of this.active ?? []) this.lookAgain(hook);
    this.rearm = true;
    return new Promise((ended) => this.sendDue(ended));
  }

  /**
   * Sends what is due of the webhooks with free slots, from memory when they are caught up;
   * `ended` is called once every send started here has ended.
   */
  private sendDue(ended?: () => void): void {
    // The store may be closed already.
    if (this.stopped) {
      ended?.();
      return;
    }
    // Counts the sends started here, and this call itself until its loop is done.
    let left = 1;
    const endOne = ended && (() => --left === 0 && ended());
    const now = this.store.now();
    // Per webhook, only as many as it has free slots: a backlog is never read to be skipped.
    for (const hook of this.activeHooks()) {
      if (!hook.maybeDue && hook.fresh.length === 0) continue;
      const id = hook.row.webhook_id;
      const flying = this.inFlight.get(id) ?? new Set<number>();
      const free = this.perWebhook - flying.size;
      if (free <= 0) continue;
      let due: Sendable[];
      if (!hook.maybeDue) due = hook.fresh.splice(0, free);
      else {
        due = dueDeliveries(this.store, id, now, flying, free);
        // Short: every due one is in flight now.
        if (due.length < free) hook.maybeDue = false;
      }
      if (due.length === 0) continue;
      const secret = currentSecret(this.store, id);
      if (!secret) continue;
      this.inFlight.set(id, flying);
      for (const d of due) {
        if (endOne) left++;
        this.attempt(d, hook, secret, flying, endOne);
      }
    }
    if (this.rearm) this.armTimer();
    endOne?.();
  }

  /** Wakes up when the next retry falls due (the clock may be moved sooner; see processDue). */
  private armTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.rearm = false;
    const due = nextDueAt(this.store);
    if (due === undefined || this.stopped) return;
    const wait = Math.max(0, due - this.store.now());
    // A send in flight will look again when it ends.
    if (wait === 0 && [...this.inFlight.values()].some((f) => f.size > 0)) {
      this.rearm = true;
      return;
    }
    this.timer = setTimeout(() => void this.processDue(), Math.min(wait, 2 ** 31 - 1));
    this.timer.unref();
  }

  /** POSTs one delivery; its slot in `flying` stays taken until the attempt is on record. */
  private attempt(d: Sendable, hook: Hook, secret: string, flying: Set<number>, ended?: () => void): void {
    const generation = this.generation;
    const startedAt = this.store.now();
    flying.add(d.id);
    const free = () => {
      flying.delete(d.id);
      ended?.();
    };
    const done = (result: SendResult) => {
      // Left pending: sent again after a restart; after a restore the row is the snapshot's.
      if (this.stopped || generation !== this.generation) return free();
      const attempt = d.attempts + 1;
      const ok = result.status !== undefined && result.status >= 200 && result.status < 300;
      const spent = attempt - d.attempts_before;
      const status = ok ? 'delivered' : spent >= this.maxAttempts ? 'failed' : 'pending';
      const at = this.store.now();
      this.record(
        {
          delivery_id: d.id,
          attempt,
          started_at: startedAt,
          duration_ms: result.durationMs,
          response_status: result.status ?? null,
          error: ok ? null : (result.error ?? `receiver answered ${result.status}`),
          signature: result.signature ?? null,
          status,
          next_attempt_at: status === 'pending' ? at + this.backoff(spent) : null,
          at,
        },
        generation,
        free,
      );
    };
    if (hook.refused) done({ durationMs: 0, error: `target refused: ${hook.refused}` });
    else
      this.sender.post(
        { url: hook.row.target_url, body: d.payload, secret, timeoutMs: this.timeoutMs },
        done,
      );
  }

  /**
   * Answers arrive a few per turn; a transaction for each cost the writers more than the HTTP did.
   * Those ended in one turn are written together after it. The send's slot stays taken until then,
   * so the row is never read back as due while its attempt is unrecorded.
   */
  private record(row: AttemptRecord, generation: number, recorded: () => void): void {
    if (this.ended.length === 0) setImmediate(() => this.recordEnded());
    this.ended.push({ row, generation, recorded });
  }

  private recordEnded(): void {
    const ended = this.ended;
    this.ended = [];
    // A restore in between put the rows back: what was sent before it is not recorded.
    const current = ended.filter((e) => e.generation === this.generation && !this.stopped);
    if (current.length > 0)
      recordAttempts(
        this.store,
        current.map((e) => e.row),
      );
    if (current.some((e) => e.row.status === 'pending')) this.rearm = true;
    for (const e of ended) e.recorded();
    // Slots freed or retries scheduled: look again.
    this.sendDue();
  }

  /** Exponential with jitter: between half and all of base·2^(n-1), capped. */
  private backoff(spent: number): number {
    const full = Math.min(MAX_RETRY_MS, this.retryBaseMs * 2 ** (spent - 1));
    return Math.round(full / 2 + (Math.random() * full) / 2);
  }

  /** Stops sending; sends in flight end unrecorded and stay pending for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe();
    this.unclock();
    this.unrestore();
    this.webhooksWatch.stop();
    if (this.timer) clearTimeout(this.timer);
    // Ends every send in flight, unrecorded.
    await this.sender.close();
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
