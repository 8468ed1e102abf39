// Bodies passed whole under their wrapper key, as the established SDK passes some of them
// (`createTransactionPayFrame({ framePayTransactionRequestBody })`), send what the flat form sends.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { camel } from '../../../tools/codegen/names.mjs';
import {
  buildRequest,
  CastkitError,
  createClient,
  NeynarAPIClient,
  publishCast,
  RequiredError,
} from '../src/2x/index.js';
import { type Recorded, type RecordingServer, startRecordingServer } from './support/recording-server.js';
import { samplesFor } from './support/samples.js';

let server: RecordingServer;
let api: NeynarAPIClient;
beforeAll(async () => {
  server = await startRecordingServer();
  api = new NeynarAPIClient({ apiKey: 'k', baseUrl: `${server.url}/v2` });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const wire = (r: Recorded) => ({
  method: r.method,
  path: r.path,
  query: r.rawQuery,
  contentType: r.headers['content-type'],
  xWalletId: r.headers['x-wallet-id'],
  body: JSON.parse(r.body.toString('utf8')),
});

const samples = samplesFor('neynar-v2.yaml').filter((s) => s.wrapper);

describe('a JSON body passed under its wrapper key', () => {
  it('is accepted by every operation with a JSON body (41 in 2.44.0)', () => {
    expect(samples).toHaveLength(41);
    const names = samples.map((s) => s.wrapper);
    expect(names).toContain('framePayTransactionRequestBody');
    expect(names).toContain('transactionSendFungiblesRequest');
  });

  it.each(samples.map((s) => [s.name, s] as const))(
    '%s sends the same request wrapped as flat',
    async (_n, s) => {
      const body = s.body?.kind === 'json' ? (s.body.value as Record<string, unknown>) : {};
      // The non-body parameters stay at the top level; the body goes in spec names, as the incumbent's models spell it.
      const bodyKeys = new Set(Object.keys(body).map(camel));
      const rest = Object.fromEntries(
        Object.entries(s.input).filter(([k]) => !bodyKeys.has(k) && k !== 'body'),
      );
      const whole = 'body' in s.input && !bodyKeys.size;
      await (api as any)[s.name](s.input);
      await (api as any)[s.name]({ ...rest, [s.wrapper!]: whole ? s.input.body : body });
      expect(server.requests).toHaveLength(2);
      const [flat, wrapped] = server.requests.map(wire);
      expect(wrapped).toEqual(flat);
      expect(wrapped!.body).toEqual(whole ? s.input.body : body);
    },
  );

  it('keeps the header parameter beside the wrapped body (sendFungiblesToUsers)', async () => {
    await api.sendFungiblesToUsers({
      xWalletId: 'wallet-1',
      transactionSendFungiblesRequest: {
        network: 'base',
        fungible_contract_address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
        recipients: [{ fid: 3, amount: 1.5 }],
      },
    });
    const r = wire(server.requests[0]!);
    expect(r.xWalletId).toBe('wallet-1');
    expect(r.body).toEqual({
      network: 'base',
      fungible_contract_address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      recipients: [{ fid: 3, amount: 1.5 }],
    });
  });

  it('keeps the body’s own value over the same name beside it (an idempotency key added next to it)', () => {
    const req = buildRequest(
      publishCast,
      { idem: 'added', postCastReqBody: { signer_uuid: 'u-1', text: 'hi', idem: 'mine' } },
      { baseUrl: 'http://x/v2' },
    );
    expect(JSON.parse(req.body as string)).toEqual({ signer_uuid: 'u-1', text: 'hi', idem: 'mine' });
    const added = buildRequest(
      publishCast,
      { idem: 'added', postCastReqBody: { signer_uuid: 'u-1', text: 'hi' } },
      { baseUrl: 'http://x/v2' },
    );
    expect(JSON.parse(added.body as string)).toMatchObject({ idem: 'added' });
  });

  it('still checks required body fields inside the wrapper before sending', async () => {
    await expect(api.publishCast({ postCastReqBody: { text: 'no signer' } as never })).rejects.toBeInstanceOf(
      RequiredError,
    );
    expect(server.requests).toHaveLength(0);
  });

  it('must be an object: anything else is a CastkitError naming the key, before sending', async () => {
    const bad = api.publishCast({ postCastReqBody: 'hello' } as never);
    await expect(bad).rejects.toBeInstanceOf(CastkitError);
    await expect(bad).rejects.toThrow('postCastReqBody of publishCast must be an object');
    expect(server.requests).toHaveLength(0);
  });

  it('works through the light client too', async () => {
    const client = createClient({ apiKey: 'k', baseUrl: `${server.url}/v2` });
    await client.call(publishCast, {
      postCastReqBody: { signer_uuid: 'u-1', text: 'hi', parent_author_fid: 3, idem: 'hi-1' },
    });
    expect(wire(server.requests[0]!).body).toEqual({
      signer_uuid: 'u-1',
      text: 'hi',
      parent_author_fid: 3,
      idem: 'hi-1',
    });
  });
});
