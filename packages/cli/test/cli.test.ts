// The castkit command line, run as its own process, against a real emulator on loopback.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi } from '../../emulator/test/support/api.js';
import { castkit, castkitIntoClosedPipe, recordingServer } from './support/castkit.js';

let env: Awaited<ReturnType<typeof startApi>>;
let recorder: Awaited<ReturnType<typeof recordingServer>>;
beforeAll(async () => {
  [env, recorder] = await Promise.all([startApi(), recordingServer()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([env.close(), recorder.close()]);
});

const target = () => ['--base-url', env.url, '--api-key', env.apiKey];
const v244 = ['--api', '2.44'];
const VERSION = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

describe('castkit call', () => {
  it.each([
    ['3.x, the default', []],
    ['2.44 under --api 2.44', v244],
  ])('calls a v2 operation as %s with kebab-case parameters and prints pretty JSON', async (_g, api) => {
    const r = await castkit([
      'call',
      'lookupUserByUsername',
      '--username',
      'alice',
      '--viewer-fid',
      '2',
      ...api,
      ...target(),
    ]);
    expect(r.code).toBe(0);
    const body = JSON.parse(r.stdout);
    expect(body.user.fid).toBe(1);
    const follows = (a: number, b: number) =>
      Boolean(env.value(`SELECT 1 FROM links WHERE fid = ? AND target_fid = ? AND type = 'follow'`, a, b));
    expect(body.user.viewer_context).toMatchObject({ following: follows(2, 1), followed_by: follows(1, 2) });
    expect(r.stdout).toContain('\n  "user"');
  });

  it('builds a list from repeated flags and comma lists alike, and prints one line with --raw', async () => {
    const r = await castkit([
      'call',
      'fetch-bulk-users',
      '--fids',
      '1',
      '--fids',
      '2,3',
      '--raw',
      ...target(),
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).not.toContain('\n');
    expect(JSON.parse(r.stdout).users.map((u: { fid: number }) => u.fid)).toEqual([1, 2, 3]);
  });

  it('refuses a single-value parameter given twice', async () => {
    const r = await castkit([
      'call',
      'lookupUserByUsername',
      '--username',
      'a',
      '--username',
      'b',
      ...target(),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--username was given 2 times');
  });

  it('sends a JSON body from --json merged with flags', async () => {
    const text = `from the cli ${Date.now()}`;
    const r = await castkit([
      'call',
      'publishCast',
      '--json',
      JSON.stringify({ text }),
      '--signer-uuid',
      '00000000-0000-4000-8000-000000000001',
      ...target(),
    ]);
    expect(r.code).toBe(0);
    const hash = JSON.parse(r.stdout).cast.hash;
    const stored = await env.api.lookupCastByHashOrWarpcastUrl({ identifier: hash, type: 'hash' });
    expect(stored.cast.text).toBe(text);
  });

  it('sends a 3.x operation by default as 3.x sends it: its path with the trailing slash, a list key repeated', async () => {
    const own = await recordingServer();
    try {
      const r = await castkit([
        'call',
        'fetchAllNotifications',
        '--fid',
        '1',
        '--type',
        'follows',
        '--type',
        'likes',
        '--base-url',
        own.url,
        '--api-key',
        'k',
      ]);
      expect(r.code).toBe(0);
      expect(own.seen).toEqual(['GET /v2/farcaster/notifications/?fid=1&type=follows&type=likes']);
    } finally {
      await own.close();
    }
  });

  it('reaches the emulator with a 3.x list parameter sent as repeated keys, and it filters by each', async () => {
    const r = await castkit([
      'call',
      'fetchAllNotifications',
      '--fid',
      '2',
      '--type',
      'follows',
      '--type',
      'likes',
      '--limit',
      '25',
      '--raw',
      ...target(),
    ]);
    expect(r.code).toBe(0);
    const types = new Set(JSON.parse(r.stdout).notifications.map((n: { type: string }) => n.type));
    expect([...types].sort()).toEqual(['follows', 'likes']);
  });

  it('sends the same name as 2.44 sends it under --api 2.44', async () => {
    const own = await recordingServer();
    try {
      const r = await castkit([
        'call',
        'fetchAllNotifications',
        '--fid',
        '1',
        '--type',
        'follows,likes',
        ...v244,
        '--base-url',
        own.url,
        '--api-key',
        'k',
      ]);
      expect(r.code).toBe(0);
      expect(own.seen).toEqual(['GET /v2/farcaster/notifications?fid=1&type=follows,likes']);
    } finally {
      await own.close();
    }
  });

  it('reaches hub operations with the hub. prefix', async () => {
    const r = await castkit([
      'call',
      'hub.fetchUserFollowers',
      '--target-fid',
      '1',
      '--page-size',
      '2',
      ...target(),
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).messages).toHaveLength(2);
  });

  it('exits 2 on a missing required parameter, naming it, and sends nothing', async () => {
    const r = await castkit(['call', 'lookupUserByUsername', '--base-url', recorder.url, '--api-key', 'k']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'Required parameter username was null or undefined when calling lookupUserByUsername.',
    );
    expect(recorder.seen).toEqual([]);
  });

  it('exits 1 and prints the API error body of a failed call', async () => {
    const r = await castkit(['call', 'lookupUserByUsername', '--username', 'no-such-user-here', ...target()]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('404');
    expect(r.stderr).toContain('"message"');
  });

  it('exits 2 with a clear message on unknown operations, parameters, bad numbers and bad enum values', async () => {
    const [unknownOp, unknownParam, badNumber, badEnum] = await Promise.all([
      castkit(['call', 'lookupUserByUsernam', ...target()]),
      castkit(['call', 'lookupUserByUsername', '--usernme', 'alice', ...target()]),
      castkit(['call', 'fetchUserFollowers', '--fid', 'one', ...target()]),
      castkit(['call', 'lookupCastByHashOrUrl', '--identifier', 'x', '--type', 'hsh', ...target()]),
    ]);
    expect(unknownOp.code).toBe(2);
    expect(unknownOp.stderr).toContain('did you mean lookupUserByUsername');
    expect(unknownParam.code).toBe(2);
    expect(unknownParam.stderr).toContain('unknown option --usernme; did you mean --username?');
    expect(unknownParam.stderr).toContain('castkit call lookupUserByUsername --help');
    expect(badNumber.code).toBe(2);
    expect(badNumber.stderr).toContain('--fid expects an integer, got "one"');
    expect(badEnum.code).toBe(2);
    expect(badEnum.stderr).toContain('--type must be one of url, hash; got "hsh"');
  });

  it('names the flag that reaches an operation of the other generation, and suggests names from both', async () => {
    const [old, renamed, typo, bad] = await Promise.all([
      castkit(['call', 'lookupCastByHashOrWarpcastUrl', '--base-url', recorder.url]),
      castkit(['call', 'lookupCastByHashOrUrl', ...v244, '--base-url', recorder.url]),
      castkit(['call', 'lookupCastByHashOrWarpcastUr', '--base-url', recorder.url]),
      castkit(['call', 'lookupUserByUsername', '--api', '4', '--base-url', recorder.url]),
    ]);
    expect(old.code).toBe(2);
    expect(old.stderr).toContain(
      '"lookupCastByHashOrWarpcastUrl" is a 2.44 operation, not a 3.x one: castkit call lookupCastByHashOrWarpcastUrl --api 2.44',
    );
    expect(renamed.code).toBe(2);
    expect(renamed.stderr).toContain('"lookupCastByHashOrUrl" is a 3.x operation, not a 2.44 one');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('did you mean lookupCastByHashOrWarpcastUrl (--api 2.44)?');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--api must be 3 (3.x, the default) or 2.44; got "4"');
    expect(recorder.seen).toEqual([]);
  });

  it("describes an operation's parameters, types, enums and required-ness with --help, sending nothing", async () => {
    const [r, old] = await Promise.all([
      castkit(['call', 'lookupCastByHashOrUrl', '--help', '--base-url', recorder.url]),
      castkit(['call', 'lookupCastByHashOrWarpcastUrl', ...v244, '--help', '--base-url', recorder.url]),
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('GET /v2/farcaster/cast/  (main API 3.x · Cast)');
    expect(r.stdout).toMatch(/--identifier\s+required\s+string/);
    expect(r.stdout).toMatch(/--type\s+required\s+string[\s\S]*one of: url, hash/);
    expect(r.stdout).toMatch(/--viewer-fid\s+optional\s+integer/);
    expect(r.stdout).toContain('castkit call lookupCastByHashOrUrl --identifier <identifier> --type url');
    expect(old.code).toBe(0);
    expect(old.stdout).toContain('GET /v2/farcaster/cast  (main API 2.44 · Cast)');
    expect(old.stdout).toContain(
      'castkit call lookupCastByHashOrWarpcastUrl --api 2.44 --identifier <identifier> --type url',
    );
    expect(recorder.seen).toEqual([]);
  });
});

describe('castkit ops', () => {
  it('lists matching operations one line each, with a summary', async () => {
    const r = await castkit(['ops', 'by_username']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ {2}lookupUserByUsername +Lookup user by username$/m);
  });

  it("lists every 3.x operation of both APIs without a search, and 2.44's under --api 2.44, naming the generation", async () => {
    const [r, old] = await Promise.all([castkit(['ops']), castkit(['ops', '--api', '2.44'])]);
    const rows = (out: string) => out.split('\n').filter((l) => /^ {2}\S+ {2,}\S/.test(l));
    expect(r.stdout).toContain('199 3.x operations');
    expect(rows(r.stdout)).toHaveLength(199);
    expect(r.stdout).toMatch(/^main API 3\.x · Cast$/m);
    expect(r.stdout).toMatch(/^hub API 3\.x · /m);
    expect(r.stdout).toMatch(/^ {2}lookupCastByHashOrUrl /m);
    expect(old.stdout).toContain('147 2.44 operations');
    expect(rows(old.stdout)).toHaveLength(147);
    expect(old.stdout).toMatch(/^main API 2\.44 · Cast$/m);
    expect(old.stdout).toMatch(/^ {2}lookupCastByHashOrWarpcastUrl /m);
  });

  it('ends quietly when the reader of its output has gone (castkit ops | head)', async () => {
    const r = await castkitIntoClosedPipe(['ops']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });
});

describe('castkit help, version and exit codes', () => {
  it('prints its version', async () => {
    for (const flag of ['--version', '-v']) {
      const r = await castkit([flag]);
      expect(r.code).toBe(0);
      expect(r.stdout.trim()).toBe(VERSION);
    }
  });

  it('has --help on every command, listing the options the parser accepts', async () => {
    const [root, dev, call, ops] = await Promise.all([
      castkit(['--help']),
      castkit(['dev', '--help']),
      castkit(['call', '--help']),
      castkit(['ops', '--help']),
    ]);
    for (const r of [root, dev, call, ops]) expect(r.code).toBe(0);
    expect(root.stdout).toContain('Exit codes: 0 ok, 1 API or connection error, 2 usage');
    for (const flag of [
      '--port N',
      '--db PATH|:memory:',
      '--allow-host NAME',
      '--upstream-timeout SECONDS',
      '--fault RULE',
      '--rate-limit starter|growth|scale',
      '--import FILE',
      '--export-on-exit FILE',
    ])
      expect(dev.stdout).toContain(flag);
    for (const flag of ['--json', '--raw', '--base-url URL', '--timeout MS'])
      expect(call.stdout).toContain(flag);
    expect(ops.stdout).toContain('usage: castkit ops [search words]');
    for (const command of ['snapshot', 'reset'])
      expect(root.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
  });

  it('exits 2 on an unknown command or option (suggesting the nearest flag), and on a bad value of a dev flag', async () => {
    const [command, helpOf, option, typo, spelling, port] = await Promise.all([
      castkit(['deploy']),
      // A name every object has is no command either.
      castkit(['help', 'toString']),
      castkit(['ops', '--verbose']),
      castkit(['dev', '--prot', '1']),
      castkit(['call', 'lookupUserByUsername', '--username', 'alice', '--viewer_fidd=2']),
      castkit(['dev', '--port', '70000', '--db', ':memory:']),
    ]);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain('unknown command "deploy"');
    expect(helpOf.code).toBe(2);
    expect(helpOf.stderr).toContain('unknown command "toString"');
    expect(option.code).toBe(2);
    expect(option.stderr).toBe(
      'castkit ops: unknown option --verbose\n(castkit ops --help lists its options)\n',
    );
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('castkit dev: unknown option --prot; did you mean --port?');
    // A parameter has three spellings; the suggestion names it once, as --help does.
    expect(spelling.code).toBe(2);
    expect(spelling.stderr).toContain('unknown option --viewer_fidd; did you mean --viewer-fid?');
    expect(port.code).toBe(2);
    expect(port.stderr).toContain('--port must be an integer from 0 to 65535, got "70000"');
  });
});
