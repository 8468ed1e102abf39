// The light client: one table entry per call, the same requests as the class clients send.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator } from '../../emulator/src/index.js';
import {
  CastkitError,
  createClient,
  createHubClient,
  FeedType,
  fetchFeed,
  hubFetchUserFollowers,
  hubFetchUsersCasts,
  lookupUserByUsername,
  NeynarAPIClient,
  NeynarHubClient,
  paginate,
  publishCast,
  type UserResponse,
} from '../src/2x/index.js';
import {
  json,
  type Recorded,
  type RecordingServer,
  startRecordingServer,
} from './support/recording-server.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.respond((_r, res) => json(res, 200, { user: { fid: 3 } }));
});

const wire = ({ method, path, rawQuery, headers, body }: Recorded) => ({
  method,
  path,
  rawQuery,
  key: headers['x-api-key'],
  type: headers['content-type'],
  body: body.toString(),
});

describe('createClient().call', () => {
  const light = () => createClient({ apiKey: 'k', baseUrl: `${server.url}/v2` });
  const full = () => new NeynarAPIClient({ apiKey: 'k', baseUrl: `${server.url}/v2` });

  it('sends what the NeynarAPIClient method sends, for a read and for a write', async () => {
    const user: UserResponse = await light().call(lookupUserByUsername, { username: 'dwr', viewerFid: 3 });
    await full().lookupUserByUsername({ username: 'dwr', viewerFid: 3 });
    // A caller's idem is sent as given (without one, each call gets a fresh random one).
    const cast = {
      signerUuid: 'u-1',
      text: 'gm',
      embeds: [{ castId: { fid: 3, hash: '0xab' } }],
      idem: 'gm-1',
    };
    await light().call(publishCast, cast);
    await full().publishCast(cast);
    const [a, b, c, d] = server.requests.map(wire);
    expect(user.user.fid).toBe(3);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ method: 'GET', path: '/v2/farcaster/user/by_username', key: 'k' });
    expect(c).toEqual(d);
    expect(JSON.parse(c!.body)).toEqual({
      signer_uuid: 'u-1',
      text: 'gm',
      embeds: [{ cast_id: { fid: 3, hash: '0xab' } }],
      idem: 'gm-1',
    });
  });

  it('resolves with status and headers when raw is asked', async () => {
    server.respond((_r, res) => json(res, 200, { user: { fid: 9 } }, { 'x-trace': 't1' }));
    const res = await light().call(lookupUserByUsername, { username: 'a' }, { raw: true });
    expect(res.status).toBe(200);
    expect(res.headers['x-trace']).toBe('t1');
    expect(res.data.user.fid).toBe(9);
  });

  it('walks pages of a paged entry, with enum values as parameters', async () => {
    const casts = Array.from({ length: 5 }, (_, i) => ({ hash: `0x${i}` }));
    server.respond((r, res) => {
      const start = Number(r.query.get('cursor') ?? 0);
      const next = start + 2 < casts.length ? String(start + 2) : null;
      json(res, 200, { casts: casts.slice(start, start + 2), next: { cursor: next } });
    });
    const all = await paginate(light(), fetchFeed, { feedType: FeedType.Following, fid: 3 }).toArray();
    expect(all.map((c) => c.hash)).toEqual(casts.map((c) => c.hash));
    expect(server.requests.map((r) => r.query.get('cursor'))).toEqual([null, '2', '4']);
    expect(server.requests.every((r) => r.query.get('feed_type') === 'following')).toBe(true);
  });

  it('refuses a hub entry before sending anything', async () => {
    const misuse = () => light().call(hubFetchUsersCasts as never, { fid: 3 } as never);
    expect(misuse).toThrow(CastkitError);
    expect(misuse).toThrow('fetchUsersCasts is a hub operation; this client calls the v2 API.');
    expect(server.requests).toHaveLength(0);
  });

  it('types each call from its entry: a missing required parameter or a hub entry does not compile', () => {
    // Never run: `npm run typecheck` fails if any of these lines compiles.
    const unchecked = (c: ReturnType<typeof light>) => {
      // @ts-expect-error username is required
      c.call(lookupUserByUsername, { viewerFid: 3 });
      // @ts-expect-error a hub entry on a main-API client
      c.call(hubFetchUsersCasts, { fid: 3 });
      // @ts-expect-error lookupUserByUsername does not page
      paginate(c, lookupUserByUsername, { username: 'a' });
    };
    expect(unchecked).toBeTypeOf('function');
  });

  it('defaults to the public main API, at its root', () => {
    expect(createClient({ apiKey: 'k' }).baseUrl).toBe('https://api.neynar.com');
  });
});

describe('createHubClient().call', () => {
  it('sends what the NeynarHubClient method sends, to the hub base URL', async () => {
    server.respond((_r, res) => json(res, 200, { messages: [], nextPageToken: '' }));
    const hub = createHubClient({ apiKey: 'k', baseUrl: server.url });
    await hub.call(hubFetchUserFollowers, { targetFid: 3, pageSize: 5 });
    await new NeynarHubClient({ apiKey: 'k', baseUrl: server.url }).fetchUserFollowers({
      targetFid: 3,
      pageSize: 5,
    });
    const [a, b] = server.requests.map(wire);
    expect(a).toEqual(b);
    expect(a!.path).toBe('/v1/linksByTargetFid');
    expect(createHubClient({ apiKey: 'k' }).baseUrl).toBe('https://hub-api.neynar.com');
  });
});

describe('against the emulator', () => {
  it('reads, pages and reaches the hub as the class clients do', async () => {
    const emulator = await startEmulator({ db: ':memory:' });
    try {
      const options = { apiKey: emulator.apiKey, baseUrl: `${emulator.url}/v2`, retries: 0 };
      const light = createClient(options);
      const full = new NeynarAPIClient(options);
      const { user } = await light.call(lookupUserByUsername, { username: 'carol' });
      expect(user.fid).toBe(3);
      expect(user).toEqual((await full.lookupUserByUsername({ username: 'carol' })).user);

      const feed = { feedType: FeedType.Following, fid: 1, limit: 5 };
      const hashes = (await paginate(light, fetchFeed, feed, { maxPages: 3 }).toArray()).map((c) => c.hash);
      expect(hashes.length).toBeGreaterThan(5);
      expect(hashes).toEqual(
        (await full.paginate('fetchFeed', feed, { maxPages: 3 }).toArray()).map((c) => c.hash),
      );

      const hubOptions = { apiKey: emulator.apiKey, baseUrl: emulator.url, retries: 0 };
      const casts = await createHubClient(hubOptions).call(hubFetchUsersCasts, { fid: 1, pageSize: 3 });
      expect(casts.messages.length).toBe(3);
      expect(casts).toEqual(await new NeynarHubClient(hubOptions).fetchUsersCasts({ fid: 1, pageSize: 3 }));
    } finally {
      await emulator.close();
    }
  });
});
