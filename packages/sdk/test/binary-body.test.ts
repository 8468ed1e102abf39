// Hub messages are raw protobuf bytes: every accepted form must arrive byte for byte.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CastkitError, NeynarHubClient } from '../src/2x/index.js';
import { json, type RecordingServer, startRecordingServer } from './support/recording-server.js';

let server: RecordingServer;
beforeAll(async () => {
  server = await startRecordingServer();
  server.respond((_r, res) => json(res, 200, { valid: true }));
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const message = Uint8Array.from([0x0a, 0x2c, 0x08, 0x01, 0x10, 0x00, 0xff, 0xfe, 0x80, 0x00, 0x7f, 0x12]);
const backing = new Uint8Array(64).fill(0xaa);
backing.set(message, 20);

const forms: [string, () => unknown][] = [
  ['a Uint8Array', () => message],
  ['a view into a larger buffer (only the view is sent)', () => backing.subarray(20, 20 + message.length)],
  ['a Buffer', () => Buffer.from(message)],
  ['a pooled Buffer slice', () => Buffer.concat([Buffer.alloc(7, 1), Buffer.from(message)]).subarray(7)],
  ['an ArrayBuffer', () => message.slice().buffer],
  ['a Blob whose own type is not octet-stream', () => new Blob([message], { type: 'image/png' })],
];

const transports = [
  ['node:http', () => new NeynarHubClient({ apiKey: 'k', baseUrl: server.url })],
  ['fetch', () => new NeynarHubClient({ apiKey: 'k', baseUrl: server.url, fetch: globalThis.fetch })],
] as const;

describe.each(transports)('binary bodies over %s', (_t, make) => {
  it.each(forms)('publishMessage sends %s byte-exact as application/octet-stream', async (_n, body) => {
    await make().publishMessage({ body: body() as Uint8Array });
    const rec = server.requests[0]!;
    expect(rec.method).toBe('POST');
    expect(rec.path).toBe('/v1/submitMessage');
    expect(rec.headers['content-type']).toBe('application/octet-stream');
    expect([...rec.body]).toEqual([...message]);
  });

  it('validateMessage sends the same bytes to /v1/validateMessage', async () => {
    await make().validateMessage({ body: backing.subarray(20, 20 + message.length) });
    expect(server.requests[0]!.path).toBe('/v1/validateMessage');
    expect([...server.requests[0]!.body]).toEqual([...message]);
  });
});

it('rejects a body that is not bytes with an error naming the parameter, before sending', async () => {
  const hub = new NeynarHubClient({ apiKey: 'k', baseUrl: server.url });
  await expect(hub.publishMessage({ body: 'not bytes' as never })).rejects.toThrow(CastkitError);
  await expect(hub.publishMessage({ body: 'not bytes' as never })).rejects.toThrow(
    /body of publishMessage must be/,
  );
  expect(server.requests).toHaveLength(0);
});
