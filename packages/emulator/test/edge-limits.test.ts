// Request bodies at the edge: the size limit answers 413 that the client actually reads, deep JSON is
// a 400 naming the field (not a stack overflow), and the wrong content type is a 415.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathAt, tooDeepAt } from '../src/edge/decode.js';
import { type Emulator, startEmulator } from '../src/index.js';
import { request } from './support/http.js';

const SIGNER = '00000000-0000-4000-8000-000000000001';
const MiB = 1024 * 1024;

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ db: ':memory:' });
});
afterAll(() => emu.close());

const post = (path: string, body: string | Buffer, type: string, chunked = false) =>
  request(emu.url, path, {
    method: 'POST',
    headers: { 'x-api-key': emu.apiKey, 'content-type': type },
    body,
    chunked,
  });

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('a body over the size limit', () => {
  it('gets a 413 with the v2 error body that the client reads, whether its length is declared or chunked', async () => {
    const big = JSON.stringify({ signer_uuid: SIGNER, text: 'x'.repeat(2 * MiB) });
    for (const chunked of [false, true]) {
      const r = await post('/v2/farcaster/cast', big, 'application/json', chunked);
      expect(r.status, `chunked: ${chunked}`).toBe(413);
      expect(r.headers.connection).toBe('close');
      expect(r.json()).toMatchObject({
        code: 'PayloadTooLarge',
        message: expect.stringContaining('1048576'),
      });
    }
    // fetch (undici) too: it must see the answer, not a reset, while it is still sending.
    const viaFetch = await fetch(`${emu.url}/v2/farcaster/cast`, {
      method: 'POST',
      headers: { 'x-api-key': emu.apiKey, 'content-type': 'application/json' },
      body: big,
    });
    expect(viaFetch.status).toBe(413);
    expect((await viaFetch.json()).code).toBe('PayloadTooLarge');
  });

  it('gets the hub error body on /v1', async () => {
    const r = await post('/v1/submitMessage', Buffer.alloc(2 * MiB, 1), 'application/octet-stream');
    expect(r.status).toBe(413);
    expect(r.json()).toMatchObject({ name: 'HubError', errCode: 'bad_request.validation_failure' });
  });

  it('leaves the server answering the next request', async () => {
    await post('/v2/farcaster/cast', Buffer.alloc(3 * MiB, 0x20), 'application/json', true);
    const r = await request(emu.url, '/v2/farcaster/user/bulk?fids=1', {
      headers: { 'x-api-key': emu.apiKey },
    });
    expect(r.status).toBe(200);
  });

  it('follows the limit the server is started with', async () => {
    const small = await startEmulator({ db: ':memory:', maxBodyBytes: 2048 });
    try {
      const send = (text: string) =>
        request(small.url, '/v2/farcaster/cast', {
          method: 'POST',
          headers: { 'x-api-key': small.apiKey, 'content-type': 'application/json' },
          body: JSON.stringify({ signer_uuid: SIGNER, text }),
        });
      expect((await send('y'.repeat(3000))).status).toBe(413);
      expect((await send('fits under the limit')).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('deeply nested JSON', () => {
  it('gets a 400 naming the field, 10,000 and 500,000 levels deep alike', async () => {
    for (const depth of [10_000, 500_000]) {
      const body = `{"signer_uuid":"${SIGNER}","text":"deep","embeds":${nested(depth)}}`;
      const r = await post('/v2/farcaster/cast', body, 'application/json');
      expect(r.status, `${depth} deep`).toBe(400);
      const error = r.json();
      expect(error.property, `${depth} deep`).toMatch(/^embeds\[0\]\[0\]/);
      expect(error.message).toContain('64 levels');
    }
  });

  it('gets a 400 when the whole body is the deep value', async () => {
    const r = await post('/v2/farcaster/cast', nested(100_000), 'application/json');
    expect(r.status).toBe(400);
    expect(r.json()).toMatchObject({ property: 'body', message: expect.stringContaining('[0][0]') });
  });

  it('is measured without counting brackets inside strings, and named by its keys', () => {
    const ok = Buffer.from(`{"text":"${'['.repeat(500)}","a":${nested(63)}}`);
    expect(tooDeepAt(ok, 64)).toBe(-1);
    const deep = Buffer.from(`{"text":"[{\\"","embeds":[{"url":"x"},{"cast_id":{"a\\"b":${nested(70)}}}]}`);
    const at = tooDeepAt(deep, 64);
    expect(at).toBeGreaterThan(0);
    expect(pathAt(deep, at)).toBe('embeds[1].cast_id.a"b[0][0]...');
  });
});

describe('the content type of a body', () => {
  it('must be JSON for a JSON operation: text/plain gets a 415 naming content-type', async () => {
    const body = JSON.stringify({ signer_uuid: SIGNER, text: 'sent as text' });
    // What fetch sends for a string body when no type is set.
    const r = await post('/v2/farcaster/cast', body, 'text/plain;charset=UTF-8');
    expect(r.status).toBe(415);
    expect(r.json()).toMatchObject({ code: 'UnsupportedMediaType', property: 'content-type' });
    expect(r.json().message).toContain('content-type');
    const form = await post('/v2/farcaster/cast', 'text=x', 'application/x-www-form-urlencoded');
    expect(form.status).toBe(415);
  });

  it('may be application/json with any charset, or an application/*+json type', async () => {
    for (const type of [
      'application/json; charset=utf-8',
      'Application/JSON',
      'application/vnd.castkit+json',
    ]) {
      const r = await post('/v2/farcaster/cast', JSON.stringify({ signer_uuid: SIGNER, text: type }), type);
      expect(r.status, `${type}: ${r.text}`).toBe(200);
    }
  });

  it('must be application/octet-stream for the hub binary operations: JSON gets a 415', async () => {
    for (const path of ['/v1/submitMessage', '/v1/validateMessage']) {
      const r = await post(path, '{"data":{}}', 'application/json');
      expect(r.status, path).toBe(415);
      expect(r.json()).toMatchObject({ name: 'HubError', details: expect.stringContaining('content-type') });
    }
  });
});
