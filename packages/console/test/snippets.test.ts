// The previews are read back from buildRequest's output: their params object must rebuild the same
// request, for every operation of both SDK generations, and curl must quote anything a value can hold.
import { runInThisContext } from 'node:vm';
import { buildRequest, allOperations as operations3 } from '@castkit/sdk';
import { allOperations as operations244 } from '@castkit/sdk/2.x';
import { describe, expect, it } from 'vitest';
import { generationOf, operationKey } from '../src/api/catalog';
import { generationLabel } from '../src/api/generation';
import { type FormValues, toParams } from '../src/explorer/form-model';
import { castkitSnippet, curlSnippet, neynarSnippet, paramsFromRequest } from '../src/preview/snippets';
import { sampleFill } from './support/sample-values';

const ctx = { baseUrl: 'http://127.0.0.1:3000/v2', apiKey: 'castkit-dev-key' };

const allOperations = [...operations3, ...operations244];

function sampleValues(op: (typeof allOperations)[number]): FormValues {
  const values: FormValues = {};
  for (const p of op.params) {
    const f = sampleFill(p);
    values[p.key] = f.kind === 'toggle' ? true : f.kind === 'tokens' ? f.value.split(',') : f.value;
  }
  return values;
}

/** The params object a snippet's call passes, evaluated from the snippet's text as a reader would run it. */
function argsOf(code: string, name: string): Record<string, unknown> {
  const call = `client.${name}(`;
  const start = code.indexOf(call);
  expect(start, `no ${call} in the snippet`).toBeGreaterThan(-1);
  const text = code.slice(start + call.length, code.lastIndexOf(');'));
  return text ? runInThisContext(`(${text})`) : {};
}

/** The headers a snippet's Configuration carries in `baseOptions`, evaluated as written. */
function baseHeadersOf(code: string): Record<string, string> {
  const m = /baseOptions: \{ headers: (\{[\s\S]*?\n {4}\}) \},/.exec(code);
  return m ? runInThisContext(`(${m[1]})`) : {};
}

describe('the SDK snippets', () => {
  it.each(
    allOperations
      .filter((op) => op.body?.kind !== 'binary' && op.body?.kind !== 'multipart')
      .map((op) => [`${generationLabel(generationOf(op))} ${operationKey(op)}`, op] as const),
  )('%s: rebuild exactly the previewed request from their params', (_k, op) => {
    const { params, errors } = toParams(op, sampleValues(op));
    expect(errors).toEqual({});
    const req = buildRequest(op, params, ctx);
    const again = buildRequest(op, paramsFromRequest(op, req), ctx);
    expect(again).toEqual(req);
    // The code shown, run as written, sends that request: no parameter dropped, renamed or retyped.
    const shown = [castkitSnippet(op, req), ...(op.api === 'v2' ? [neynarSnippet(op, req)] : [])];
    for (const code of shown) {
      const args = argsOf(code, op.name);
      // 3.x takes the client-carried headers from the Configuration's baseOptions, not as arguments.
      const headers = baseHeadersOf(code);
      const fromClient = op.params.filter((p) => p.client && p.key in params).map((p) => p.key);
      expect(Object.keys(headers)).toHaveLength(fromClient.length);
      expect(Object.keys(args).sort()).toEqual(
        Object.keys(params)
          .filter((k) => !fromClient.includes(k))
          .sort(),
      );
      expect(buildRequest(op, args, { ...ctx, headers })).toEqual(req);
    }
    expect(shown[0]).toContain(op.generation ? "from '@castkit/sdk';" : "from '@castkit/sdk/2.x';");
  });

  it('show 3.x code for a 3.x operation: a Configuration with the root as basePath, headers in baseOptions', () => {
    const op = operations3.find((o) => o.name === 'fetchAllNotifications')!;
    const req = buildRequest(op, { fid: 3, type: ['follows', 'likes'] }, ctx);
    expect(req.url).toBe('http://127.0.0.1:3000/v2/farcaster/notifications/?fid=3&type=follows&type=likes');
    const code = castkitSnippet(op, req);
    expect(code).toContain("import { Configuration, NeynarAPIClient } from '@castkit/sdk';");
    expect(code).toContain(
      "new NeynarAPIClient(\n  new Configuration({\n    apiKey: 'castkit-dev-key',\n    basePath: 'http://127.0.0.1:3000',\n  }),\n);",
    );
    expect(code).toContain("client.fetchAllNotifications({\n  fid: 3,\n  type: ['follows', 'likes'],\n})");
    const wallet = operations3.find((o) => o.name === 'sendFungiblesToUsers')!;
    const withHeader = castkitSnippet(
      wallet,
      buildRequest(wallet, { network: 'base', recipients: [{ fid: 3, amount: 1 }], xWalletId: 'w-1' }, ctx),
    );
    expect(withHeader).toContain('baseOptions: { headers: {\n      "x-wallet-id": \'w-1\',\n    } },');
    expect(argsOf(withHeader, wallet.name)).not.toHaveProperty('xWalletId');
  });

  it('show 2.44 code for a 2.44 operation, from @castkit/sdk/2.x', () => {
    const op = operations244.find((o) => o.name === 'lookupUserByUsername')!;
    const code = castkitSnippet(op, buildRequest(op, { username: 'alice' }, ctx));
    expect(code).toContain("import { NeynarAPIClient } from '@castkit/sdk/2.x';");
    expect(code).toContain("baseUrl: 'http://127.0.0.1:3000/v2',");
  });

  it('show @neynar/nodejs-sdk code with a Configuration for v2 operations', () => {
    const op = operations244.find((o) => o.name === 'lookupUserByUsername')!;
    const code = neynarSnippet(op, buildRequest(op, { username: 'alice', viewerFid: 2 }, ctx));
    expect(code).toContain(
      "new Configuration({\n    apiKey: 'castkit-dev-key',\n    basePath: 'http://127.0.0.1:3000/v2',",
    );
    expect(code).toContain("client.lookupUserByUsername({\n  username: 'alice',\n  viewerFid: 2,\n})");
  });
});

describe('the curl snippet', () => {
  it('single-quotes the URL, headers and body so a quote in a value cannot break out', () => {
    const op = operations244.find((o) => o.name === 'publishCast')!;
    const req = buildRequest(op, { signerUuid: 's', text: "it's $HOME `x`" }, ctx);
    const curl = curlSnippet(req);
    expect(curl).toContain(`--data-raw '{"signer_uuid":"s","text":"it'\\''s $HOME \`x\`"}'`);
    expect(curl.startsWith("curl -X POST 'http://127.0.0.1:3000/v2/farcaster/cast'")).toBe(true);
  });
});
