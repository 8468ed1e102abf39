// The harness's flags (--fault, --rate-limit, --import, --export-on-exit) in the one table both
// bins parse, and what they do to an emulator started by the castkit-emulator process.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_COMMAND } from '../src/cli.js';
import { parseCommand, UsageError } from '../src/command/args.js';
import { type Emulator, harnessOptions, startEmulator } from '../src/index.js';
import { exited, killAll, launch, run } from './support/process.js';

const parse = (args: string[]) => harnessOptions(parseCommand(EMULATOR_COMMAND, args).values);
const dir = mkdtempSync(join(tmpdir(), 'castkit-harness-flags-'));
afterAll(() => {
  killAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('harness flags, parsed', () => {
  let e: Emulator;
  beforeAll(async () => {
    e = await startEmulator(
      parse([
        '--fault',
        'operation=fetchBulkUsers,effect=error,status=503,times=1',
        '--fault',
        'path=/v1/info*,effect=latency,latencyMs=1',
        '--rate-limit',
        'growth',
      ]),
    );
  });
  afterAll(() => e.close());

  it('start an emulator with the fault rules and the plan they name', async () => {
    expect(e.faults.list().map((f) => [f.effect, f.status ?? f.latencyMs])).toEqual([
      ['error', 503],
      ['latency', 1],
    ]);
    expect(e.rateLimits.plan).toBe('growth');
    const res = await fetch(`${e.url}/v2/farcaster/user/bulk?fids=1`, { headers: { 'x-api-key': e.apiKey } });
    expect(res.status).toBe(503);
  });

  it('refuse a malformed rule or plan naming the flag, and a bad rule field with a 400-style error', async () => {
    expect(() => parse(['--fault', 'effect'])).toThrow(UsageError);
    expect(() => parse(['--fault', 'operation=publishCast'])).toThrow(/--fault: effect=/);
    expect(() => parse(['--rate-limit', 'gold'])).toThrow(/--rate-limit must be/);
    await expect(startEmulator(parse(['--fault', 'operation=nope,effect=drop']))).rejects.toMatchObject({
      status: 400,
      property: 'operation',
    });
  });
});

const SIGNER = '00000000-0000-4000-8000-000000000001';
const api = (url: string, path: string, init: RequestInit = {}) =>
  fetch(`${url}${path}`, {
    ...init,
    headers: { 'x-api-key': 'castkit-dev-key', 'content-type': 'application/json', ...init.headers },
  });

describe('castkit-emulator with harness flags', () => {
  it('injects --fault rules and the --rate-limit plan, as listed at /_emulator', async () => {
    const e = await launch(':memory:', [
      '--fault',
      'operation=fetchBulkUsers,effect=error,status=503,times=1',
      '--rate-limit',
      'starter',
    ]);
    const first = await api(e.url, '/v2/farcaster/user/bulk?fids=1');
    expect(first.status).toBe(503);
    expect(await first.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await api(e.url, '/v2/farcaster/user/bulk?fids=1')).status).toBe(200);
    const plan = await (await api(e.url, '/_emulator/rate-limits')).json();
    expect(plan).toMatchObject({ plan: 'starter' });
    e.child.kill('SIGTERM');
    await exited(e.child);
  }, 60_000);

  it('writes the state to --export-on-exit FILE when stopped, and --import FILE starts there (and resets there)', async () => {
    const file = join(dir, 'exported.db');
    const a = await launch(':memory:', ['--export-on-exit', file]);
    const text = `kept across processes ${process.pid}`;
    const published = await api(a.url, '/v2/farcaster/cast', {
      method: 'POST',
      body: JSON.stringify({ signer_uuid: SIGNER, text }),
    });
    expect(published.status).toBe(200);
    const hash = (await published.json()).cast.hash as string;
    a.child.kill('SIGTERM');
    await exited(a.child);
    expect(a.child.exitCode).toBe(0);
    expect(existsSync(file)).toBe(true);

    const b = await launch(':memory:', ['--import', file]);
    const lookup = () => api(b.url, `/v2/farcaster/cast?identifier=${hash}&type=hash`);
    expect((await (await lookup()).json()).cast.text).toBe(text);
    expect((await api(b.url, '/_emulator/reset', { method: 'POST' })).status).toBe(200);
    expect((await lookup()).status).toBe(200);
    b.child.kill('SIGTERM');
    await exited(b.child);
  }, 60_000);

  it('refuses bad harness flags with exit code 2 and a message naming the flag, before serving', async () => {
    const existing = join(dir, 'already-there.db');
    writeFileSync(existing, '');
    const cases: [string[], RegExp][] = [
      [['--fault', 'operation=nope,effect=drop'], /--fault: .*operation/],
      [['--rate-limit', 'gold'], /--rate-limit must be starter, growth, scale or off/],
      [['--import', join(dir, 'missing.db')], /--import: no file/],
      [['--import', existing], /--import: .*not a castkit emulator database/],
      [['--export-on-exit', existing], /--export-on-exit: .*exists/],
    ];
    const results = await Promise.all(cases.map(([args]) => run(':memory:', args)));
    results.forEach((r, i) => {
      expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 2, stdout: '' });
      expect(r.stderr).toMatch(cases[i]![1]);
    });
  }, 60_000);
});
