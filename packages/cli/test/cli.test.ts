// The castkit command line against a real emulator on loopback.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from '../../emulator/test/support/api.js';
import { main } from '../src/main.js';

let env: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  env = await startApi();
});
afterAll(() => env.close());

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (s) => out.push(s), err: (s) => err.push(s) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const target = () => ['--base-url', env.url, '--api-key', env.apiKey];

describe('castkit call', () => {
  it('calls a v2 operation with kebab-case parameters and prints pretty JSON', async () => {
    const r = await run(
      'call',
      'lookupUserByUsername',
      '--username',
      'alice',
      '--viewer-fid',
      '2',
      ...target(),
    );
    expect(r.code).toBe(0);
    const body = JSON.parse(r.out);
    expect(body.user.fid).toBe(1);
    const follows = (a: number, b: number) =>
      Boolean(
        env.store.db
          .prepare(`SELECT 1 FROM links WHERE fid = ? AND target_fid = ? AND type = 'follow'`)
          .get(a, b),
      );
    expect(body.user.viewer_context).toMatchObject({ following: follows(2, 1), followed_by: follows(1, 2) });
    expect(r.out).toContain('\n  "user"');
  });

  it('accepts the operationId, comma lists and --raw output', async () => {
    const r = await run('call', 'fetch-bulk-users', '--fids', '1,2', '--raw', ...target());
    expect(r.code).toBe(0);
    expect(r.out).not.toContain('\n');
    expect(JSON.parse(r.out).users.map((u: { fid: number }) => u.fid)).toEqual([1, 2]);
  });

  it('sends a JSON body from --json merged with flags', async () => {
    const r = await run(
      'call',
      'publishCast',
      '--json',
      JSON.stringify({ text: 'from the cli' }),
      '--signer-uuid',
      '00000000-0000-4000-8000-000000000001',
      ...target(),
    );
    expect(r.code).toBe(0);
    const hash = JSON.parse(r.out).cast.hash;
    const lookup = await run(
      'call',
      'lookupCastByHashOrWarpcastUrl',
      '--identifier',
      hash,
      '--type',
      'hash',
      ...target(),
    );
    expect(JSON.parse(lookup.out).cast.text).toBe('from the cli');
  });

  it('reaches hub operations with the hub. prefix', async () => {
    const r = await run(
      'call',
      'hub.fetchUserFollowers',
      '--target-fid',
      '1',
      '--page-size',
      '2',
      ...target(),
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).messages).toHaveLength(2);
  });

  it('reports a missing required parameter with the SDK message and exit code 1, sending nothing', async () => {
    // Nothing listens on port 9: had a request gone out, the error would be a refused connection.
    const r = await run('call', 'lookupUserByUsername', '--base-url', 'http://127.0.0.1:9', '--api-key', 'k');
    expect(r.code).toBe(1);
    expect(r.err).not.toMatch(/ECONNREFUSED|connect/i);
    expect(r.err).toContain(
      'Required parameter username was null or undefined when calling lookupUserByUsername.',
    );
  });

  it('prints the API error body of a failed call', async () => {
    const r = await run('call', 'lookupUserByUsername', '--username', 'no-such-user-here', ...target());
    expect(r.code).toBe(1);
    expect(r.err).toContain('404');
    expect(r.err).toContain('"message"');
  });

  it('rejects unknown operations and parameters with usage help and exit code 2', async () => {
    const unknownOp = await run('call', 'lookupUserByUsernam', ...target());
    expect(unknownOp.code).toBe(2);
    expect(unknownOp.err).toContain('did you mean lookupUserByUsername');
    const unknownParam = await run('call', 'lookupUserByUsername', '--usernme', 'alice', ...target());
    expect(unknownParam.code).toBe(2);
    expect(unknownParam.err).toContain('--username');
    const badNumber = await run('call', 'fetchUserFollowers', '--fid', 'one', ...target());
    expect(badNumber.code).toBe(2);
    expect(badNumber.err).toContain('--fid expects a number');
  });
});

describe('castkit ops', () => {
  it('lists operations matching the search with their parameters, required ones unbracketed', async () => {
    const r = await run('ops', 'by_username');
    expect(r.code).toBe(0);
    expect(r.out).toContain('lookupUserByUsername  GET /v2/farcaster/user/by_username');
    expect(r.out).toContain('--username [--viewer-fid]');
  });

  it('lists every operation of both APIs without a search', async () => {
    const r = await run('ops');
    expect(r.out).toContain('147 operations');
  });
});

describe('the castkit binary', () => {
  it('runs from its bin file', async () => {
    const bin = fileURLToPath(new URL('../bin/castkit.mjs', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, [bin, 'ops', 'fetchBulkUsers'], {
      timeout: 20_000,
    });
    expect(stdout).toContain('fetchBulkUsers');
  });
});
