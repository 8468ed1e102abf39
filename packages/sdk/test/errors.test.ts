// How failures surface: API errors by status, redirects, and transport failures told apart.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AbortError,
  API_ERRORS,
  ApiError,
  type ApiErrorStatus,
  AuthenticationError,
  BadRequestError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  isApiErrorResponse,
  NeynarAPIClient,
  NotFoundError,
  RateLimitError,
  TimeoutError,
} from '../src/2x/index.js';
import { json, type RecordingServer, startRecordingServer } from './support/recording-server.js';

const API_KEY = 'secret-key-do-not-leak';
let server: RecordingServer;
let other: RecordingServer;
const warnings: string[] = [];
const logger = { warn: (m: string) => warnings.push(m) };
const client = () =>
  new NeynarAPIClient({ apiKey: API_KEY, baseUrl: `${server.url}/v2`, retries: 0, logger });

beforeAll(async () => {
  server = await startRecordingServer();
  other = await startRecordingServer();
});
afterAll(async () => {
  await server.close();
  await other.close();
});
beforeEach(() => {
  server.requests.length = 0;
  other.requests.length = 0;
  warnings.length = 0;
});

describe('API errors', () => {
  it('raises, for every status of the shared vocabulary, the class that the vocabulary names', async () => {
    for (const status of Object.keys(API_ERRORS).map(Number) as ApiErrorStatus[]) {
      const code = API_ERRORS[status].codes[0];
      server.respond((_r, res) => json(res, status, { message: `failure ${status}`, code }));
      const error = (await client()
        .fetchBulkUsers({ fids: [1] })
        .catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error.name).toBe(API_ERRORS[status].className);
      expect(error.code).toBe(code);
    }
  });

  it.each([
    [400, BadRequestError, 'bad request'],
    [401, AuthenticationError, 'unauthorized'],
    [404, NotFoundError, 'not found'],
    [409, ConflictError, 'conflict'],
    [429, RateLimitError, 'too many requests'],
    [500, InternalServerError, 'internal server error'],
  ] as const)(
    'a %i keeps the status in words, the request, and the message, code and property of the body',
    async (status, Ctor, kind) => {
      server.respond((_r, res) =>
        json(res, status, { message: `failure ${status}`, code: 'SomeCode', property: 'fid' }),
      );
      const error = await client()
        .fetchBulkUsers({ fids: [1] })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Ctor);
      expect(error).toBeInstanceOf(ApiError);
      const e = error as ApiError;
      expect(e.status).toBe(status);
      expect(e.apiMessage).toBe(`failure ${status}`);
      expect(e.code).toBe('SomeCode');
      expect(e.property).toBe('fid');
      expect(e.message).toContain(`${status} ${kind}`);
      expect(e.message).toContain(`failure ${status}`);
      expect(e.method).toBe('GET');
      expect(e.url).toBe(`${server.url}/v2/farcaster/user/bulk?fids=1`);
      expect(e.response.data).toEqual({ message: `failure ${status}`, code: 'SomeCode', property: 'fid' });
      expect(isApiErrorResponse(e)).toBe(true);
      expect(NeynarAPIClient.isApiErrorResponse(e)).toBe(true);
    },
  );

  it('warns the logger with the error body when the body has a message, and never logs the key', async () => {
    server.respond((_r, res) => json(res, 404, { message: 'User not found' }));
    await expect(client().lookupUserByUsername({ username: 'ghost' })).rejects.toBeInstanceOf(NotFoundError);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('User not found');
    expect(warnings.join('\n')).not.toContain(API_KEY);
  });

  it('does not warn when the error body has no message, and isApiErrorResponse says no', async () => {
    server.respond((_r, res) => json(res, 500, { oops: true }));
    const error = await client()
      .lookupUserByUsername({ username: 'x' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(isApiErrorResponse(error)).toBe(false);
    expect(warnings).toHaveLength(0);
  });

  it('keeps a non-JSON error body as text', async () => {
    server.respond((_r, res) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('upstream down');
    });
    const error = (await client()
      .lookupUserByUsername({ username: 'x' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(502);
    expect(error.body).toBe('upstream down');
  });

  it('never puts the API key in an error message', async () => {
    server.respond((_r, res) => json(res, 401, { message: 'Invalid API key' }));
    const error = (await client()
      .lookupUserByUsername({ username: 'x' })
      .catch((e: unknown) => e)) as Error;
    expect(error.message).not.toContain(API_KEY);
    expect(JSON.stringify(error)).not.toContain(API_KEY);
  });
});

describe('redirects', () => {
  it('a 302 is a success returning { location }, never followed with the key', async () => {
    server.respond((_r, res) => {
      res.writeHead(302, { location: `${other.url}/elsewhere` });
      res.end();
    });
    const result = await client().fetchAuthorizationUrl({ clientId: 'abc', responseType: 'code' });
    expect(result).toEqual({ location: `${other.url}/elsewhere` });
    expect(server.requests).toHaveLength(1);
    expect(other.requests).toHaveLength(0);
  });

  it('the fetch transport does not follow a 302 either', async () => {
    server.respond((_r, res) => {
      res.writeHead(302, { location: `${other.url}/elsewhere` });
      res.end();
    });
    const viaFetch = new NeynarAPIClient({
      apiKey: API_KEY,
      baseUrl: `${server.url}/v2`,
      fetch: globalThis.fetch,
    });
    expect(await viaFetch.fetchAuthorizationUrl({ clientId: 'abc', responseType: 'code' })).toEqual({
      location: `${other.url}/elsewhere`,
    });
    expect(other.requests).toHaveLength(0);
  });
});

describe('transport failures', () => {
  let silent: Server;
  let silentUrl: string;
  beforeAll(async () => {
    // Accepts connections and never answers.
    silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    silentUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((r) => silent.close(r));
  });

  async function refusedUrl(): Promise<string> {
    const s = createServer();
    await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
    await new Promise((r) => s.close(r));
    return url;
  }

  it('connection refused is a ConnectionError naming the host, not the key', async () => {
    const url = await refusedUrl();
    const c = new NeynarAPIClient({ apiKey: API_KEY, baseUrl: `${url}/v2`, retries: 0 });
    const error = (await c.lookupUserByUsername({ username: 'x' }).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.message).toContain('ECONNREFUSED');
    expect(error.message).toContain(new URL(url).host);
    expect(error.message).not.toContain(API_KEY);
  });

  it('a server that never answers ends in a TimeoutError', async () => {
    const c = new NeynarAPIClient({ apiKey: API_KEY, baseUrl: `${silentUrl}/v2`, retries: 0, timeout: 150 });
    await expect(c.lookupUserByUsername({ username: 'x' })).rejects.toBeInstanceOf(TimeoutError);
  });

  it('a per-call timeout overrides the client default', async () => {
    const c = new NeynarAPIClient({ apiKey: API_KEY, baseUrl: `${silentUrl}/v2`, retries: 0 });
    await expect(c.lookupUserByUsername({ username: 'x' }, { timeout: 100 })).rejects.toBeInstanceOf(
      TimeoutError,
    );
  });

  it('an aborted call ends in an AbortError, before or during the request', async () => {
    const c = new NeynarAPIClient({ apiKey: API_KEY, baseUrl: `${silentUrl}/v2`, retries: 0 });
    const before = new AbortController();
    before.abort();
    await expect(c.lookupUserByUsername({ username: 'x' }, { signal: before.signal })).rejects.toBeInstanceOf(
      AbortError,
    );
    const during = new AbortController();
    const pending = c.lookupUserByUsername({ username: 'x' }, { signal: during.signal });
    setTimeout(() => during.abort(), 50);
    await expect(pending).rejects.toBeInstanceOf(AbortError);
  });

  it('the fetch transport tells timeout, abort and refusal apart the same way', async () => {
    const viaFetch = (base: string, timeout?: number) =>
      new NeynarAPIClient({
        apiKey: API_KEY,
        baseUrl: `${base}/v2`,
        retries: 0,
        timeout,
        fetch: globalThis.fetch,
      });
    await expect(viaFetch(silentUrl, 100).lookupUserByUsername({ username: 'x' })).rejects.toBeInstanceOf(
      TimeoutError,
    );
    const ac = new AbortController();
    const pending = viaFetch(silentUrl).lookupUserByUsername({ username: 'x' }, { signal: ac.signal });
    setTimeout(() => ac.abort(), 50);
    await expect(pending).rejects.toBeInstanceOf(AbortError);
    await expect(viaFetch(await refusedUrl()).lookupUserByUsername({ username: 'x' })).rejects.toBeInstanceOf(
      ConnectionError,
    );
  });
});

describe('retries', () => {
  it('retries a 429 after Retry-After and then succeeds', async () => {
    let n = 0;
    server.respond((_r, res) =>
      n++ === 0
        ? json(res, 429, { message: 'slow down' }, { 'retry-after': '0' })
        : json(res, 200, { ok: 1 }),
    );
    const c = new NeynarAPIClient({ apiKey: API_KEY, baseUrl: `${server.url}/v2`, retries: 2 });
    expect(await c.publishCast({ signerUuid: 'u', text: 'hi' })).toEqual({ ok: 1 });
    expect(server.requests).toHaveLength(2);
  });

  it('retries a 503 on a read but never a 500 on a write without an idem key', async () => {
    server.respond((_r, res) => json(res, 503, { message: 'busy' }));
    const c = new NeynarAPIClient({
      apiKey: API_KEY,
      baseUrl: `${server.url}/v2`,
      retries: { retries: 2, baseDelay: 1 },
    });
    await expect(c.lookupUserByUsername({ username: 'x' })).rejects.toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(3);
    server.requests.length = 0;
    await expect(c.markNotificationsAsSeen({ signerUuid: 'u' })).rejects.toBeInstanceOf(InternalServerError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('hub errors', () => {
  it('a hub error body surfaces as the same typed API error with errCode and details', async () => {
    const { NeynarHubClient } = await import('../src/2x/index.js');
    const hubBody = {
      errCode: 'bad_request.validation_failure',
      presentable: false,
      name: 'HubError',
      code: 3,
      details: 'hash does not match',
      metadata: { errcode: ['bad_request.validation_failure'] },
    };
    server.respond((_r, res) => json(res, 400, hubBody));
    const hub = new NeynarHubClient({ apiKey: API_KEY, baseUrl: server.url, retries: 0, logger });
    const error = (await hub
      .publishMessage({ body: new Uint8Array([1]) })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.code).toBe('bad_request.validation_failure');
    expect(error.apiMessage).toBe('hash does not match');
    expect(error.body).toEqual(hubBody);
    expect(warnings).toHaveLength(0);

    server.respond((_r, res) => json(res, 404, { ...hubBody, message: 'not found' }));
    await expect(hub.lookupCastByHashAndFid({ fid: 1, hash: '0x00' })).rejects.toBeInstanceOf(NotFoundError);
    expect(warnings[0]).toContain('not found');
  });
});
