// Every 3.x operation that takes a cursor pages with castkit's paginate, through the class clients
// and the light client: the next cursor is read where the response keeps it and sent back under
// the cursor parameter, and the walk ends when the API gives none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api3Operations,
  createClient,
  createHubClient,
  hub3Operations,
  NeynarAPIClient,
  NeynarHubClient,
  type OperationSpec,
  paginate,
} from '../src/3x/index.js';
import { json, type RecordingServer, startRecordingServer } from './support/recording-server.js';
import { samplesFor } from './support/samples.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());

/** A page with one item, whose next cursor is `next` (none when null), shaped as `op` answers. */
function pageFor(op: OperationSpec, next: string | null): Record<string, unknown> {
  const page: Record<string, unknown> = {};
  const put = (path: string[], value: unknown) => {
    let at = page;
    for (const key of path.slice(0, -1)) {
      at[key] ??= {};
      at = at[key] as Record<string, unknown>;
    }
    at[path.at(-1)!] = value;
  };
  put(op.paging!.next, next);
  if (op.paging!.items) put(op.paging!.items.split('.'), [{ page: next ?? 'last' }]);
  return page;
}

/** Answers the first request of a walk with a cursor and the second with none. */
function serve(op: OperationSpec) {
  server.requests.length = 0;
  server.respond((_r, res) => json(res, 200, pageFor(op, server.requests.length === 1 ? 'next-page' : null)));
}

const cursorName = (op: OperationSpec) => op.params.find((p) => p.name === op.paging!.cursor)!.name;

// Keyed by API and name: both APIs have a fetchUserFollowers.
const samples = new Map([
  ...samplesFor('3.174/neynar-api.yaml').map((s) => [`v2 ${s.name}`, s] as const),
  ...samplesFor('3.174/hub-api.yaml').map((s) => [`hub ${s.name}`, s] as const),
]);
/** The operation's sample params without its cursor: a walk starts at the first page. */
function firstPage(op: OperationSpec): Record<string, unknown> {
  const cursor = op.params.find((p) => p.name === op.paging!.cursor)!;
  const { [cursor.key]: _, ...params } = samples.get(`${op.api} ${op.name}`)!.input;
  return params;
}

describe.each([
  [
    'main API',
    api3Operations,
    () => new NeynarAPIClient({ apiKey: 'k', baseUrl: server.url, headers: { 'x-wallet-id': 'w' } }),
    () => createClient({ apiKey: 'k', baseUrl: server.url }),
  ],
  [
    'hub API',
    hub3Operations,
    () => new NeynarHubClient({ apiKey: 'k', baseUrl: server.url }),
    () => createHubClient({ apiKey: 'k', baseUrl: server.url }),
  ],
] as const)('the 3.x %s', (_label, table, classClient, lightClient) => {
  const ops: OperationSpec[] = Object.values(table);
  const lists = ops.filter((op) =>
    op.params.some((p) => ['cursor', 'pageToken', 'from_event_id'].includes(p.name)),
  );

  it('gives every operation that takes a cursor a way to page', () => {
    expect(lists.filter((op) => !op.paging).map((op) => op.name)).toEqual([]);
    expect(lists.length).toBe(table === api3Operations ? 42 : 12);
  });

  it.each(lists.map((op) => [op.name, op] as const))(
    '%s pages through the class client and the light client',
    async (name, op) => {
      for (const walk of [
        () =>
          (classClient() as unknown as { paginate(n: string, p: object): AsyncIterable<unknown> }).paginate(
            name,
            firstPage(op),
          ),
        () => paginate(lightClient() as never, op as never, firstPage(op) as never),
      ]) {
        serve(op);
        const pages = [];
        for await (const page of walk()) pages.push(page);
        expect(pages).toHaveLength(2);
        expect(server.requests.map((r) => r.query.get(cursorName(op)))).toEqual([null, 'next-page']);
      }
    },
  );
});
