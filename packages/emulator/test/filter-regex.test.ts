// Filter regexes run on RE2: patterns that freeze a backtracking engine (the ones an attacker tried,
// and more of their kind) match 10 kB in time bounded by a plain filter's, measured side by side in
// this run; a cast after such filters leaves the emulator answering; a pattern RE2 cannot compile is a
// 400 naming the field; a stored pattern an older emulator accepted cannot stop the dispatcher.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JsonRpcError } from '@castkit/sdk/2.x';
import { RealtimeClient } from '@castkit/sdk/realtime';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { compileFilterRegex, MAX_PROGRAM_SIZE } from '../src/events/regex.js';
import { startEmulator } from '../src/index.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { killAll, launch } from './support/process.js';
import { castOf, startReceiver } from './support/webhook-receiver.js';

const [alice] = SEED_USERS;
const dir = mkdtempSync(join(tmpdir(), 'castkit-filter-regex-'));
afterAll(() => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

/** The patterns (12 of 15 passed the old guard), then more of the same families. */
const RUNAWAY = [
  'a*a*a*a*a*a*a*a*a*b',
  '(a+){1,9}$',
  '.*.*.*.*.*.*.*.*.*=',
  '(.*a){9}$',
  '\\w*\\w*\\w*\\w*\\w*\\w*\\w*\\w*!',
  '(a+)+$',
  '(a|a)*$',
  '(a|aa)*b',
  '(x+x+)+y',
  '(a*)*b',
  '(\\w+\\s?)*$',
  '([a-zA-Z]+)*$',
  '^(([a-z])+.)+[A-Z]([a-z])+$',
  '(.*){1,32}[bc]',
  '(?i)(A+)+b',
  '(\\w|\\d)+=',
  '(a?){30}a{30}',
  '(?s)(.*.*)*x',
  '([^b]*a){20}c',
  '(?:a?){300}a{300}',
];

const INPUTS = { 'a×10k': 'a'.repeat(10_000), 'ab×5k': 'ab'.repeat(5000), 'aaaa ×2k': 'aaaa '.repeat(2000) };

/** Median time of one match, over 9 batches of 10 after a warm-up. */
function timeOf(re: { test(s: string): boolean }, input: string): number {
  re.test(input);
  const batches: number[] = [];
  for (let i = 0; i < 9; i++) {
    const t = performance.now();
    for (let j = 0; j < 10; j++) re.test(input);
    batches.push((performance.now() - t) / 10);
  }
  return batches.sort((a, b) => a - b)[4]!;
}

describe('a filter regex', () => {
  it('matches 10 kB inputs within 50x of a plain filter, whatever the pattern', () => {
    const plain = compileFilterRegex('(?i)farcaster', 'text');
    const worst: { pattern: string; input: string; ratio: number }[] = [];
    for (const [name, input] of Object.entries(INPUTS)) {
      const base = timeOf(plain, input);
      for (const pattern of RUNAWAY) {
        const ratio = timeOf(compileFilterRegex(pattern, 'text'), input) / base;
        worst.push({ pattern, input: name, ratio });
      }
    }
    worst.sort((a, b) => b.ratio - a.ratio);
    expect(worst[0]!.ratio, JSON.stringify(worst.slice(0, 3))).toBeLessThan(50);
  });

  it("speaks RE2's dialect: inline flags anywhere, no backreferences, lookarounds or JS-only escapes", () => {
    expect(compileFilterRegex('(?i)HELLO', 'text').test('say hello')).toBe(true);
    expect(compileFilterRegex('say (?i)HELLO', 'text').test('say hello')).toBe(true);
    expect(compileFilterRegex('(?s)a.b', 'text').test('a\nb')).toBe(true);
    expect(compileFilterRegex('a.b', 'text').test('a\nb')).toBe(false);
    expect(compileFilterRegex('(?P<word>\\pL+)', 'text').test('héllo')).toBe(true);
    for (const pattern of ['(a)\\1', '(?=a)', '(?<!a)b', '\\u0041', '([a-z', 'a{1001}']) {
      expect(() => compileFilterRegex(pattern, 'text'), pattern).toThrow(/text is not a valid RE2 regex/);
    }
  });

  it('is refused past a length or a compiled size bound', () => {
    expect(() => compileFilterRegex('a'.repeat(257), 'embeds')).toThrow(/embeds is longer than 256/);
    expect(() => compileFilterRegex('(?:a?){600}a{600}', 'embeds')).toThrow(
      new RegExp(`embeds is too large a regex \\(\\d+ instructions compiled, at most ${MAX_PROGRAM_SIZE}\\)`),
    );
  });
});

describe('webhooks and subscriptions with such filters', () => {
  async function call(url: string, key: string, method: string, path: string, body?: unknown) {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(5000),
    });
    return { status: res.status, body: await res.json() };
  }

  it('leave the emulator answering after a 300-character cast, and deliver what RE2 matches', async () => {
    const KEY = 'filter-regex-key';
    const running = await launch(':memory:', ['--api-key', KEY]);
    const receiver = await startReceiver();
    const realtime = new RealtimeClient({ url: running.url, apiKey: KEY, reconnectAttempts: 0 });
    try {
      // A fresh process's first write loads the protocol library (seconds on a busy machine): done
      // before the filters exist, so the 5 s bound below times the filters, not that load.
      const first = await fetch(`${running.url}/v2/farcaster/cast`, {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ signer_uuid: alice!.signerUuid, text: 'before the runaway filters' }),
        signal: AbortSignal.timeout(30_000),
      });
      expect(first.status).toBe(200);
      const hooks = new Map<string, string>();
      for (const pattern of RUNAWAY) {
        const url = `${receiver.url}/${hooks.size}`;
        const r = await call(running.url, KEY, 'POST', '/v2/farcaster/webhook', {
          name: 'runaway',
          url,
          subscription: { 'cast.created': { text: pattern } },
        });
        expect(r.status, pattern).toBe(200);
        hooks.set(new URL(url).pathname, pattern);
      }
      await realtime.connect();
      const frames = (
        await realtime.subscribe({
          events: ['cast.created'],
          filters: { 'cast.created': { text: '(a+){1,9}$' } },
        })
      )[Symbol.asyncIterator]();
      const text = 'a'.repeat(300);
      const cast = await call(running.url, KEY, 'POST', '/v2/farcaster/cast', {
        signer_uuid: alice!.signerUuid,
        text,
      });
      expect(cast.status).toBe(200);
      const health = await fetch(`${running.url}/_emulator/health`, { signal: AbortSignal.timeout(5000) });
      expect(health.status).toBe(200);

      const expected = [...hooks]
        .filter(([, p]) => compileFilterRegex(p, 'text').test(text))
        .map(([path]) => path);
      expect(expected.length).toBeGreaterThan(5);
      await receiver.waitFor((r) => r.length >= expected.length);
      const frame = (await frames.next()).value;
      expect(frame?.event.type === 'cast.created' && frame.event.data.hash).toBe(cast.body.cast.hash);
      // Time for a delivery a filter should not have let through, were there one.
      await new Promise((r) => setTimeout(r, 300));
      const paths = receiver.received.map((r) => r.path);
      expect(paths.sort()).toEqual(expected.sort());
      expect(receiver.received.every((r) => castOf(r)?.hash === cast.body.cast.hash)).toBe(true);
    } finally {
      realtime.close();
      await receiver.close();
      running.child.kill('SIGKILL');
    }
  }, 60_000);

  it('refuse a pattern RE2 cannot compile with a 400 naming the field', async () => {
    const emu = await startEmulator({ db: ':memory:' });
    const realtime = new RealtimeClient({ url: emu.url, apiKey: emu.apiKey, reconnectAttempts: 0 });
    try {
      const hook = await call(emu.url, emu.apiKey, 'POST', '/v2/farcaster/webhook', {
        name: 'x',
        url: 'http://127.0.0.1:1/',
        subscription: { 'cast.created': { embeds: '(?=x)' } },
      });
      expect(hook.status).toBe(400);
      expect(hook.body.property).toBe('subscription.cast.created.embeds');
      expect(hook.body.message).toContain('not a valid RE2 regex');
      await realtime.connect();
      const refused = await realtime
        .subscribe({ events: ['cast.created'], filters: { 'cast.created': { text: '(a)\\1' } } })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(JsonRpcError);
      expect(refused).toMatchObject({ code: -32602, data: { property: 'filters.cast.created.text' } });
    } finally {
      realtime.close();
      await emu.close();
    }
  });

  it('still deliver when a stored webhook holds a pattern RE2 cannot compile (written by an older emulator)', async () => {
    const file = join(dir, 'stored.db');
    const first = await startEmulator({ db: file });
    const receiver = await startReceiver();
    const old = await call(first.url, first.apiKey, 'POST', '/v2/farcaster/webhook', {
      name: 'old',
      url: `${receiver.url}/old`,
      subscription: { 'cast.created': { text: 'placeholder' } },
    });
    expect(old.status).toBe(200);
    await first.close();
    // V8 compiled `\u0041` (the old guard let it through); RE2 has no such escape.
    const db = new Database(file);
    db.prepare('UPDATE webhooks SET filters = ? WHERE webhook_id = ?').run(
      JSON.stringify({ 'cast.created': { text: '\\u0041' } }),
      old.body.webhook.webhook_id,
    );
    db.close();

    const emu = await startEmulator({ db: file });
    try {
      const fresh = await call(emu.url, emu.apiKey, 'POST', '/v2/farcaster/webhook', {
        name: 'new',
        url: `${receiver.url}/new`,
        subscription: { 'cast.created': {} },
      });
      expect(fresh.status).toBe(200);
      const cast = await call(emu.url, emu.apiKey, 'POST', '/v2/farcaster/cast', {
        signer_uuid: alice!.signerUuid,
        text: 'A cast an old filter would have matched',
      });
      expect(cast.status).toBe(200);
      await receiver.waitFor((r) => r.length >= 1);
      await new Promise((r) => setTimeout(r, 300));
      expect(receiver.received.map((r) => r.path)).toEqual([new URL(`${receiver.url}/new`).pathname]);
      const lookup = await call(
        emu.url,
        emu.apiKey,
        'GET',
        `/v2/farcaster/webhook?webhook_id=${old.body.webhook.webhook_id}`,
      );
      expect(lookup.status).toBe(200);
    } finally {
      await receiver.close();
      await emu.close();
    }
  });
});
