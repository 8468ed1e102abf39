import { parseArgs } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../src/index.js';
import { HARNESS_FLAGS, harnessOptions, UsageError } from '../src/server/harness-flags.js';

const parse = (args: string[]) => harnessOptions(parseArgs({ args, options: HARNESS_FLAGS }).values);

describe('harness flags', () => {
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
