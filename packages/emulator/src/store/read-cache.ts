// Objects built from the database (hydrated users, channels, casts, timelines), kept until what
// they were built from changes. Feeds of different people share most of their casts and authors,
// so a read-heavy workload hydrates each one once, and a write rebuilds only what it touched.
//
// Each entry names the change tags it depends on (change-tags.ts: `user:<fid>`, `cast:<hash>`, ...);
// an entry that names none is rebuilt after any change. Before answering, a cache looks at the
// connection's counters: when `total_changes()` moved, it drains the tags this connection's writes
// recorded and drops the entries that depend on them; when `data_version` moved (another
// connection committed), it drops everything. Nothing is kept, or served, inside a transaction.
import { startTagging, stopTagging, takeTags } from './change-tags.js';
import type { Store } from './store.js';

/** Counters of one cache, for tests and benchmarks. */
export interface CacheStats {
  size: number;
  /** Values built because they were not held. */
  builds: number;
  /** Values answered from the cache. */
  hits: number;
  /** Values dropped because something they depend on changed (not for room). */
  evictions: number;
}

/** Records the change tags the value for `key` was built from. */
export type DependOn<K> = (key: K, tags: Iterable<string>) => void;

interface Held<V> {
  value: V;
  /** Null: depends on everything. */
  tags: string[] | null;
  /** Dropped by a change but remembered for the next build (caches made with `keepPrevious`). */
  previous?: true;
}

export interface ReadCacheOptions {
  /**
   * Hand the value a change dropped to the next build of its key (`previous`), which can then
   * refresh it rather than start over: a timeline is re-read down to where it was known.
   */
  keepPrevious?: boolean;
}

export class ReadCache<K, V> {
  private entries = new Map<K, Held<V>>();
  private readonly byTag = new Map<string, Set<K>>();
  private readonly untagged = new Set<K>();
  readonly stats: Omit<CacheStats, 'size'> = { builds: 0, hits: 0, evictions: 0 };

  constructor(
    private readonly changes: Changes,
    private readonly capacity: number,
    private readonly options: ReadCacheOptions = {},
  ) {}

  /**
   * The values for `keys` (those that exist), building the missing ones in one batch with `build`,
   * which says what each value depends on through `dependOn` (values it says nothing of are rebuilt
   * after any change). Values are frozen: callers copy what they change.
   */
  getMany(
    keys: readonly K[],
    build: (missing: K[], dependOn: DependOn<K>, previous: ReadonlyMap<K, V>) => Map<K, V>,
  ): Map<K, V> {
    const ignore: DependOn<K> = () => {};
    if (!this.changes.current()) return reorder(build([...new Set(keys)], ignore, new Map()), keys); // may roll back
    const out = new Map<K, V>();
    const missing: K[] = [];
    const previous = new Map<K, V>();
    for (const key of keys) {
      if (out.has(key)) continue;
      const hit = this.entries.get(key);
      if (hit?.previous) previous.set(key, hit.value);
      if (hit === undefined || hit.previous) {
        missing.push(key);
        continue;
      }
      // Re-inserted so the Map's order is least recently used first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      out.set(key, hit.value);
      this.stats.hits++;
    }
    if (!missing.length) return out;
    const unique = [...new Set(missing)];
    const tags = new Map<K, string[]>();
    const built = build(unique, (key, t) => tags.set(key, [...(tags.get(key) ?? []), ...t]), previous);
    this.stats.builds += unique.length;
    for (const key of previous.keys()) this.drop(key);
    for (const [key, value] of built) out.set(key, this.keep(key, value, tags.get(key) ?? null));
    this.trim();
    // Keys the caller asked for in its own order, whether they came from the cache or were built.
    return reorder(out, keys);
  }

  /** Replaces the value for `key` (one that grew, say), frozen, depending on `tags`; returns it. */
  set(key: K, value: V, tags?: Iterable<string>): V {
    if (!this.changes.current()) return value;
    this.drop(key);
    this.keep(key, value, tags ? [...tags] : null);
    this.trim();
    return value;
  }

  /** Drops the entries that depend on any of `tags` (`*`: every entry). */
  invalidate(tags: readonly string[]): void {
    if (tags.includes('*')) {
      this.clear();
      return;
    }
    for (const key of [...this.untagged]) this.evict(key);
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      if (keys) for (const key of [...keys]) this.evict(key);
    }
  }

  clear(): void {
    this.stats.evictions += this.size;
    this.entries.clear();
    this.byTag.clear();
    this.untagged.clear();
  }

  /** Values it would answer with (not those only kept as `previous`). */
  get size(): number {
    let n = 0;
    for (const held of this.entries.values()) if (!held.previous) n++;
    return n;
  }

  private evict(key: K): void {
    const held = this.entries.get(key);
    if (!held || held.previous) return;
    this.stats.evictions++;
    if (!this.options.keepPrevious) {
      this.drop(key);
      return;
    }
    this.unlink(key, held);
    held.tags = [];
    held.previous = true;
  }

  private drop(key: K): void {
    const held = this.entries.get(key);
    if (!held) return;
    this.entries.delete(key);
    this.unlink(key, held);
  }

  private unlink(key: K, held: Held<V>): void {
    if (!held.tags) this.untagged.delete(key);
    else
      for (const tag of held.tags) {
        const keys = this.byTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) this.byTag.delete(tag);
      }
  }

  private keep(key: K, value: V, tags: string[] | null): V {
    deepFreeze(value);
    this.entries.set(key, { value, tags });
    if (!tags) this.untagged.add(key);
    else
      for (const tag of tags) {
        const keys = this.byTag.get(tag);
        if (keys) keys.add(key);
        else this.byTag.set(tag, new Set([key]));
      }
    return value;
  }

  private trim(): void {
    for (const key of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.drop(key);
    }
  }
}

