// Every operation of both APIs, keyed `v2.lookupUserByUsername` / `hub.userDataByFid`, grouped by tag.
import { allOperations, type OperationSpec } from '@castkit/sdk/2.x';

export { allOperations };

export const operationKey = (op: OperationSpec) => `${op.api}.${op.name}`;

const byKey = new Map(allOperations.map((op) => [operationKey(op), op]));

export function findOperation(key: string | undefined): OperationSpec | undefined {
  return key === undefined ? undefined : byKey.get(key);
}

export interface OperationGroup {
  /** `v2 · User`, `Hub · Casts`. */
  label: string;
  operations: OperationSpec[];
}

export const apiLabel = (api: OperationSpec['api']) => (api === 'v2' ? 'v2' : 'Hub');

export function groupByTag(ops: readonly OperationSpec[]): OperationGroup[] {
  const groups = new Map<string, OperationSpec[]>();
  for (const op of ops) {
    const label = `${apiLabel(op.api)} · ${op.tag || 'Other'}`;
    const list = groups.get(label);
    if (list) list.push(op);
    else groups.set(label, [op]);
  }
  return [...groups].map(([label, operations]) => ({ label, operations }));
}
