// Tells listeners, right after a transaction that appended hub events has committed, that new
// events may be there: no one polls for latency. better-sqlite3 transactions are synchronous, so a
// microtask queued inside one runs only once it has committed (or rolled back: then listeners find
// nothing new after the id they already hold, which costs one indexed read).
import type { Store } from './store.js';

export type WakeListener = () => void;

const listeners = new WeakMap<Store, Set<WakeListener>>();
const queued = new WeakSet<Store>();

/** Calls `listener` after each commit that appended hub events; returns the unsubscribe function. */
export function onEventsAppended(store: Store, listener: WakeListener): () => void {
  const set = listeners.get(store) ?? new Set<WakeListener>();
  listeners.set(store, set);
  set.add(listener);
  return () => set.delete(listener);
}

/** Called by the write path for every hub event it appends (store/queries/messages.ts appendHubEvent). */
export function signalEventAppended(store: Store): void {
  if (queued.has(store) || !listeners.get(store)?.size) return;
  queued.add(store);
  queueMicrotask(() => {
    queued.delete(store);
    for (const listener of listeners.get(store) ?? []) {
      try {
        listener();
      } catch (e) {
        // A listener's bug must not break the writer that happened to commit before it.
        console.error('castkit: an events listener threw', e);
      }
    }
  });
}
