// Every operation of both APIs in each SDK generation's table (3.x, the default, and 2.44), keyed
// `v2.lookupUserByUsername` / `hub.userDataByFid` within a generation, grouped by tag. 3.x's table
// is in the explorer's first load; 2.44's is fetched when first asked for.
import { type OperationSpec, allOperations as operations3 } from '@castkit/sdk';
import { useQuery } from '@tanstack/react-query';
import type { Generation } from './generation';

export const generationOf = (op: OperationSpec): Generation => (op.generation === 3 ? '3' : '2.44');

export const operationKey = (op: OperationSpec) => `${op.api}.${op.name}`;

export interface Catalog {
  operations: readonly OperationSpec[];
  byKey: ReadonlyMap<string, OperationSpec>;
}

const catalogOf = (operations: readonly OperationSpec[]): Catalog => ({
  operations,
  byKey: new Map(operations.map((op) => [operationKey(op), op])),
});

const loaded: { [G in Generation]?: Catalog } = { '3': catalogOf(operations3) };

/** A generation's catalog, loading its table's chunk the first time. */
export async function loadCatalog(g: Generation): Promise<Catalog> {
  const have = loaded[g];
  if (have) return have;
  const { operations244 } = await import('./catalog-244');
  const catalog = catalogOf(operations244);
  loaded['2.44'] = catalog;
  return catalog;
}

/** The catalog if its table is loaded already (3.x's always is). */
export const catalogIfLoaded = (g: Generation): Catalog | undefined => loaded[g];

/** A generation's catalog for a view: at once for 3.x and for a loaded 2.44, else once its chunk is in. */
export function useCatalog(g: Generation): Catalog | undefined {
  const query = useQuery({
    queryKey: ['castkit-catalog', g],
    queryFn: () => loadCatalog(g),
    initialData: catalogIfLoaded(g),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data;
}

export function findOperation(
  catalog: Catalog | undefined,
  key: string | undefined,
): OperationSpec | undefined {
  return key === undefined ? undefined : catalog?.byKey.get(key);
}

/** The path as the server sees it: 2.44's main-API paths are relative to `/v2`, 3.x's to the root. */
export const fullPath = (op: OperationSpec) =>
  op.api === 'v2' && !op.generation ? `/v2${op.path}` : op.path;

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
