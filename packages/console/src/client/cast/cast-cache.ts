// One cast appears in many cached answers (feeds, threads, profiles, search). Optimistic updates
// rewrite every copy by hash, sharing structure with what did not change.
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../data/query-keys';

type AnyCast = { object?: string; hash?: string };

function rewrite(value: unknown, hash: string, fn: (cast: AnyCast) => AnyCast): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v) => {
      const n = rewrite(v, hash, fn);
      if (n !== v) changed = true;
      return n;
    });
    return changed ? out : value;
  }
  if (value && typeof value === 'object') {
    const obj = value as Record<string, unknown>;
    let next: Record<string, unknown> = obj;
    if (obj.object === 'cast' && obj.hash === hash) next = fn(obj as AnyCast) as Record<string, unknown>;
    let copied = next !== obj;
    for (const [k, v] of Object.entries(next)) {
      const n = rewrite(v, hash, fn);
      if (n !== v) {
        if (!copied) {
          next = { ...next };
          copied = true;
        }
        next[k] = n;
      }
    }
    return next;
  }
  return value;
}

/** Rewrites every cached copy of a cast; returns what was there, for a rollback. */
export function updateCachedCast(qc: QueryClient, hash: string, fn: (cast: AnyCast) => AnyCast) {
  const changed: [readonly unknown[], unknown][] = [];
  for (const [key, data] of qc.getQueriesData({ queryKey: queryKeys.all })) {
    if (data === undefined) continue;
    const next = rewrite(data, hash, fn);
    if (next === data) continue;
    changed.push([key, data]);
    qc.setQueryData(key, next);
  }
  return () => {
    for (const [key, data] of changed) qc.setQueryData(key, data);
  };
}
