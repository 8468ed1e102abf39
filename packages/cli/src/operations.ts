// Finds an operation of either API, in either generation's table, by the names a developer may type.
import { type OperationSpec, allOperations as operations3 } from '@castkit/sdk';
import { allOperations as operations244 } from '@castkit/sdk/2.x';
import { nearest, normalizeName, type OptionTable, UsageError } from './args.js';

/** The generations `castkit call` and `castkit ops` offer: today's 3.x (the default) and 2.44. */
export const GENERATIONS = ['3', '2.44'] as const;
export type Generation = (typeof GENERATIONS)[number];

/** The `--api` option both commands take. */
export const API_OPTION = {
  api: {
    type: 'string',
    value: '3|2.44',
    description: "which SDK generation's operations (3: 3.x, the default)",
  },
} as const satisfies OptionTable;

export const generationOf = (op: OperationSpec): Generation => (op.generation === 3 ? '3' : '2.44');

/** How output names a generation: `3.x`, `2.44`. */
export const generationLabel = (g: Generation) => (g === '3' ? '3.x' : '2.44');

export const operationsOf = (g: Generation): readonly OperationSpec[] =>
  g === '3' ? operations3 : operations244;

/** The `--api` value read: `3`, `3.x`, `2.44`, `2`, `2.x`; anything else is a usage error. */
export function parseGeneration(value: string | undefined): Generation {
  if (value === undefined || value === '3' || value === '3.x') return '3';
  if (value === '2.44' || value === '2' || value === '2.x') return '2.44';
  throw new UsageError(`--api must be 3 (3.x, the default) or 2.44; got "${value}"`);
}

/** How `castkit call` names an operation: hub ones with their prefix, which always resolves. */
export const callName = (op: OperationSpec) => `${op.api === 'hub' ? 'hub.' : ''}${op.name}`;

function matching(table: readonly OperationSpec[], api: OperationSpec['api'] | undefined, wanted: string) {
  const matches = table.filter(
    (op) =>
      (api === undefined || op.api === api) &&
      (normalizeName(op.name) === wanted || normalizeName(op.id) === wanted),
  );
  return matches.find((m) => m.api === 'v2') ?? matches[0];
}

/**
 * `lookupUserByUsername`, `lookup-user-by-username`, or with an API prefix (`hub.fetchUserFollowers`,
 * `v2.fetchUserFollowers`) for the few names both APIs use; unprefixed, such names mean v2. Looked up
 * in the generation asked for; a name only the other has is named with the flag that reaches it.
 */
export function findOperation(input: string, generation: Generation = '3'): OperationSpec {
  const [prefix, rest] = input.includes('.') ? (input.split('.', 2) as [string, string]) : [undefined, input];
  const api = prefix === 'hub' || prefix === 'v1' ? 'hub' : prefix === 'v2' ? 'v2' : undefined;
  if (prefix !== undefined && api === undefined)
    throw new UsageError(`unknown API prefix "${prefix}"; use v2. or hub.`);
  const wanted = normalizeName(rest);
  const op = matching(operationsOf(generation), api, wanted);
  if (op) return op;
  const other = generation === '3' ? '2.44' : '3';
  const there = matching(operationsOf(other), api, wanted);
  if (there)
    throw new UsageError(
      `"${input}" is a ${generationLabel(other)} operation, not a ${generationLabel(generation)} one: castkit call ${callName(there)} --api ${other}`,
    );
  // Nearest names over both tables, those of the other generation marked with the flag that reaches them.
  const own = new Set(operationsOf(generation).map((o) => o.name));
  const names = [...new Set([...operationsOf('3'), ...operationsOf('2.44')].map((o) => o.name))];
  const near = nearest(rest, names).map((n) => (own.has(n) ? n : `${n} (--api ${other})`));
  throw new UsageError(
    `no ${generationLabel(generation)} operation named "${input}"${near.length ? `; did you mean ${near.join(', ')}?` : ''} (castkit ops lists them)`,
  );
}
