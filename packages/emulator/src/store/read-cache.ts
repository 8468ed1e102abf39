// Objects built from the database (hydrated users, channels, casts), kept until the data changes.
// Feeds of different people share most of their casts and authors, so a read-heavy workload
// hydrates each one once. Correctness rests on `Store.version()`, which moves on every committed
// change from any connection; a cache that sees a new version drops everything it holds.
import type { Store } from './store.js';

const caches = new WeakMap<Store, Map<string, ReadCache<unknown, unknown>>>();

export class ReadCache<K, V> {
  private entries = new Map<K, V>();
  private version: string | undefined;

  constructor(
    private readonly store: Store,
    private readonly capacity: number,
  ) {}

  /**
   * The values for `keys` (those that exist), building the missing ones in one batch with `build`.
   * Values are frozen: callers copy what they change (a viewer's context, a conversation's replies).
   */
  getMany(keys: readonly K[], build: (missing: K[]) => Map<K, V>): Map<K, V> {
    if (!this.current()) return reorder(build([...new Set(keys)]), keys); // in a transaction: may roll back
    const out = new Map<K, V>();
    const missing: K[] = [];
    for (const key of keys) {
      if (out.has(key)) continue;
      const hit = this.entries.get(key);
      if (hit === undefined) {
        missing.push(key);
        continue;
      }
      // Re-inserted so the Map's order is least recently used first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      out.set(key, hit);
    }
    if (!missing.length) return out;
    const built = build([...new Set(missing)]);
    for (const [key, value] of built) out.set(key, this.keep(key, value));
    this.trim();
    // Keys the caller asked for in its own order, whether they came from the cache or were built.
    return reorder(out, keys);
  }

  /** Replaces the value for `key` (one that grew, say), frozen; returns it. */
  set(key: K, value: V): V {
    if (!this.current()) return value;
    this.entries.delete(key);
    this.keep(key, value);
    this.trim();
    return value;
  }

  /** False inside a transaction; otherwise true, having dropped everything if the data changed. */
  private current(): boolean {
    const version = this.store.version();
    if (version === undefined) return false;
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    return true;
  }

  private keep(key: K, value: V): V {
    deepFreeze(value);
    this.entries.set(key, value);
    return value;
  }

  private trim(): void {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(key);
    }
  }
}

/** Named caches kept per store (three kinds for each of a few origins); names carry the request origin, which any Host header sets. */
const MAX_CACHES = 12;

/** The store's cache called `name` (one per kind of object and request origin). */
export function readCache<K, V>(store: Store, name: string, capacity: number): ReadCache<K, V> {
  const byName = caches.get(store) ?? new Map<string, ReadCache<unknown, unknown>>();
  caches.set(store, byName);
  let cache = byName.get(name);
  if (!cache) {
    cache = new ReadCache<unknown, unknown>(store, capacity);
    byName.set(name, cache);
    // The oldest goes first: a stream of made-up origins must not grow memory without bound.
    for (const oldest of byName.keys()) {
      if (byName.size <= MAX_CACHES) break;
      byName.delete(oldest);
    }
  }
  return cache as ReadCache<K, V>;
}

function reorder<K, V>(map: Map<K, V>, keys: readonly K[]): Map<K, V> {
  const out = new Map<K, V>();
  for (const key of keys) {
    const value = map.get(key);
    if (value !== undefined) out.set(key, value);
  }
  return out;
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}
