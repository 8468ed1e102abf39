// `castkit listen` as users run it: a child process against a real emulator, real deliveries.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Emulator, SEED_USERS, startEmulator } from '@castkit/emulator';
import { NeynarAPIClient, verifyWebhookSignature, WEBHOOK_EVENT_TYPES } from '@castkit/sdk/2.x';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_USDC } from '../../emulator/src/domain/ledger.js';
import { trade } from '../../emulator/src/domain/trades.js';
import { fromSource } from '../../emulator/test/support/source-build.js';
import { BIN, castkit } from './support/castkit.js';

const alice = SEED_USERS[0]!;
let emulator: Emulator;
let api: NeynarAPIClient;
const running = new Set<ChildProcess>();

beforeAll(async () => {
  emulator = await startEmulator({ db: ':memory:' });
  api = new NeynarAPIClient({ apiKey: emulator.apiKey, baseUrl: `${emulator.url}/v2`, retries: 0 });
});
afterEach(() => {
  for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
  running.clear();
});
afterAll(async () => {
  await emulator?.close();
});

interface Listening {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves once `pattern` shows in stdout or stderr. */
  waitFor: (stream: 'stdout' | 'stderr', pattern: RegExp) => Promise<RegExpMatchArray>;
  exited: Promise<number | null>;
}

