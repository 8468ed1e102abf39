// Every program in examples/ runs against a real emulator (served as `npm start` serves it) and
// prints what it did; each test checks the lines that prove the example did its job.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium } from '../../console/test/support/browser.js';
import type { Emulator } from '../../emulator/src/index.js';
import { exampleEnv, repoRoot, runProgram, startDevServer } from './support/programs.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startDevServer();
});
afterAll(() => emu?.close());

const run = async (name: string) => {
  const result = await runProgram(join('examples', name), exampleEnv(emu));
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
};

// Each Node example and what its output must show; the browser example has its own test.
const checks: Record<string, (out: string) => void> = {
  'switch-from-neynar.ts': (out) => {
    expect(out).toContain('users: alice (fid 1), bob (fid 2), carol (fid 3)');
    expect(out.match(/^trending: @\S+: /gm)).toHaveLength(3);
    expect(out).toMatch(/^liked 0x[0-9a-f]{40}: success=true$/m);
    expect(out).toContain('lookup failed as before: 404 user with username nobody-here not found');
  },
  'quick-start-3x.ts': (out) => {
    expect(out).toContain('@alice is fid 1');
    const hash = out.match(/^@alice published (0x[0-9a-f]{40})$/m)?.[1];
    expect(hash).toBeDefined();
    expect(out).toContain(`looked up ${hash}: "gm from a 3.x program"`);
    expect(out).toMatch(/^following feed of fid 1: ([1-9]|10) casts over at most 2 pages$/m);
    expect(out).toContain('lookup failed: 404 user with username nobody-here not found');
  },
  'pagination.ts': (out) => {
    expect(out).toContain('class client: 3 pages, 15 casts (maxPages 3)');
    expect(out).toContain('class client: 20 followers of fid 1 over at most 2 pages');
    expect(out).toMatch(/^light client: 8 casts by \d+ authors over at most 2 pages$/m);
  },
  'retries-and-timeouts.ts': (out) => {
    expect(out).toContain('lookup with a 5 s timeout: found @alice (fid 1)');
    // Two timed-out attempts, the first announcing its retry, then the typed error.
    expect(out).toMatch(
      /debug: castkit #1 GET \/v2\/farcaster\/user\/by_username\?username=alice → TimeoutError in \d+ ms; retrying in \d+ ms/,
    );
    expect(out).toMatch(/→ TimeoutError in \d+ ms, retry 1 of 1\n/);
    expect(out).toContain(
      'silent server: TimeoutError after 2 attempts: lookupUserByUsername timed out after 200 ms',
    );
    expect(out).toContain('aborted by the caller: AbortError');
    expect(out).toContain('walked 2 pages under one AbortSignal.timeout(5000)');
    expect(out).not.toContain(emu.apiKey);
  },
  'errors.ts': (out) => {
    expect(out).toContain(
      'NotFoundError: status 404, code NotFound, message "user with username nobody-here not found"',
    );
    expect(out).toContain('BadRequestError: property limit: limit must be between 1 and 100, got 1000');
    expect(out).toContain('isApiErrorResponse: 400 limit must be between 1 and 100, got 1000');
    expect(out).toContain('RequiredError: Required parameter username was null or undefined');
    expect(out).toMatch(
      /UnexpectedResponseError: status 200: .* answered 200 with text\/html.*Is the baseUrl \(http:\/\/127\.0\.0\.1:\d+\/console\) the API's address\?/,
    );
    expect(out).toContain('CastkitError at construction: baseUrl "localhost:3000/v2" has no protocol');
  },
  'signers.ts': (out) => {
    const uuid = out.match(/^created signer ([0-9a-f-]{36}): pending_approval$/m)?.[1];
    expect(uuid).toBeDefined();
    expect(out).toContain(`the user approves at ${emu.url}/_emulator/signer/${uuid}/approve`);
    expect(out).toContain(`signer ${uuid} is approved for fid 2`);
    expect(out).toMatch(/^published cast 0x[0-9a-f]{40} as fid 2$/m);
  },
  'webhooks.ts': (out) => {
    const id = out.match(/^webhook ([0-9A-F]{26}) takes cast\.created by fid 1, 1 secret$/m)?.[1];
    expect(id).toBeDefined();
    expect(out).toContain('receiver: answered 503 to the first delivery');
    expect(out).toMatch(/^receiver: verified cast\.created 0x[0-9a-f]{40} by @alice: "hello, webhooks"$/m);
    expect(out).toContain('it is the cast just published: true');
    // bob's cast made no delivery; alice's was retried once.
    expect(out).toContain('delivery log: 1 delivery, delivered after 2 attempts (answers 503 then 200)');
    const until = out.match(/^rotated: 2 secrets valid, the old one until (\S+)$/m)?.[1];
    // The grace asked for: a minute from the rotation.
    expect(Date.parse(until ?? '') - Date.now()).toBeGreaterThan(30_000);
    expect(out).toContain('receiver: verified "signed with the new secret" with the new secret alone');
    expect(out).toContain('receiver: refused a delivery (signature does not verify)');
    expect(out).toContain('a forged delivery got 401');
    expect(out).toMatch(/webhook deleted\n$/);
    // What the finally block removed is gone from the emulator too.
    const deletedAt = emu.store.db
      .prepare('SELECT deleted_at FROM webhooks WHERE webhook_id = ?')
      .pluck()
      .get(id);
    expect(deletedAt).toEqual(expect.any(Number));
  },
};

