// Configuration mistakes fail when the client is built, with a message that says how to fix them;
// a missing key is read from NEYNAR_API_KEY.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CastkitError, Configuration, NeynarAPIClient, NeynarHubClient } from '../src/2x/index.js';
import { json, type RecordingServer, startRecordingServer } from './support/recording-server.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
  server.respond((_r, res) => json(res, 200, { ok: true }));
});
afterAll(() => server.close());

const build = (options: object) => () => new NeynarAPIClient({ apiKey: 'k', ...options });

describe('a baseUrl', () => {
  it('without a protocol is refused with the URL it should have been', () => {
    expect(build({ baseUrl: 'localhost:3000/v2' })).toThrow(
      'baseUrl "localhost:3000/v2" has no protocol. Write it in full, e.g. http://localhost:3000/v2.',
    );
    expect(build({ baseUrl: 'api.neynar.com/v2' })).toThrow(CastkitError);
    expect(() => new NeynarHubClient({ apiKey: 'k', baseUrl: '//hub.local' })).toThrow('has no protocol');
  });

  it('that does not parse, or is not http(s), or carries a query, is refused', () => {
    expect(build({ baseUrl: 'http://exa mple.com/v2' })).toThrow('is not a valid URL');
    expect(build({ baseUrl: 'ftp://example.com/v2' })).toThrow('must use http:// or https://, not ftp://');
    expect(build({ baseUrl: 'http://example.com/v2?x=1' })).toThrow('must not have a query or fragment');
  });

  it('is checked in the legacy Configuration form too', () => {
    expect(() => new NeynarAPIClient(new Configuration({ apiKey: 'k', basePath: 'localhost/v2' }))).toThrow(
      'has no protocol',
    );
  });
});

describe('the API key', () => {
  const saved = process.env.NEYNAR_API_KEY;
  afterEach(() => {
    if (saved === undefined) delete process.env.NEYNAR_API_KEY;
    else process.env.NEYNAR_API_KEY = saved;
  });

  it('may not be empty or blank', () => {
    const message =
      'apiKey is empty. Pass your API key, or leave apiKey out to use the NEYNAR_API_KEY environment variable.';
    expect(build({ apiKey: '' })).toThrow(message);
    expect(build({ apiKey: '  ' })).toThrow(message);
    expect(() => new NeynarAPIClient(new Configuration({ apiKey: '' }))).toThrow(message);
    expect(build({ apiKey: 'abc\n' })).toThrow('apiKey contains a line break');
  });

  it('is read from NEYNAR_API_KEY when none is given, and a given key wins', async () => {
    process.env.NEYNAR_API_KEY = 'from-the-environment';
    await new NeynarAPIClient({ baseUrl: `${server.url}/v2` }).lookupUserByUsername({ username: 'a' });
    await new NeynarAPIClient(new Configuration({ basePath: `${server.url}/v2` })).lookupUserByUsername({
      username: 'a',
    });
    await new NeynarAPIClient({ apiKey: 'given', baseUrl: `${server.url}/v2` }).lookupUserByUsername({
      username: 'a',
    });
    expect(server.requests.map((r) => r.headers['x-api-key'])).toEqual([
      'from-the-environment',
      'from-the-environment',
      'given',
    ]);
  });
});

describe('numbers', () => {
  it('a timeout, size cap or retry count out of range is refused', () => {
    expect(build({ timeout: 0 })).toThrow('timeout must be a number of milliseconds from 1 to');
    expect(build({ timeout: Number.NaN })).toThrow('got NaN');
    expect(build({ maxResponseBytes: -1 })).toThrow('maxResponseBytes must be a number of bytes');
    expect(build({ retries: -1 })).toThrow('retries must be a whole number of retries from 0 to 100, got -1');
    expect(build({ retries: { retries: 1.5 } })).toThrow('got 1.5');
  });
});
