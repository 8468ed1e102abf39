// Walking list operations: v2 cursors, hub page tokens and hub event ids.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NeynarAPIClient, NeynarHubClient } from '../src/2x/index.js';
import { json, type RecordingServer, startRecordingServer } from './support/recording-server.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const pageOf = <T>(items: T[], size: number, cursor: string | null) => {
  const start = cursor ? Number(cursor) : 0;
  const next = start + size < items.length ? String(start + size) : null;
  return { slice: items.slice(start, start + size), next };
};

describe('v2 cursors', () => {
  const casts = Array.from({ length: 7 }, (_, i) => ({ hash: `0x${i}` }));
  beforeEach(() =>
    server.respond((r, res) => {
      const { slice, next } = pageOf(casts, 3, r.query.get('cursor'));
      json(res, 200, { casts: slice, next: { cursor: next } });
    }),
  );
  const api = () => new NeynarAPIClient({ apiKey: 'k', baseUrl: `${server.url}/v2` });

  it('for await over pages follows next.cursor until it is null', async () => {
    const pages = [];
    for await (const page of api().paginate('fetchFeed', { feedType: 'following', fid: 3, limit: 3 }))
      pages.push(page);
    expect(pages.map((p) => p.casts.length)).toEqual([3, 3, 1]);
    expect(server.requests.map((r) => r.query.get('cursor'))).toEqual([null, '3', '6']);
    expect(server.requests.every((r) => r.query.get('limit') === '3' && r.query.get('fid') === '3')).toBe(
      true,
    );
  });

  it('.items() yields every item in order and maxPages bounds the walk', async () => {
    const all = await api().paginate('fetchFeed', { feedType: 'following', fid: 3 }).toArray();
    expect(all.map((c) => c.hash)).toEqual(casts.map((c) => c.hash));
    server.requests.length = 0;
    const firstTwo = await api()
      .paginate('fetchFeed', { feedType: 'following', fid: 3 }, { maxPages: 2 })
      .toArray();
    expect(firstTwo).toHaveLength(6);
    expect(server.requests).toHaveLength(2);
  });

  it('follows result.next.cursor for search operations', async () => {
    const users = Array.from({ length: 4 }, (_, i) => ({ fid: i }));
    server.respond((r, res) => {
      const { slice, next } = pageOf(users, 3, r.query.get('cursor'));
      json(res, 200, { result: { users: slice, next: { cursor: next } } });
    });
    const found = await api().paginate('searchUser', { q: 'a' }).toArray();
    expect(found.map((u: any) => u.fid)).toEqual([0, 1, 2, 3]);
  });

  it('stops when the server repeats a cursor instead of looping forever', async () => {
    server.respond((_r, res) => json(res, 200, { casts: [{ hash: '0x1' }], next: { cursor: 'same' } }));
    const all = await api().paginate('fetchFeed', { feedType: 'following', fid: 3 }).toArray();
    expect(all).toHaveLength(2);
  });
});

describe('hub paging', () => {
  const hub = () => new NeynarHubClient({ apiKey: 'k', baseUrl: server.url });

  it('follows nextPageToken until it is empty, keeping pageSize and reverse', async () => {
    const messages = Array.from({ length: 5 }, (_, i) => ({ hash: `0x${i}` }));
    server.respond((r, res) => {
      const { slice, next } = pageOf(messages, 2, r.query.get('pageToken'));
      json(res, 200, { messages: slice, nextPageToken: next ?? '' });
    });
    const pages = [];
    for await (const page of hub().paginate('fetchUsersCasts', { fid: 3, pageSize: 2, reverse: true }))
      pages.push(page);
    expect(pages.map((p) => p.messages.length)).toEqual([2, 2, 1]);
    expect(server.requests.map((r) => r.query.get('pageToken'))).toEqual([null, '2', '4']);
    expect(
      server.requests.every((r) => r.query.get('pageSize') === '2' && r.query.get('reverse') === 'true'),
    ).toBe(true);
    server.requests.length = 0;
    const items = await hub().paginate('fetchUsersCasts', { fid: 3, pageSize: 2 }).toArray();
    expect(items.map((m: any) => m.hash)).toEqual(messages.map((m) => m.hash));
  });

  it('follows nextPageEventId from from_event_id until a page is empty', async () => {
    server.respond((r, res) => {
      const from = Number(r.query.get('from_event_id') ?? 0);
      const events = from < 30 ? Array.from({ length: 10 }, (_, i) => ({ id: from + i })) : [];
      json(res, 200, { events, nextPageEventId: from + 10 });
    });
    const events = await hub().paginate('fetchEvents', { fromEventId: 0 }).toArray();
    expect(events.map((e: any) => e.id)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(server.requests.map((r) => r.query.get('from_event_id'))).toEqual(['0', '10', '20', '30']);
  });
});