describe('examples/', () => {
  it('has a check for every program in it', () => {
    const programs = readdirSync(join(repoRoot, 'examples')).filter((f) => /\.(ts|mjs)$/.test(f));
    expect(programs.sort()).toEqual(Object.keys(checks).sort());
  });

  it.each(Object.keys(checks))(
    '%s runs against the emulator and prints what it did',
    async (name) => {
      checks[name]!(await run(name));
    },
    90_000,
  );
  it('still honour CASTKIT_BASE_URL, the name they read before CASTKIT_URL, and say it is deprecated', async () => {
    const result = await runProgram('examples/pagination.ts', {
      ...exampleEnv(emu),
      CASTKIT_URL: '',
      CASTKIT_BASE_URL: `${emu.url}/v2`,
    });
    expect(result.stderr).toBe(
      `CASTKIT_BASE_URL is deprecated: set CASTKIT_URL to the server's address without /v2 (${emu.url})\n`,
    );
    expect(result.code).toBe(0);
    checks['pagination.ts']!(result.stdout);
  }, 90_000);
});

/** Serves the browser example as its README says: index.html and app.ts bundled to app.js, on a local origin. */
async function serveBrowserExample(): Promise<Server> {
  const dir = join(repoRoot, 'examples/browser');
  // esbuild reads examples/browser/tsconfig.json, which points @castkit/sdk at the browser entry.
  const out = await build({
    entryPoints: [join(dir, 'app.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  const files: Record<string, [string, string]> = {
    '/': ['text/html', readFileSync(join(dir, 'index.html'), 'utf8')],
    '/app.js': ['text/javascript', out.outputFiles[0]!.text],
  };
  const server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname];
    res.writeHead(file ? 200 : 404, { 'content-type': file?.[0] ?? 'text/plain' });
    res.end(file?.[1] ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe.skipIf(!hasChromium)('examples/browser in Chromium', () => {
  it('the page calls the emulator through CORS with the light client and shows what came back', async () => {
    const site = await serveBrowserExample();
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
      const query = new URLSearchParams({ baseUrl: `${emu.url}/v2`, apiKey: emu.apiKey });
      await page.goto(`${origin}/?${query}`);
      await page.waitForSelector('body[data-done="true"]', { timeout: 30_000 });
      expect(await page.textContent('#result')).toBe('@alice (fid 1): 6 casts of the following feed');
      const casts = await page.locator('#casts li').allTextContents();
      expect(casts).toHaveLength(6);
      for (const cast of casts) expect(cast).toMatch(/^@\S+: ./);
    } finally {
      await browser.close();
      site.close();
    }
  }, 90_000);
});
