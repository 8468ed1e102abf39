// Ranked search over operation name, path and summary: every word must match somewhere; matches at
// the start of the name rank first. 147 operations need no index: a linear scan takes microseconds.
// The console's palette and filter and the CLI's `castkit ops` share it.
import type { OperationSpec } from './operation.js';

export function searchOperations(ops: readonly OperationSpec[], query: string, limit = 50): OperationSpec[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return ops.slice(0, limit);
  const scored: { op: OperationSpec; score: number }[] = [];
  for (const op of ops) {
    const score = scoreOf(op, words, words.join(' '));
    if (score > 0) scored.push({ op, score });
  }
  scored.sort((a, b) => b.score - a.score || a.op.name.localeCompare(b.op.name));
  return scored.slice(0, limit).map((s) => s.op);
}

/** `lookupUserByUsername` → `lookup user by username`, so a typed phrase can match the name. */
const nameWords = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

function scoreOf(op: OperationSpec, words: string[], phrase: string): number {
  const name = op.name.toLowerCase();
  const path = op.path.toLowerCase();
  const summary = op.summary.toLowerCase();
  const tag = op.tag.toLowerCase();
  let total = 0;
  for (const w of words) {
    let s = 0;
    if (name === w) s = 100;
    else if (name.startsWith(w)) s = 60;
    else if (name.includes(w)) s = 40;
    else if (path.includes(w)) s = 25;
    else if (summary.includes(w)) s = 15;
    else if (tag.includes(w) || op.api === w) s = 5;
    if (s === 0) return 0;
    total += s;
  }
  // The words in the order typed, as a phrase of the name or summary, beat the same words scattered.
  if (words.length > 1 && (nameWords(op.name).includes(phrase) || summary.includes(phrase))) total += 50;
  return total;
}
