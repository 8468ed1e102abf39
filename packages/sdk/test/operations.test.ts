// Every operation of both specs, driven from the spec: the request on the wire, and required checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Configuration, NeynarAPIClient, NeynarHubClient, RequiredError } from '../src/2x/index.js';
import { type Recorded, type RecordingServer, startRecordingServer } from './support/recording-server.js';
import { type Sample, samplesFor } from './support/samples.js';

const API_KEY = 'test-key-123';
let server: RecordingServer;
let api: NeynarAPIClient;
let hub: NeynarHubClient;

beforeAll(async () => {
  server = await startRecordingServer();
  api = new NeynarAPIClient(new Configuration({ apiKey: API_KEY, basePath: `${server.url}/v2` }));
  hub = new NeynarHubClient(new Configuration({ apiKey: API_KEY, basePath: server.url }));
});
afterAll(() => server.close());

/** Query pairs exactly as sent: names in order, values percent-decoded (commas were sent literally). */
function sentQuery(rec: Recorded): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of rec.rawQuery.split('&').filter(Boolean)) {
    const [k = '', v = ''] = pair.split('=');
    expect(v, `query ${k} must not percent-encode list commas`).not.toMatch(/%2C/i);
    out[decodeURIComponent(k)] = decodeURIComponent(v);
  }
  return out;
}

async function expectRequest(client: any, s: Sample, prefix: string) {
  server.requests.length = 0;
  await client[s.name](s.input);
  expect(server.requests).toHaveLength(1);
  const rec = server.requests[0]!;
  expect(rec.method).toBe(s.method);
  expect(rec.path).toBe(prefix + s.path);
  expect(sentQuery(rec)).toEqual(s.query);
  expect(rec.headers['x-api-key']).toBe(API_KEY);
  for (const [name, value] of Object.entries(s.headers)) expect(rec.headers[name]).toBe(value);
  if (!s.body) {
    expect(rec.body.byteLength).toBe(0);
  } else if (s.body.kind === 'json') {
    expect(rec.headers['content-type']).toBe('application/json');
    expect(JSON.parse(rec.body.toString('utf8'))).toEqual(s.body.value);
  } else if (s.body.kind === 'binary') {
    expect(rec.headers['content-type']).toBe('application/octet-stream');
    expect(new Uint8Array(rec.body)).toEqual(s.body.bytes);
  } else {
    const form = await new Request('http://x/', {
      method: 'POST',
      body: new Uint8Array(rec.body),
      headers: { 'content-type': String(rec.headers['content-type']) },
    }).formData();
    const fields: Record<string, string> = {};
    for (const [k, v] of form.entries()) fields[k] = typeof v === 'string' ? v : await v.text();
    expect(fields).toEqual(s.body.fields);
  }
}

async function expectRequiredChecks(client: any, s: Sample) {
  for (const key of s.required) {
    server.requests.length = 0;
    const input = { ...s.input };
    delete input[key];
    await expect(client[s.name](input)).rejects.toThrow(new RequiredError(key, s.name).message);
    await expect(client[s.name](input)).rejects.toBeInstanceOf(RequiredError);
    expect(server.requests).toHaveLength(0);
  }
}

describe('main API (v2): every operation', () => {
  const samples = samplesFor('neynar-v2.yaml');
  it('covers all 122 operations of the spec', () => {
    expect(samples).toHaveLength(122);
    for (const s of samples) expect(typeof (api as any)[s.name], s.name).toBe('function');
  });
  it.each(samples.map((s) => [s.name, s] as const))(
    '%s sends exactly the request the spec describes',
    async (_n, s) => {
      await expectRequest(api, s, '/v2');
    },
  );
  it.each(samples.filter((s) => s.required.length).map((s) => [s.name, s] as const))(
    '%s throws RequiredError for each missing required parameter before sending',
    async (_n, s) => {
      await expectRequiredChecks(api, s);
    },
  );
});

describe('hub API (v1): every operation', () => {
  const samples = samplesFor('hub-v1.yaml');
  it('covers all 25 operations of the spec', () => {
    expect(samples).toHaveLength(25);
    for (const s of samples) expect(typeof (hub as any)[s.name], s.name).toBe('function');
  });
  it.each(samples.map((s) => [s.name, s] as const))(
    '%s sends exactly the request the spec describes',
    async (_n, s) => {
      await expectRequest(hub, s, '');
    },
  );
  it.each(samples.filter((s) => s.required.length).map((s) => [s.name, s] as const))(
    '%s throws RequiredError for each missing required parameter before sending',
    async (_n, s) => {
      await expectRequiredChecks(hub, s);
    },
  );
});
