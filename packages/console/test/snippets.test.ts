// The previews are read back from buildRequest's output: their params object must rebuild the same
// request, for every operation, and curl must quote anything a value can hold.
import { runInThisContext } from 'node:vm';
import { buildRequest } from '@castkit/sdk/2.x';
import { describe, expect, it } from 'vitest';
import { allOperations, operationKey } from '../src/api/catalog';
import { type FormValues, toParams } from '../src/explorer/form-model';
import { castkitSnippet, curlSnippet, neynarSnippet, paramsFromRequest } from '../src/preview/snippets';
import { sampleFill } from './support/sample-values';

const ctx = { baseUrl: 'http://127.0.0.1:3000/v2', apiKey: 'castkit-dev-key' };

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

describe('the SDK snippets', () => {
  it.each(
    allOperations
      .filter((op) => op.body?.kind !== 'binary' && op.body?.kind !== 'multipart')
      .map((op) => [operationKey(op), op] as const),
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
      expect(Object.keys(args).sort()).toEqual(Object.keys(params).sort());
      expect(buildRequest(op, args, ctx)).toEqual(req);
    }
  });

  it('show @neynar/nodejs-sdk code with a Configuration for v2 operations', () => {
    const op = allOperations.find((o) => o.name === 'lookupUserByUsername')!;
    const code = neynarSnippet(op, buildRequest(op, { username: 'alice', viewerFid: 2 }, ctx));
    expect(code).toContain(
      "new Configuration({\n    apiKey: 'castkit-dev-key',\n    basePath: 'http://127.0.0.1:3000/v2',",
    );
    expect(code).toContain("client.lookupUserByUsername({\n  username: 'alice',\n  viewerFid: 2,\n})");
  });
});

describe('the curl snippet', () => {
  it('single-quotes the URL, headers and body so a quote in a value cannot break out', () => {
    const op = allOperations.find((o) => o.name === 'publishCast')!;
    const req = buildRequest(op, { signerUuid: 's', text: "it's $HOME `x`" }, ctx);
    const curl = curlSnippet(req);
    expect(curl).toContain(`--data-raw '{"signer_uuid":"s","text":"it'\\''s $HOME \`x\`"}'`);
    expect(curl.startsWith("curl -X POST 'http://127.0.0.1:3000/v2/farcaster/cast'")).toBe(true);
  });
});
