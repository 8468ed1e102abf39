// "Did you mean": the known names nearest to a mistyped one, for operations and flags alike.

/** How a name is compared: `viewer-fid`, `viewer_fid` and `viewerFid` are one name. */
const folded = (name: string) => name.replace(/[-_]/g, '').toLowerCase();

/**
 * The names of `known` nearest to `typed`, up to `limit`: those the fewest edits away, if that is a
 * few (a third of the name, at least 3), each spelling of one name once (the first in `known`).
 */
export function nearest(typed: string, known: readonly string[], limit = 3): string[] {
  const byFold = new Map<string, string>();
  for (const name of known) if (!byFold.has(folded(name))) byFold.set(folded(name), name);
  const scored = [...byFold].map(([fold, name]) => [name, distance(fold, folded(typed))] as const);
  const best = Math.min(...scored.map(([, d]) => d));
  if (best > Math.max(3, typed.length / 3)) return [];
  return scored
    .filter(([, d]) => d === best)
    .slice(0, limit)
    .map(([name]) => name);
}

/** Levenshtein distance. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}
