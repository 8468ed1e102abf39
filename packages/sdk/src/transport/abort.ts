// Requests in flight per AbortSignal. The pipeline shares one timeout signal among the attempts that
// start together, so transports listen once per signal, not once per request: EventTarget work stays
// off the hot path and a busy signal never collects thousands of listeners.

type Abort = (reason: unknown) => void;

const inFlight = new WeakMap<AbortSignal, Set<Abort>>();

/** Calls `abort` with the signal's reason when it fires, until `unwatch`. */
export function watch(signal: AbortSignal, abort: Abort): void {
  let requests = inFlight.get(signal);
  if (requests === undefined) {
    requests = new Set<Abort>();
    inFlight.set(signal, requests);
    signal.addEventListener('abort', abortAll, { once: true });
  }
  requests.add(abort);
}

/** The last request on a signal removes the listener, so an idle signal is not kept alive by it. */
export function unwatch(signal: AbortSignal, abort: Abort): void {
  const requests = inFlight.get(signal);
  if (requests === undefined || !requests.delete(abort) || requests.size > 0) return;
  inFlight.delete(signal);
  signal.removeEventListener('abort', abortAll);
}

function abortAll(this: AbortSignal): void {
  const requests = inFlight.get(this);
  inFlight.delete(this);
  for (const abort of requests ?? []) abort(this.reason);
}
