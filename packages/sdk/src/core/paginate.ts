// Walks a cursor-paged operation: `for await` over pages, or over items with `.items()`.
import type { CallOptions } from './client.js';
import type { OperationSpec } from './operation.js';

export interface PaginateOptions {
  /** Stop after this many pages (default: until the cursor runs out). */
  maxPages?: number;
}

/** The item type of a paged operation's entry in a generated `*OperationTypes` map. */
export type ItemOf<T> = T extends { item: infer I } ? I : unknown;

type FetchPage<Page> = (params: Record<string, unknown>) => Promise<Page>;

export class Paginator<Page, Item = unknown> implements AsyncIterable<Page> {
  constructor(
    private readonly op: OperationSpec,
    private readonly fetchPage: FetchPage<Page>,
    private readonly params: Record<string, unknown>,
    private readonly options: PaginateOptions = {},
  ) {
    if (!op.paging) throw new TypeError(`${op.name} is not a paged operation.`);
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Page> {
    const paging = this.op.paging!;
    const cursor = this.op.params.find((p) => p.name === paging.cursor);
    const seen = new Set<string>();
    let params = { ...this.params };
    for (let page = 0; page < (this.options.maxPages ?? Number.POSITIVE_INFINITY); page++) {
      const result = await this.fetchPage(params);
      yield result;
      const next = dig(result, paging.next);
      // An empty, missing or repeated cursor ends the walk (a repeat would loop forever).
      if (next === undefined || next === null || next === '' || seen.has(String(next))) return;
      if (paging.items && (dig(result, paging.items.split('.')) as unknown[] | undefined)?.length === 0)
        return;
      seen.add(String(next));
      // Set the cursor under the caller's spelling only, so a stale copy cannot shadow it.
      params = { ...params, [paging.cursor]: undefined, [cursor?.key ?? paging.cursor]: next };
    }
  }

  /** Every item of every page, in order. */
  async *items(): AsyncGenerator<Item> {
    const key = this.op.paging!.items;
    if (!key)
      throw new TypeError(`${this.op.name} pages have no single list of items; iterate pages instead.`);
    for await (const page of this) {
      const list = dig(page, key.split('.'));
      if (Array.isArray(list)) yield* list as Item[];
    }
  }

  /** Collects items into an array (bounded by `maxPages` when given). */
  async toArray(): Promise<Item[]> {
    const out: Item[] = [];
    for await (const item of this.items()) out.push(item);
    return out;
  }
}

function dig(value: unknown, path: string[]): unknown {
  let cur = value;
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/**
 * Pages of a list operation sent through `client`, followed by cursor until the API says there are
 * no more. A function rather than a client method, so bundles that never page leave it out.
 */
export function pagesOf<Page, Item>(
  client: { request(op: OperationSpec, params?: object, options?: CallOptions): Promise<unknown> },
  op: OperationSpec,
  params: object | undefined,
  options: CallOptions & PaginateOptions = {},
): Paginator<Page, Item> {
  const { maxPages, raw: _raw, ...call } = options;
  return new Paginator<Page, Item>(
    op,
    (p) => client.request(op, p, call) as Promise<Page>,
    { ...(params as Record<string, unknown>) },
    { maxPages },
  );
}