/** Starts `castkit listen` against the emulator and resolves once its webhook exists. */
async function listen(args: string[]): Promise<Listening> {
  const child = spawn(
    process.execPath,
    [...fromSource(BIN), 'listen', '--base-url', emulator.url, '--api-key', emulator.apiKey, ...args],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CASTKIT_URL: '', CASTKIT_API_KEY: '' } },
  );
  running.add(child);
  const text = { stdout: '', stderr: '' };
  const waiters = new Set<() => void>();
  for (const stream of ['stdout', 'stderr'] as const)
    child[stream]!.on('data', (c: Buffer) => {
      text[stream] += c.toString();
      for (const w of [...waiters]) w();
    });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = (stream: 'stdout' | 'stderr', pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const check = () => {
        const m = text[stream].match(pattern);
        if (!m) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(m);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no ${pattern} in ${stream}:\n${text.stdout}\n---\n${text.stderr}`));
      }, 20_000);
      waiters.add(check);
      check();
    });
  const listening: Listening = {
    child,
    stdout: () => text.stdout,
    stderr: () => text.stderr,
    waitFor,
    exited,
  };
  await Promise.race([
    waitFor('stderr', /\(webhook \S+\); Ctrl-C/),
    exited.then((code) => Promise.reject(new Error(`listen exited ${code}:\n${text.stderr}`))),
  ]);
  return listening;
}

async function stop(l: Listening): Promise<number | null> {
  l.child.kill('SIGINT');
  return l.exited;
}

async function cast(text: string): Promise<string> {
  const { cast } = await api.publishCast({ signerUuid: alice.signerUuid, text });
  return cast.hash;
}

describe('castkit listen', () => {
  it('prints a cast posted through the SDK as one summary line', async () => {
    const l = await listen(['--events', 'cast.created']);
    const hash = await cast('hello from the listen test');
    const [line] = await l.waitFor('stdout', /^cast\.created .*$/m);
    expect(line).toBe(`cast.created ${hash.slice(0, 10)}… @${alice.username}: "hello from the listen test"`);
    expect(await stop(l)).toBe(0);
  });

  it('prints a trade the ledger records as one summary line: who paid what for what', async () => {
    const l = await listen(['--events', 'trade.created']);
    const db = emulator.store.db;
    const token = String(db.prepare("SELECT address FROM ledger_tokens WHERE symbol = 'EPTS'").pluck().get());
    const { holder, username } = db
      .prepare<[string], { holder: string; username: string }>(
        `SELECT b.holder AS holder, u.username AS username FROM ledger_balances b
         JOIN verifications v ON v.address = b.holder JOIN users u ON u.fid = v.fid
         WHERE b.network = 'base' AND b.token = ? AND u.username IS NOT NULL ORDER BY length(b.amount) DESC, b.amount DESC LIMIT 1`,
      )
      .get(EMULATOR_USDC)!;
    const hash = trade(emulator.store, {
      network: 'base',
      token,
      trader: holder,
      side: 'buy',
      tokenUnits: 1000n * 10n ** 18n,
      usdcUnits: 25n * 10n ** 6n,
    });
    const [line] = await l.waitFor('stdout', /^trade\.created .*$/m);
    expect(line).toBe(`trade.created ${hash!.slice(0, 10)}… @${username} 25 USDC → 1000 EPTS`);
    expect(await stop(l)).toBe(0);
  });

  it('with --json prints the raw delivery body, one per line', async () => {
    const l = await listen(['--json']);
    const hash = await cast('json please');
    await l.waitFor('stdout', new RegExp(hash));
    const events = l
      .stdout()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const created = events.find((e) => e.type === 'cast.created');
    expect(created).toMatchObject({ type: 'cast.created', data: { hash, text: 'json please' } });
    expect(typeof created.created_at).toBe('number');
    expect(await stop(l)).toBe(0);
  });

  it('with --forward-to POSTs each delivery to the app signed with the secret --print-secret shows', async () => {
    const got: { raw: string; signature: string | undefined }[] = [];
    const app = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        got.push({
          raw: Buffer.concat(chunks).toString('utf8'),
          signature: req.headers['x-neynar-signature'] as string | undefined,
        });
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
    const appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}/webhook`;
    try {
      const l = await listen(['--events', 'cast.created', '--print-secret', '--forward-to', appUrl]);
      const [, secret] = await l.waitFor('stderr', /^secret: (\S+)$/m);
      const hash = await cast('forward me');
      await l.waitFor('stderr', new RegExp(`→ ${appUrl}: 202`));
      expect(got).toHaveLength(1);
      expect(JSON.parse(got[0]!.raw).data.hash).toBe(hash);
      expect(
        await verifyWebhookSignature({
          rawBody: got[0]!.raw,
          signature: got[0]!.signature,
          secrets: secret!,
        }),
      ).toBe(true);
      expect(
        await verifyWebhookSignature({
          rawBody: got[0]!.raw,
          signature: got[0]!.signature,
          secrets: 'other',
        }),
      ).toBe(false);
      expect(await stop(l)).toBe(0);
    } finally {
      await new Promise<void>((r) => app.close(() => r()));
    }
  });

  it('refuses a delivery whose signature does not verify instead of printing it', async () => {
    const l = await listen(['--events', 'cast.created']);
    const { webhooks } = await api.fetchWebhooks();
    const receiver = webhooks.find((w) => w.title.startsWith('castkit listen'))!.target_url;
    const forged = JSON.stringify({ created_at: 1, type: 'cast.created', data: { hash: '0xforged' } });
    const res = await fetch(receiver, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-neynar-signature': 'ab'.repeat(64) },
      body: forged,
    });
    expect(res.status).toBe(401);
    await l.waitFor('stderr', /refused a delivery whose X-Neynar-Signature does not verify/);
    expect(l.stdout()).toBe('');
    expect(await stop(l)).toBe(0);
  });

  it('deletes its webhook on SIGINT and on SIGTERM', async () => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const l = await listen([]);
      const during = await api.fetchWebhooks();
      expect(during.webhooks).toHaveLength(1);
      // Subscribed to every event type by default, 3.x's trade.created among them.
      expect(Object.keys(during.webhooks[0]!.subscription!.filters ?? {}).sort()).toEqual(
        [...WEBHOOK_EVENT_TYPES].sort(),
      );
      l.child.kill(signal);
      expect(await l.exited).toBe(0);
      expect(l.stderr()).toContain(`deleted webhook ${during.webhooks[0]!.webhook_id}`);
      expect((await api.fetchWebhooks()).webhooks).toEqual([]);
    }
  });

  it('deletes its webhook and exits 0 when the reader of its output goes away (| head)', async () => {
    const l = await listen(['--events', 'cast.created']);
    expect((await api.fetchWebhooks()).webhooks).toHaveLength(1);
    l.child.stdout!.destroy();
    await cast('nobody reads this');
    expect(await l.exited).toBe(0);
    expect(l.stderr()).not.toMatch(/EPIPE|Error/);
    expect((await api.fetchWebhooks()).webhooks).toEqual([]);
  });

  it('exits 2 naming an unknown --events value, creating no webhook', async () => {
    const r = await castkit(['listen', '--base-url', emulator.url, '--events', 'cast.created,cast.exploded']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('"cast.exploded"');
    expect((await api.fetchWebhooks()).webhooks).toEqual([]);
  });

  it('exits 1 saying where it looked and what to start when no emulator answers, as reset does', async () => {
    // Port 2: nothing listens there, and fetch (which reset uses) does not refuse it as a bad port.
    const [listen, reset] = await Promise.all([
      castkit(['listen', '--base-url', 'http://127.0.0.1:2']),
      castkit(['reset', '--base-url', 'http://127.0.0.1:2']),
    ]);
    expect(listen.code).toBe(1);
    expect(listen.stderr).toBe(
      'error: no castkit emulator answered at http://127.0.0.1:2 (ECONNREFUSED); is castkit dev running?\n',
    );
    expect(reset).toMatchObject({ code: 1, stderr: listen.stderr });
  });

  it('--help lists its options', async () => {
    const r = await castkit(['listen', '--help']);
    expect(r.code).toBe(0);
    for (const flag of ['--events', '--forward-to', '--print-secret', '--json', '--base-url', '--api-key'])
      expect(r.stdout).toContain(flag);
  });
});