/**
 * One store's caches and what they last saw of its connection: they are brought up to date
 * together, so a tag drained for one reaches all of them.
 */
/** What the store's changes do to a cache, whatever it holds. */
interface Kept {
  invalidate(tags: readonly string[]): void;
  clear(): void;
  readonly size: number;
  readonly stats: Omit<CacheStats, 'size'>;
}

class Changes {
  readonly caches = new Map<string, { cache: Kept; forget(): void }>();
  private tagging = false;
  private bulk = 0;
  private seen: { changes: number; dataVersion: number } | undefined;

  constructor(private readonly store: Store) {}

  /** False inside a transaction or a bulk load; otherwise true, with every cache up to date. */
  current(): boolean {
    if (this.bulk) return false;
    const now = this.store.changeCounters();
    if (!now) return false;
    if (!this.tagging) {
      startTagging(this.store.db);
      this.tagging = true;
      return this.reset();
    }
    const seen = this.seen!;
    if (now.dataVersion !== seen.dataVersion) return this.reset();
    if (now.changes === seen.changes) return true;
    this.invalidate(takeTags(this.store.db));
    // Draining is a change too.
    this.seen = this.store.changeCounters();
    return true;
  }

  /** Runs `fn` with tagging off; turning it back on (next read) empties every cache. */
  bulkLoad<T>(fn: () => T): T {
    if (this.bulk++ === 0 && this.tagging) {
      stopTagging(this.store.db);
      this.tagging = false;
    }
    try {
      return fn();
    } finally {
      this.bulk--;
    }
  }

  /** Drops, in every cache, the entries resting on `tags`. */
  invalidate(tags: readonly string[]): void {
    for (const { cache } of this.caches.values()) cache.invalidate(tags);
  }

  clear(): void {
    for (const { cache } of this.caches.values()) cache.clear();
  }

  /** Keeps `cache` up to date with the others; past MAX_CACHES the oldest is forgotten. */
  register(name: string, cache: Kept, forget: () => void): void {
    this.caches.set(name, { cache, forget });
    // The oldest goes first: a stream of made-up origins must not grow memory without bound.
    for (const [oldest, held] of this.caches) {
      if (this.caches.size <= MAX_CACHES) break;
      this.caches.delete(oldest);
      held.forget();
    }
  }

  private reset(): boolean {
    takeTags(this.store.db);
    this.clear();
    this.seen = this.store.changeCounters();
    return true;
  }
}

const changesOf = new WeakMap<Store, Changes>();

function changes(store: Store): Changes {
  const known = changesOf.get(store);
  if (known) return known;
  const c = new Changes(store);
  changesOf.set(store, c);
  return c;
}

/** Named caches kept per store (four kinds for each of a few origins); names carry the request origin, which any Host header sets. */
const MAX_CACHES = 12;

/**
 * A kind of object kept in read caches, declared once with its key and value types:
 * `const USERS = cacheKind<number, User>('users', 20_000)`, then `USERS.of(store, origin).getMany(...)`.
 */
export class CacheKind<K, V> {
  private readonly held = new WeakMap<Store, Map<string, ReadCache<K, V>>>();

  constructor(
    private readonly kind: string,
    private readonly capacity: number,
    private readonly options: ReadCacheOptions = {},
  ) {}

  /** The store's cache of this kind, one per `variant` (the request origin, for values holding URLs). */
  of(store: Store, variant?: string): ReadCache<K, V> {
    const name = variant === undefined ? this.kind : `${this.kind} ${variant}`;
    let mine = this.held.get(store);
    if (!mine) {
      mine = new Map();
      this.held.set(store, mine);
    }
    const known = mine.get(name);
    if (known) return known;
    const c = changes(store);
    const cache = new ReadCache<K, V>(c, this.capacity, this.options);
    mine.set(name, cache);
    const caches = mine;
    c.register(name, cache, () => caches.delete(name));
    return cache;
  }
}

export const cacheKind = <K, V>(kind: string, capacity: number, options?: ReadCacheOptions) =>
  new CacheKind<K, V>(kind, capacity, options);

/**
 * Runs a bulk write (seed, reset, clear) without recording what it changes row by row, then
 * empties every read cache of the store.
 */
export function bulkLoad<T>(store: Store, fn: () => T): T {
  return changes(store).bulkLoad(fn);
}

/**
 * Drops the entries resting on `tags` at once: for what changes without a write the triggers see
 * (a move of the clock, for values computed from the time).
 */
export function dropReadCacheEntries(store: Store, tags: readonly string[]): void {
  changes(store).invalidate(tags);
}

/** Empties every read cache of the store (what a read then answers is built from the data alone). */
export function clearReadCaches(store: Store): void {
  changes(store).clear();
}

/** Each cache's counters, by name. */
export function readCacheStats(store: Store): Record<string, CacheStats> {
  const out: Record<string, CacheStats> = {};
  for (const [name, { cache }] of changes(store).caches) out[name] = { size: cache.size, ...cache.stats };
  return out;
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
