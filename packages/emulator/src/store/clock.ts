// The emulator's clock (unix ms). Every time-dependent decision reads it through `store.now()`, so a
// developer can freeze, set or advance time and see timestamps, deadlines, windows and schedules
// follow. Work due at a future time keeps its due time in the database; whoever schedules it
// listens with `onChange` and processes what became due when time jumps.
import { fromFarcasterTime } from '../ground/codec.js';

export interface ClockState {
  /** Virtual time, unix ms. */
  now: number;
  /** True while time stands still (freeze, or set/advance on a frozen clock). */
  frozen: boolean;
  /** Virtual minus real time, ms (0 for a clock that was never moved). */
  offset: number;
}

export interface ClockChange {
  previous: number;
  now: number;
}

/** Told after every move; a returned promise is awaited by whoever moved the clock. */
export type ClockListener = (change: ClockChange) => void | Promise<void>;

export class ClockError extends RangeError {}

/**
 * The latest time the clock takes, and so any time a client gives: the last a Farcaster message
 * can carry (uint32 seconds from 2021), 2157-02-07T06:28:15Z; past it a cast's own timestamp would
 * wrap. A time derived from one (a retry, a secret's grace, a year of storage) stays far inside what
 * `Date` renders (±8.64e15 ms, year 275760).
 */
export const MAX_TIME_MS = fromFarcasterTime(2 ** 32 - 1);
const DATE_LIMIT_MS = 8.64e15;

/**
 * A stored time as ISO 8601. Never throws: a value outside what `Date` renders (written by an older
 * emulator that let the clock run past it, or Infinity from an unchecked duration) renders as the
 * nearest end of that range, so one row cannot fail every read, delivery and restart that meets it.
 */
export function isoTime(ms: number): string {
  const at = Number.isNaN(ms) ? 0 : Math.min(Math.max(ms, -DATE_LIMIT_MS), DATE_LIMIT_MS);
  return new Date(at).toISOString();
}

export class Clock {
  /** Virtual = real + offset while running. */
  private offset = 0;
  /** Set while frozen: the time that stands still. */
  private frozenAt: number | undefined;
  private readonly listeners = new Set<ClockListener>();

  /** `real` is the underlying time source (Date.now unless a test fixes it). */
  constructor(private readonly real: () => number = Date.now) {}

  now(): number {
    return this.frozenAt ?? this.real() + this.offset;
  }

  state(): ClockState {
    // One read of the machine's time: two could straddle a millisecond and report an offset of -1.
    const real = this.real();
    const now = this.frozenAt ?? real + this.offset;
    return { now, frozen: this.frozenAt !== undefined, offset: now - real };
  }

  /** Stops time at `at` (default: now). */
  freeze(at?: number): Promise<ClockState> {
    const to = at === undefined ? undefined : checkedTime(at);
    return this.move(() => {
      this.frozenAt = to ?? this.now();
    });
  }

  /** Lets a frozen clock run again from where it stands. */
  resume(): Promise<ClockState> {
    return this.move(() => {
      if (this.frozenAt === undefined) return;
      this.offset = this.frozenAt - this.real();
      this.frozenAt = undefined;
    });
  }

  /** Jumps to `at` (forward or back), staying frozen or running as it was. */
  set(at: number): Promise<ClockState> {
    const to = checkedTime(at);
    return this.move(() => {
      if (this.frozenAt !== undefined) this.frozenAt = to;
      else this.offset = to - this.real();
    });
  }

  /** Moves forward by `ms` (never back: that is `set`). */
  advance(ms: number): Promise<ClockState> {
    if (!Number.isFinite(ms) || ms < 0) throw new ClockError('advance takes a duration of 0 ms or more');
    const by = Math.round(ms);
    if (this.now() + by > MAX_TIME_MS)
      throw new ClockError(`advancing by ${by} ms would take the clock past ${isoTime(MAX_TIME_MS)}`);
    return this.move(() => {
      if (this.frozenAt !== undefined) this.frozenAt += by;
      else this.offset += by;
    });
  }

  /** Back to real, running time. */
  useRealTime(): Promise<ClockState> {
    return this.move(() => {
      this.offset = 0;
      this.frozenAt = undefined;
    });
  }

  /** Calls `listener` after every move; returns the function that stops it. */
  onChange(listener: ClockListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Applies a move, then tells every listener and waits for them; the move itself is synchronous,
   * so `now()` reads the new time even if the caller does not await.
   */
  private async move(change: () => void): Promise<ClockState> {
    const previous = this.now();
    change();
    const now = this.now();
    const results = [...this.listeners].map((l) => {
      try {
        return Promise.resolve(l({ previous, now }));
      } catch (e) {
        return Promise.reject(e);
      }
    });
    const failed = (await Promise.allSettled(results)).find(
      (r): r is PromiseRejectedResult => r.status === 'rejected',
    );
    if (failed) throw failed.reason;
    return this.state();
  }
}

function checkedTime(at: number): number {
  if (!Number.isFinite(at) || at < 0 || at > MAX_TIME_MS) {
    throw new ClockError(`a time is unix milliseconds from 0 to ${MAX_TIME_MS} (${isoTime(MAX_TIME_MS)})`);
  }
  return Math.round(at);
}
