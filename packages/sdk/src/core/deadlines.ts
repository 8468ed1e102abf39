// Per-attempt timeouts as AbortSignal.timeout signals, shared by attempts that start close together.
// Node 20 spends more on creating one AbortSignal.timeout (a slow-mode object, a weak reference, a
// finalizer and a timer that lives for the whole timeout) than on the rest of a request, so each
// signal serves every attempt with the same timeout that starts within 1% of it after it was made.

interface Slot {
  signal: AbortSignal;
  /** Last moment (Date.now()) an attempt may start and still get this signal. */
  until: number;
}

export class Deadlines {
  readonly #slots = new Map<number, Slot>();

  /** A signal that aborts between `ms` and `ms` + 1% (at least 1 ms) from now. */
  signal(ms: number): AbortSignal {
    const now = Date.now();
    let slot = this.#slots.get(ms);
    if (slot === undefined || now > slot.until) {
      const slack = Math.ceil(ms / 100);
      slot = { signal: AbortSignal.timeout(ms + slack), until: now + slack };
      // Timeouts are few (the client's and the odd per-call one); forget them all if they are not.
      if (this.#slots.size >= 16) this.#slots.clear();
      this.#slots.set(ms, slot);
    }
    return slot.signal;
  }
}
