// The browser bundle of a program that calls one operation holds that operation only.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../bench/sdk-size.mjs', import.meta.url));

interface Bundle {
  name: string;
  bytes: number;
  gzip: number;
  operations: number;
}

it('a browser bundle that calls one operation is at most 6 kB gzipped and under 40% of one with every operation', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, [script, '--json']);
  const [one, v2Client, both] = JSON.parse(stdout) as Bundle[];
  expect(one!.operations).toBe(1);
  expect(v2Client!.operations).toBe(122);
  expect(both!.operations).toBe(147);
  expect(one!.gzip).toBeLessThanOrEqual(6000);
  expect(one!.gzip).toBeLessThan(both!.gzip * 0.4);
}, 120_000);
