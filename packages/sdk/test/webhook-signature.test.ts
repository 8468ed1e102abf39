// The SDK's webhook verifier: signatures made by Node's own HMAC (an independent implementation)
// verify; anything else is false, never a throw; parseWebhookEvent narrows or throws a typed error.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../../console/test/support/browser.js';
import {
  CastkitError,
  parseWebhookEvent,
  verifyWebhookSignature,
  WebhookVerificationError,
} from '../src/2x/index.js';

const sign = (body: string | Uint8Array, secret: string) =>
  createHmac('sha512', secret).update(body).digest('hex');

const event = {
  type: 'follow.created',
  created_at: 1_700_000_000,
  data: { object: 'follow', user: { fid: 1, username: 'alice' }, target_user: { fid: 2, username: 'bob' } },
};
const body = JSON.stringify(event);
const SECRET = 'whsec-current';
const OLD = 'whsec-rotated-out';

describe('verifyWebhookSignature', () => {
  it('accepts the hex HMAC-SHA512 of the raw body under the secret, as text or as bytes', async () => {
    const signature = sign(body, SECRET);
    expect(await verifyWebhookSignature({ rawBody: body, signature, secrets: SECRET })).toBe(true);
    const bytes = new TextEncoder().encode(body);
    expect(await verifyWebhookSignature({ rawBody: bytes, signature, secrets: [SECRET] })).toBe(true);
    expect(
      await verifyWebhookSignature({ rawBody: body, signature: signature.toUpperCase(), secrets: SECRET }),
    ).toBe(true);
  });

  it('accepts a signature made with any of several secrets, so a rotated secret rolls over', async () => {
    expect(
      await verifyWebhookSignature({ rawBody: body, signature: sign(body, OLD), secrets: [SECRET, OLD] }),
    ).toBe(true);
    expect(
      await verifyWebhookSignature({ rawBody: body, signature: sign(body, SECRET), secrets: [OLD, SECRET] }),
    ).toBe(true);
    expect(
      await verifyWebhookSignature({ rawBody: body, signature: sign(body, OLD), secrets: [SECRET] }),
    ).toBe(false);
  });

  it('refuses a body changed by one byte, or re-serialised, under the right secret', async () => {
    const signature = sign(body, SECRET);
    expect(
      await verifyWebhookSignature({ rawBody: body.replace('alice', 'alicf'), signature, secrets: SECRET }),
    ).toBe(false);
    expect(
      await verifyWebhookSignature({ rawBody: JSON.stringify(event, null, 1), signature, secrets: SECRET }),
    ).toBe(false);
  });

  it('hashes the bytes as sent: a non-ASCII body verifies as text and as its UTF-8 bytes', async () => {
    const text = JSON.stringify({ ...event, data: { ...event.data, note: 'héllo 🌍' } });
    const signature = sign(Buffer.from(text, 'utf8'), SECRET);
    expect(await verifyWebhookSignature({ rawBody: text, signature, secrets: SECRET })).toBe(true);
    expect(
      await verifyWebhookSignature({ rawBody: Buffer.from(text, 'utf8'), signature, secrets: SECRET }),
    ).toBe(true);
    // Latin-1 bytes of the same text are another body.
    expect(
      await verifyWebhookSignature({ rawBody: Buffer.from(text, 'latin1'), signature, secrets: SECRET }),
    ).toBe(false);
  });

  it('answers false, never throws, for a missing or malformed signature, no secrets or a body of the wrong kind', async () => {
    const good = sign(body, SECRET);
    const cases: unknown[] = [
      { rawBody: body, signature: undefined, secrets: SECRET },
      { rawBody: body, signature: null, secrets: SECRET },
      { rawBody: body, signature: '', secrets: SECRET },
      { rawBody: body, signature: good.slice(0, 127), secrets: SECRET },
      { rawBody: body, signature: `${good}00`, secrets: SECRET },
      { rawBody: body, signature: `sha512=${good}`, secrets: SECRET },
      { rawBody: body, signature: `${good.slice(0, 126)}zz`, secrets: SECRET },
      { rawBody: body, signature: 42, secrets: SECRET },
      { rawBody: body, signature: good, secrets: [] },
      { rawBody: body, signature: good, secrets: '' },
      { rawBody: body, signature: good, secrets: undefined },
      { rawBody: { json: body }, signature: good, secrets: SECRET },
      { rawBody: undefined, signature: good, secrets: SECRET },
      undefined,
    ];
    for (const input of cases) {
      await expect(verifyWebhookSignature(input as never), JSON.stringify(input)).resolves.toBe(false);
    }
  });
});

