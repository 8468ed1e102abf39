// Finds an operation of either API by the names a developer may type.
import { allOperations, type OperationSpec } from '@castkit/sdk';
import { normalizeName, UsageError } from './args.js';

/** How `castkit call` names an operation: hub ones with their prefix, which always resolves. */
export const callName = (op: OperationSpec) => `${op.api === 'hub' ? 'hub.' : ''}${op.name}`;

/**
 * `lookupUserByUsername`, `lookup-user-by-username`, or with an API prefix (`hub.fetchUserFollowers`,
 * `v2.fetchUserFollowers`) for the few names both APIs use; unprefixed, such names mean v2.
 */
export function findOperation(input: string): OperationSpec {
  const [prefix, rest] = input.includes('.') ? (input.split('.', 2) as [string, string]) : [undefined, input];
  const api = prefix === 'hub' || prefix === 'v1' ? 'hub' : prefix === 'v2' ? 'v2' : undefined;
  if (prefix !== undefined && api === undefined)
    throw new UsageError(`unknown API prefix "${prefix}"; use v2. or hub.`);
  const wanted = normalizeName(rest);
  const matches = allOperations.filter(
    (op) =>
      (api === undefined || op.api === api) &&
      (normalizeName(op.name) === wanted || normalizeName(op.id) === wanted),
  );
  const op = matches.find((m) => m.api === 'v2') ?? matches[0];
  if (op) return op;
  const near = [...new Set(allOperations.map((o) => o.name))]
    .map((n) => [n, distance(normalizeName(n), wanted)] as const)
    .filter(([, d]) => d <= Math.max(3, wanted.length / 3))
    .sort((a, b) => a[1] - b[1])
    .slice(0, 3)
    .map(([n]) => n);
  throw new UsageError(
    `no operation named "${input}"${near.length ? `; did you mean ${near.join(', ')}?` : ''} (castkit ops lists them)`,
  );
}

/** Levenshtein distance, for "did you mean" suggestions. */
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
