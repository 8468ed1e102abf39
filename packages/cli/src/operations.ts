// Finds an operation of either API by the names a developer may type.
import { allOperations, type OperationSpec } from '@castkit/sdk/2.x';
import { nearest, normalizeName, UsageError } from './args.js';

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
  const near = nearest(
    rest,
    allOperations.map((o) => o.name),
  );
  throw new UsageError(
    `no operation named "${input}"${near.length ? `; did you mean ${near.join(', ')}?` : ''} (castkit ops lists them)`,
  );
}