describe('parseWebhookEvent', () => {
  it('returns the event, narrowed by its type, when the signature verifies', async () => {
    const parsed = await parseWebhookEvent({
      rawBody: body,
      signature: sign(body, SECRET),
      secrets: [SECRET],
    });
    expect(parsed.type).toBe('follow.created');
    if (parsed.type !== 'follow.created') throw new Error('not narrowed');
    expect(parsed.data.target_user.fid).toBe(2);
  });

  it('throws a WebhookVerificationError (a CastkitError) naming the problem: signature or body', async () => {
    const bad = await parseWebhookEvent({ rawBody: body, signature: sign(body, OLD), secrets: SECRET }).catch(
      (e) => e,
    );
    expect(bad).toBeInstanceOf(WebhookVerificationError);
    expect(bad).toBeInstanceOf(CastkitError);
    expect(bad.problem).toBe('signature');

    const bodies = [
      'not json',
      '[1]',
      'null',
      JSON.stringify({ ...event, type: 'cast.exploded' }),
      '{"type":"cast.created"}',
    ];
    for (const raw of bodies) {
      const error = await parseWebhookEvent({
        rawBody: raw,
        signature: sign(raw, SECRET),
        secrets: SECRET,
      }).catch((e) => e);
      expect(error, raw).toBeInstanceOf(WebhookVerificationError);
      expect(error.problem, raw).toBe('body');
    }
  });

  it('verifies what a real receiver on loopback reads off the wire', async () => {
    const seen: boolean[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const rawBody = Buffer.concat(chunks);
        const signature = req.headers['x-neynar-signature'] as string | undefined;
        const ok = await verifyWebhookSignature({ rawBody, signature, secrets: [OLD, SECRET] });
        seen.push(ok);
        res.writeHead(ok ? 200 : 401).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const post = (headers: Record<string, string>) =>
        fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });
      expect((await post({ 'x-neynar-signature': sign(body, SECRET) })).status).toBe(200);
      expect((await post({ 'x-neynar-signature': sign(body, 'someone-else') })).status).toBe(401);
      expect((await post({})).status).toBe(401);
      expect(seen).toEqual([true, false, false]);
    } finally {
      receiver.close();
    }
  });
});

describe.skipIf(!hasChromium)('verifyWebhookSignature in Chromium', () => {
  let site: Server;
  beforeAll(async () => {
    // The browser entry, bundled as a browser app would; Web Crypto needs a secure context: loopback.
    const entry = fileURLToPath(new URL('../src/browser.ts', import.meta.url));
    const out = await build({
      stdin: {
        contents: `import { verifyWebhookSignature } from ${JSON.stringify(entry)}; window.verify = verifyWebhookSignature;`,
        resolveDir: process.cwd(),
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    const script = out.outputFiles[0]!.text;
    site = createServer((req, res) => {
      if (req.url === '/verify.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      else
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<script type="module" src="/verify.js"></script>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => site?.close());

  it('verifies with the browser entry in a page, and refuses a wrong secret and a malformed header', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
      await page.waitForFunction(() => 'verify' in window);
      const results = await page.evaluate(
        async ({ body, good, wrong }) => {
          const verify = (window as unknown as { verify: typeof verifyWebhookSignature }).verify;
          return [
            await verify({ rawBody: body, signature: good, secrets: ['x', 'whsec-current'] }),
            await verify({
              rawBody: new TextEncoder().encode(body),
              signature: good,
              secrets: 'whsec-current',
            }),
            await verify({ rawBody: body, signature: wrong, secrets: 'whsec-current' }),
            await verify({ rawBody: body, signature: 'not hex', secrets: 'whsec-current' }),
          ];
        },
        { body, good: sign(body, SECRET), wrong: sign(body, OLD) },
      );
      expect(results).toEqual([true, true, false, false]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});
