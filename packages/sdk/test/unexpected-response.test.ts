// A success status with a body that is not the JSON the operation answers with (a web page, nothing,
// malformed JSON) is an error that says what came back, never a result typed as the response.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CastkitError, NeynarAPIClient, NeynarHubClient, UnexpectedResponseError } from '../src/2x/index.js';
import { type RecordingServer, startRecordingServer } from './support/recording-server.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const page =
  '<!doctype html><html><head><title>castkit console</title></head><body><div id="root"></div></body></html>';

const transports = [
  ['node:http', undefined],
  ['fetch', globalThis.fetch],
] as const;

describe.each(transports)('a 2xx that is not JSON, over %s', (_name, fetchImpl) => {
  const api = (baseUrl: string) =>
    new NeynarAPIClient({ apiKey: 'k', baseUrl, retries: 0, fetch: fetchImpl });

  it('an HTML page says what came back and hints at the baseUrl', async () => {
    server.respond((_r, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page);
    });
    const error = await api(server.url)
      .lookupUserByUsername({ username: 'dwr' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error).toBeInstanceOf(CastkitError);
    const e = error as UnexpectedResponseError;
    expect(e.status).toBe(200);
    expect(e.method).toBe('GET');
    expect(e.url).toBe(`${server.url}/v2/farcaster/user/by_username?username=dwr`);
    expect(e.bodyStart.startsWith('<!doctype html>')).toBe(true);
    expect(e.message).toContain('lookupUserByUsername: GET');
    expect(e.message).toContain('answered 200 with text/html; charset=utf-8 where JSON was expected');
    expect(e.message).toContain('"<!doctype html><html>');
    expect(e.message).toContain(`Is the baseUrl (${server.url}) the API's address?`);
  });

  it('an empty body says so', async () => {
    server.respond((_r, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end();
    });
    const error = await api(`${server.url}/v2`)
      .lookupUserByUsername({ username: 'dwr' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toContain('answered 200 with application/json and an empty body');
  });

  it('malformed JSON says where the parse failed and shows the start of the body', async () => {
    server.respond((_r, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"user": {"fid": 3,');
    });
    const error = await api(`${server.url}/v2`)
      .lookupUserByUsername({ username: 'dwr' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toMatch(/and malformed JSON \(.+\): "\{\\"user\\": \{\\"fid\\": 3,"/);
  });

  it('a hub client whose baseUrl ends in /v1 is told the paths carry /v1 already', async () => {
    server.respond((_r, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('Not here');
    });
    const hub = new NeynarHubClient({
      apiKey: 'k',
      baseUrl: `${server.url}/v1`,
      retries: 0,
      fetch: fetchImpl,
    });
    const error = await hub.lookupHubInfo({ dbstats: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toContain('should not end in /v1');
  });
});
