// The emulator's one operation table: every operation of both spec generations the SDK's tables
// describe (2.44's from `@castkit/sdk/2.x`, 3.x's from `@castkit/sdk`), merged by operationId, with
// the generation(s) that declare it, their paths, and the path forms a caller may send.
import { api3Operations, hub3Operations } from '@castkit/sdk';
import { hubOperations, type OperationSpec, v2Operations } from '@castkit/sdk/2.x';

export type Generation = '2.44' | '3.x';
export const GENERATIONS: readonly Generation[] = ['2.44', '3.x'];

/** 3.x renamed one operation (same path, same inputs): its 2.44 operationId → today's. */
const RENAMED: Readonly<Record<string, string>> = {
  'lookup-cast-by-hash-or-warpcast-url': 'lookup-cast-by-hash-or-url',
};

/**
 * Operations whose handlers read only 2.44's parameters so far: a 3.x caller's request to them is
 * judged by 2.44's spec (what 3.x changed in their inputs is not taken yet), so the handler's types
 * hold. Issue 28's request work takes each off as its handler learns 3.x's inputs.
 */
export const REQUESTS_PENDING = [
  'inviteChannelMember',
  'removeChannelMember',
  'respondChannelInvite',
] as const;
export type RequestsPending = (typeof REQUESTS_PENDING)[number];
const requestsPending: ReadonlySet<string> = new Set(REQUESTS_PENDING);

export interface TableOperation {
  /** Today's operationId (3.x's, where 3.x renamed it). */
  id: string;
  /** Today's method name, the key of its handler. */
  name: string;
  api: OperationSpec['api'];
  method: OperationSpec['method'];
  /** The operation as each generation that declares it has it. */
  specs: Partial<Record<Generation, OperationSpec>>;
  /**
   * A Neynar hosted product (`/v2/studio/...`, `/portal/...`): developer tooling run by Neynar, not
   * part of the Farcaster API the emulator models; it answers 501 saying so.
   */
  hosted: boolean;
}

/**
 * One path a caller may reach an operation by: as a generation declares it, or its twin with or
 * without the trailing slash (3.x sends `/v2/farcaster/cast/`, 2.44 `/v2/farcaster/cast`).
 */
export interface PathForm {
  /** From the server's root, `:name` for a path parameter (`/v2/farcaster/cast/`). */
  path: string;
  /** The generations whose spec declares exactly this path; none for a trailing-slash twin. */
  declaredBy: readonly Generation[];
  /**
   * The generation whose spec judges a request sent this way, and whose shapes it gets where the two
   * differ: the one that declares the path; 2.44 when both do (the hub's paths), so 2.44 callers see
   * no change; for a twin, the generation of the path it is the twin of.
   */
  generation: Generation;
}

/** The path an operation entry is reached at from the server's root (2.44's main API is under /v2). */
export const rootPath = (spec: OperationSpec): string =>
  spec.api === 'v2' && spec.generation !== 3 ? `/v2${spec.path}` : spec.path;

const isHosted = (path: string) => path.startsWith('/v2/studio/') || path.startsWith('/portal/');

function buildTable(): TableOperation[] {
  const byId = new Map<string, TableOperation>();
  const add = (generation: Generation, spec: OperationSpec) => {
    const id = RENAMED[spec.id] ?? spec.id;
    const key = `${spec.api} ${id}`;
    let entry = byId.get(key);
    if (!entry) {
      entry = { id, name: spec.name, api: spec.api, method: spec.method, specs: {}, hosted: false };
      byId.set(key, entry);
    }
    if (generation === '3.x') entry.name = spec.name;
    entry.specs[generation] = spec;
    entry.hosted ||= isHosted(rootPath(spec));
  };
  for (const spec of [...Object.values(v2Operations), ...Object.values(hubOperations)]) add('2.44', spec);
  for (const spec of [...Object.values(api3Operations), ...Object.values(hub3Operations)]) add('3.x', spec);
  return [...byId.values()];
}

export const operationTable: readonly TableOperation[] = buildTable();

/** The generations that declare an operation, oldest first. */
export const generationsOf = (op: TableOperation): Generation[] => GENERATIONS.filter((g) => op.specs[g]);

/**
 * The spec entry a request of this generation is judged by: the generation's own, or the other's where
 * it does not declare the operation, or 2.44's while the operation's 3.x inputs are pending.
 */
export function specFor(op: TableOperation, generation: Generation): OperationSpec {
  const judge = generation === '3.x' && requestsPending.has(op.name) ? '2.44' : generation;
  return op.specs[judge] ?? op.specs[judge === '2.44' ? '3.x' : '2.44']!;
}

const routePath = (spec: OperationSpec) => rootPath(spec).replace(/\{(\w+)\}/g, ':$1');
const twin = (path: string) => (path.endsWith('/') ? path.slice(0, -1) : `${path}/`);

type OperationForm = { readonly op: TableOperation; readonly form: PathForm };
let forms: readonly OperationForm[] | undefined;

/**
 * Every path form of every operation, each method+path once: the declared paths first, then each
 * one's trailing-slash twin where no operation declares that form itself. Worked out once per process
 * and shared: every emulator's ~430 routes would otherwise hold forms and paths of their own.
 */
export function pathForms(): readonly OperationForm[] {
  forms ??= workOutPathForms();
  return forms;
}

function workOutPathForms(): OperationForm[] {
  const declared = new Map<string, { op: TableOperation; form: PathForm }>();
  for (const op of operationTable) {
    const paths = new Map<string, Generation[]>();
    for (const g of generationsOf(op)) {
      const path = routePath(op.specs[g]!);
      paths.set(path, [...(paths.get(path) ?? []), g]);
    }
    for (const [path, declaredBy] of paths) {
      declared.set(`${op.method} ${path}`, { op, form: { path, declaredBy, generation: declaredBy[0]! } });
    }
  }
  const twins = new Map<string, { op: TableOperation; form: PathForm }>();
  for (const { op, form } of declared.values()) {
    const path = twin(form.path);
    const key = `${op.method} ${path}`;
    if (declared.has(key) || twins.has(key)) continue;
    twins.set(key, { op, form: { path, declaredBy: [], generation: form.generation } });
  }
  return [...declared.values(), ...twins.values()];
}
