// Constructing clients, headers, per-call options and raw responses.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Configuration, NeynarAPIClient, NeynarHubClient, v2Operations } from '../src/2x/index.js';
import { json, type RecordingServer, startRecordingServer } from './support/recording-server.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.respond((_r, res) => json(res, 200, { ok: true }));
});

describe('constructing a client', () => {
  it('rejects a string configuration with the established message', () => {
    expect(() => new NeynarAPIClient('my-key' as never)).toThrow(
      'Invalid configuration type. Expected Configuration object but received string.',
    );
    expect(() => new NeynarHubClient('my-key' as never)).toThrow(
      'Invalid configuration type. Expected Configuration object but received string.',
    );
  });

  it('defaults to the public base URLs', () => {
    expect(new NeynarAPIClient(new Configuration({ apiKey: 'k' })).baseUrl).toBe('https://api.neynar.com/v2');
    expect(new NeynarHubClient(new Configuration({ apiKey: 'k' })).baseUrl).toBe(
      'https://hub-api.neynar.com',
    );
  });

  it('sends Configuration baseOptions headers with every request', async () => {
    const c = new NeynarAPIClient(
      new Configuration({
        apiKey: 'k',
        basePath: `${server.url}/v2`,
        baseOptions: { headers: { 'x-team': 'blue' } },
      }),
    );
    await c.lookupUserByUsername({ username: 'a' });
    expect(server.requests[0]!.headers['x-team']).toBe('blue');
  });

  it('does not expose the API key when the client is inspected', async () => {
    const { inspect } = await import('node:util');
    const c = new NeynarAPIClient({ apiKey: 'very-secret', baseUrl: `${server.url}/v2` });
    expect(inspect(c, { depth: 5 })).not.toContain('very-secret');
    expect(JSON.stringify(c)).not.toContain('very-secret');
  });
});

describe('x-neynar-experimental', () => {
  const declaring = Object.values(v2Operations).filter((op) =>
    op.params.some((p) => p.name === 'x-neynar-experimental'),
  );

  it('is sent from the Configuration only to operations that declare it', async () => {
    expect(declaring.length).toBeGreaterThan(10);
    const c = new NeynarAPIClient(
      new Configuration({
        apiKey: 'k',
        basePath: `${server.url}/v2`,
        baseOptions: { headers: { 'x-neynar-experimental': true } },
      }),
    );
    await c.fetchBulkUsers({ fids: [1] });
    expect(server.requests[0]!.headers['x-neynar-experimental']).toBe('true');
    await c.publishCast({ signerUuid: 'u', text: 'hi' });
    expect(server.requests[1]!.headers['x-neynar-experimental']).toBeUndefined();
  });

  it('can be set per client (castkit form) and overridden per call', async () => {
    const c = new NeynarAPIClient({ apiKey: 'k', baseUrl: `${server.url}/v2`, experimental: true });
    await c.fetchBulkUsers({ fids: [1] });
    await c.fetchBulkUsers({ fids: [1], xNeynarExperimental: false });
    expect(server.requests.map((r) => r.headers['x-neynar-experimental'])).toEqual(['true', 'false']);
  });
});

describe('requests', () => {
  const c = () => new NeynarAPIClient({ apiKey: 'k', baseUrl: `${server.url}/v2/` });

  it('omits undefined parameters and sends false booleans', async () => {
    await c().fetchFeed({ feedType: 'following', fid: 3, withRecasts: false, cursor: undefined });
    expect(server.requests[0]!.rawQuery).toBe('feed_type=following&fid=3&with_recasts=false');
  });

  it('accepts parameters under their spec names as well as camelCase', async () => {
    await c().markNotificationsAsSeen({ signer_uuid: 'abc', type: 'likes' } as never);
    expect(JSON.parse(server.requests[0]!.body.toString())).toEqual({ signer_uuid: 'abc', type: 'likes' });
  });

  it('sends nested body objects with the spec key names', async () => {
    await c().publishCast({
      signerUuid: 'u',
      text: 'quote',
      embeds: [{ castId: { fid: 3, hash: '0xabc' } } as never, { url: 'https://a.b' }],
      channelId: 'neynar',
      parentAuthorFid: 2,
    });
    expect(JSON.parse(server.requests[0]!.body.toString())).toEqual({
      signer_uuid: 'u',
      text: 'quote',
      embeds: [{ cast_id: { fid: 3, hash: '0xabc' } }, { url: 'https://a.b' }],
      channel_id: 'neynar',
      parent_author_fid: 2,
      idem: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
  });

  it('accepts ISO strings for date parameters', async () => {
    await c().fetchValidateFrameAnalytics({
      frameUrl: 'https://f',
      analyticsType: 'total-interactors',
      start: '2024-04-06T06:44:56.811Z',
      stop: new Date('2024-04-07T00:00:00Z'),
    });
    const q = server.requests[0]!.query;
    expect(q.get('start')).toBe('2024-04-06T06:44:56.811Z');
    expect(q.get('stop')).toBe('2024-04-07T00:00:00.000Z');
  });

  it('sends per-call headers and returns the raw response when asked', async () => {
    server.respond((_r, res) => json(res, 200, { user: { fid: 1 } }, { 'x-request-id': 'r1' }));
    const raw = await c().lookupUserByUsername(
      { username: 'a' },
      { raw: true, headers: { 'x-trace': 't1' } },
    );
    expect(raw.status).toBe(200);
    expect(raw.headers['x-request-id']).toBe('r1');
    expect(raw.data).toEqual({ user: { fid: 1 } });
    expect(server.requests[0]!.headers['x-trace']).toBe('t1');
  });

  it('uses an injected fetch', async () => {
    const seen: string[] = [];
    const spy: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    const viaFetch = new NeynarAPIClient({ apiKey: 'k', baseUrl: `${server.url}/v2`, fetch: spy });
    expect(await viaFetch.lookupUserByUsername({ username: 'a' })).toEqual({ ok: true });
    expect(seen).toEqual([`${server.url}/v2/farcaster/user/by_username?username=a`]);
    expect(server.requests[0]!.headers['x-api-key']).toBe('k');
  });

  it('does not reject enum values the spec does not list yet', async () => {
    await c().fetchTrendingFeed({ timeWindow: '2h' as never });
    expect(server.requests[0]!.query.get('time_window')).toBe('2h');
  });
});
