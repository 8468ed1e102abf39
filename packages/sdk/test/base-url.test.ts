// The base rule, both surfaces: the main API's base is its root or the root plus /v2, and either
// reaches the path each generation's table names (2.44's under /v2, 3.x's from the root).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v2 from '../src/2x/index.js';
import * as v3 from '../src/3x/index.js';
import { type RecordingServer, startRecordingServer } from './support/recording-server.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());

const bases = (url: string) => [url, `${url}/`, `${url}/v2`, `${url}/v2/`];

async function pathOf(call: () => Promise<unknown>): Promise<string> {
  server.requests.length = 0;
  await call();
  expect(server.requests).toHaveLength(1);
  return server.requests[0]!.path;
}

describe('a main-API base at the root or ending in /v2', () => {
  it('sends a 2.x call to its path under /v2, from a Configuration or castkit options', async () => {
    for (const basePath of bases(server.url)) {
      const fromConfiguration = new v2.NeynarAPIClient(new v2.Configuration({ apiKey: 'k', basePath }));
      const fromOptions = new v2.NeynarAPIClient({ apiKey: 'k', baseUrl: basePath });
      for (const client of [fromConfiguration, fromOptions]) {
        expect(await pathOf(() => client.lookupUserByUsername({ username: 'dwr' })), basePath).toBe(
          '/v2/farcaster/user/by_username',
        );
      }
    }
  });

  it('sends a 3.x call to its path from the root, trailing slash kept', async () => {
    for (const basePath of bases(server.url)) {
      const client = new v3.NeynarAPIClient(new v3.Configuration({ apiKey: 'k', basePath }));
      expect(await pathOf(() => client.lookupUserByUsername({ username: 'dwr' })), basePath).toBe(
        '/v2/farcaster/user/by_username/',
      );
      // The hosted products live beside /v2, not under it.
      expect(await pathOf(() => client.billing()), basePath).toBe('/portal/organization/billing');
    }
  });

  it('lets one light client send either generation’s entries', async () => {
    for (const baseUrl of bases(server.url)) {
      const client = v3.createClient({ apiKey: 'k', baseUrl });
      expect(await pathOf(() => client.call(v3.fetchBulkUsers, { fids: [3] }))).toBe(
        '/v2/farcaster/user/bulk/',
      );
      expect(await pathOf(() => client.call(v2.fetchBulkUsers, { fids: [3] }))).toBe(
        '/v2/farcaster/user/bulk',
      );
    }
  });

  it('leaves a hub base as it is: hub paths carry /v1', async () => {
    for (const HubClient of [v2.NeynarHubClient, v3.NeynarHubClient]) {
      const hub = new HubClient({ apiKey: 'k', baseUrl: `${server.url}/` });
      expect(await pathOf(() => hub.lookupHubInfo({ dbstats: false }))).toBe('/v1/info');
    }
  });
});

describe('defaults', () => {
  it('3.x: the API’s root and Snapchain’s hub; 2.x: the root plus /v2 and hub-api', () => {
    const configuration = (m: typeof v2 | typeof v3) => new m.Configuration({ apiKey: 'k' });
    expect(new v3.NeynarAPIClient(configuration(v3)).baseUrl).toBe('https://api.neynar.com');
    expect(new v3.NeynarHubClient(configuration(v3)).baseUrl).toBe('https://snapchain-api.neynar.com');
    expect(v3.createHubClient({ apiKey: 'k' }).baseUrl).toBe('https://snapchain-api.neynar.com');
    expect(new v3.CastkitClient({ apiKey: 'k', api: 'hub' }).baseUrl).toBe(
      'https://snapchain-api.neynar.com',
    );
    expect(v3.createClient({ apiKey: 'k' }).baseUrl).toBe('https://api.neynar.com');
    expect(v3.DEFAULT_API_BASE_URL).toBe('https://api.neynar.com');
    expect(new v2.NeynarAPIClient(configuration(v2)).baseUrl).toBe('https://api.neynar.com/v2');
    expect(new v2.NeynarHubClient(configuration(v2)).baseUrl).toBe('https://hub-api.neynar.com');
    expect(v2.createHubClient({ apiKey: 'k' }).baseUrl).toBe('https://hub-api.neynar.com');
  });
});
