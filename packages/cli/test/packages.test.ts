// The packages as a new user gets them: packed by `npm run pack`'s tool, installed into a fresh project
// outside this repo with the root README's own install line (offline, from the npm cache), and used
// there as the READMEs show: the root README's program and the emulator README's test kit file. The
// installed tree is made once per digest of the packs and the install's recipe, and each run works in
// a fresh copy of it (support/installed-project.ts).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWhatIsStale } from './support/built-packages.js';
import { installedProject } from './support/installed-project.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const version = (pkg: string) =>
  JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;

/** The first fenced block of `lang` in a README's section (from its heading to the next `## `). */
function blockIn(readme: string, heading: string, lang: string, containing = ''): string {
  const text = readFileSync(join(root, readme), 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${readme} has no section "${heading}"`);
  const end = text.indexOf('\n## ', start + 1);
  const section = text.slice(start, end < 0 ? undefined : end);
  for (const m of section.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm))
    if (m[1] === lang && m[2]!.includes(containing)) return m[2]!;
  throw new Error(`${readme} "${heading}" has no \`\`\`${lang} block${containing && ` with ${containing}`}`);
}

const USE_IT = '## Use castkit in your project';
/** What the README says to type in your project: `npm install /path/to/castkit/packs/*.tgz`. */
const installLine = () => {
  const line = blockIn('README.md', USE_IT, 'sh', 'npm install ')
    .split('\n')
    .find((l) => l.startsWith('npm install '))!;
  return line.replace(/\s+#.*$/, '');
};

const JEST = 'jest@30.5.2';

let project: string;
let packs: string;
let dev: ChildProcess | undefined;
let url: string;
let output = '';

beforeAll(async () => {
  await buildWhatIsStale(['@castkit/sdk', '@castkit/emulator', '@castkit/console', 'castkit']);
  const home = mkdtempSync(join(tmpdir(), 'castkit-consumer-'));
  // The packs stand where the README's placeholder says a checkout's are, beside the project.
  packs = join(home, 'castkit', 'packs');
  await run(process.execPath, [join(root, 'tools/pack/index.mjs'), '--out', packs], { cwd: root });
  project = join(home, 'my-app');
  const addon = 'node_modules/better-sqlite3/build/Release/better_sqlite3.node';
  // Jest, the other runner the test kit serves, at a version this repo does not otherwise install.
  const tools = [`typescript@${version('typescript')}`, `vitest@${version('vitest')}`, JEST];
  const recipe = [
    installLine(),
    ...tools,
    createHash('sha256')
      .update(readFileSync(join(root, addon)))
      .digest('hex'),
  ];
  await installedProject(join(root, 'test-artifacts'), { packs, recipe }, project, async () => {
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'my-app', private: true }));
    // The README's line as written, by a shell (it expands the *.tgz), with only the checkout's path
    // filled in. The environment keeps npm offline and skips install scripts: better-sqlite3's would
    // fetch a prebuilt binary from GitHub (no network here) or compile SQLite for minutes, so the addon
    // this checkout already compiled for the same version is put in place below instead.
    const npmEnv = {
      ...process.env,
      npm_config_prefer_offline: 'true',
      npm_config_ignore_scripts: 'true',
      npm_config_audit: 'false',
      npm_config_fund: 'false',
    };
    await run('sh', ['-c', installLine().replaceAll('/path/to/castkit', join(home, 'castkit'))], {
      cwd: project,
      env: npmEnv,
      timeout: 300_000,
    });
    // What the tests below use beyond the README: a type checker and a test runner of this checkout's versions.
    await run('npm', ['install', ...tools], { cwd: project, env: npmEnv, timeout: 300_000 });
    const installed = JSON.parse(
      readFileSync(join(project, 'node_modules/better-sqlite3/package.json'), 'utf8'),
    );
    if (installed.version === version('better-sqlite3')) {
      mkdirSync(join(project, 'node_modules/better-sqlite3/build/Release'), { recursive: true });
      copyFileSync(join(root, addon), join(project, addon));
    } else {
      await run('npm', ['rebuild', 'better-sqlite3'], { cwd: project, timeout: 600_000 });
    }
  });
  url = await startDev();
}, 900_000);

afterAll(() => {
  dev?.kill('SIGTERM');
  if (project) rmSync(dirname(project), { recursive: true, force: true });
}, 120_000);

/** `npx castkit dev --port 0` in the project: plain node, the bin npm linked. */
function startDev(): Promise<string> {
  return new Promise((resolve, reject) => {
    dev = spawn(join(project, 'node_modules/.bin/castkit'), ['dev', '--port', '0'], {
      cwd: project,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const timer = setTimeout(() => reject(new Error(`castkit dev did not start:\n${output}`)), 60_000);
    dev.stdout!.on('data', (c) => {
      output += c;
      const m = /listening on (http:\/\/\S+)/.exec(output);
      if (m && output.includes('database:')) {
        clearTimeout(timer);
        resolve(m[1]!);
      }
    });
    dev.stderr!.on('data', (c) => {
      output += c;
    });
    dev.once('exit', (code) => reject(new Error(`castkit dev exited ${code}:\n${output}`)));
  });
}

const node = (file: string) =>
  run(process.execPath, [file], { cwd: project, env: { ...process.env, CASTKIT_URL: url }, timeout: 60_000 });

describe('the packed packages, installed into a fresh project', () => {
  it('install with the README line: the SDK, the emulator and the CLI, each at the one version packed', () => {
    const installed = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')).dependencies;
    expect(Object.keys(installed).sort()).toEqual([
      '@castkit/emulator',
      '@castkit/sdk',
      'castkit',
      'jest',
      'typescript',
      'vitest',
    ]);
    const versions = ['@castkit/sdk', '@castkit/emulator', 'castkit'].map(
      (pkg) => JSON.parse(readFileSync(join(project, 'node_modules', pkg, 'package.json'), 'utf8')).version,
    );
    expect(new Set(versions)).toEqual(new Set([version('castkit')]));
    // One SDK, the one installed from its tarball: no copy nested under the emulator or the CLI.
    for (const pkg of ['@castkit/emulator', 'castkit'])
      expect(existsSync(join(project, 'node_modules', pkg, 'node_modules/@castkit/sdk'))).toBe(false);
  });

  it("runs the root README's program against the castkit dev it started", async () => {
    writeFileSync(join(project, 'app.mjs'), blockIn('README.md', USE_IT, 'js'));
    const { stdout } = await node('app.mjs');
    expect(stdout.trim()).toMatch(/^@alice published 0x[0-9a-f]{40}$/);
  });

  it('ship compiled JavaScript only, and the CLI carries the built console', () => {
    const files = readdirSync(join(project, 'node_modules'), { recursive: true }) as string[];
    for (const pkg of ['@castkit/sdk', '@castkit/emulator', 'castkit']) {
      const mine = files.filter((f) => f.startsWith(`${pkg}/`) && !f.includes('/node_modules/'));
      expect(
        mine.filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts')),
        pkg,
      ).toEqual([]);
    }
    expect(existsSync(join(project, 'node_modules/castkit/dist/console/index.html'))).toBe(true);
    expect(existsSync(join(project, 'node_modules/tsx'))).toBe(false);
    expect(existsSync(join(project, 'node_modules/@castkit/console'))).toBe(false);
  });

  it('npx castkit dev serves the console page and its script, both APIs, and a per-project database', async () => {
    expect(output).toContain(`database: ${join(project, '.castkit', 'emulator.db')}`);
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
    const headers = { 'x-api-key': 'castkit-dev-key' };
    const v2 = await fetch(`${url}/v2/farcaster/user/by_username?username=alice`, { headers });
    expect(v2.status).toBe(200);
    expect((await v2.json()).user.fid).toBe(1);
    const hub = await fetch(`${url}/v1/userDataByFid?fid=1`, { headers });
    expect(hub.status).toBe(200);
  });

  it('the SDK calls it from an ESM file and from a CommonJS file', async () => {
    const call = `(async () => {
  const client = new NeynarAPIClient({ apiKey: 'castkit-dev-key', baseUrl: process.env.CASTKIT_URL + '/v2' });
  const { users } = await client.fetchBulkUsers({ fids: [1, 2] });
  console.log(users.map((u) => u.username).join(','));
})();`;
    writeFileSync(join(project, 'esm.mjs'), `import { NeynarAPIClient } from '@castkit/sdk/2.x';\n${call}\n`);
    writeFileSync(
      join(project, 'cjs.cjs'),
      `const { NeynarAPIClient } = require('@castkit/sdk/2.x');\n${call}\n`,
    );
    const [esm, cjs] = await Promise.all([node('esm.mjs'), node('cjs.cjs')]);
    expect(esm.stdout.trim()).toBe('alice,bob');
    expect(cjs.stdout.trim()).toBe('alice,bob');
  });

  it("a CommonJS program holds one copy of the SDK's classes, whether it requires them, imports them or gets them from the emulator's test kit", async () => {
    // The program requires the SDK's entries and imports the realtime one; the test kit reaches the
    // SDK on its own: all of it is Node's one build, so the kit's client is the program's
    // NeynarAPIClient and every error is an instance of the program's classes.
    writeFileSync(
      join(project, 'one-sdk.cjs'),
      `const { startTestEmulator } = require('@castkit/emulator/testing');
const v2 = require('@castkit/sdk/2.x');
const root = require('@castkit/sdk');
(async () => {
  const realtime = await import('@castkit/sdk/realtime');
  const emu = await startTestEmulator();
  const missing = await emu.api.lookupUserByUsername({ username: 'nobody-at-all' }).catch((e) => e);
  console.log(JSON.stringify({
    status: missing.status,
    kitClient: emu.api instanceof v2.NeynarAPIClient,
    notFound: missing instanceof v2.NotFoundError,
    rootError: missing instanceof root.CastkitError,
    realtimeError: new realtime.SocketNotReadyError('subscribe') instanceof root.CastkitError,
  }));
  await emu.close();
})();
`,
    );
    const { stdout } = await node('one-sdk.cjs');
    expect(JSON.parse(stdout)).toEqual({
      status: 404,
      kitClient: true,
      notFound: true,
      rootError: true,
      realtimeError: true,
    });
  });

  it("runs the emulator README's protocol block from the installed @castkit/emulator/protocol", async () => {
    const block = blockIn('packages/emulator/README.md', '### Protocol messages from code', 'ts');
    // The block the way a user's compiler leaves it: TypeScript's own transpile, types erased.
    const js = ts.transpileModule(block, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    }).outputText;
    writeFileSync(join(project, 'protocol.mjs'), js);
    const { stdout } = await node('protocol.mjs');
    expect(stdout.trim()).toMatch(/^cast 0x[0-9a-f]{40} is event \d+$/);
  });

  it('tsc --strict compiles a CommonJS program and an ES module importing @castkit/emulator and @castkit/sdk, library types included', async () => {
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: 'nodenext',
          target: 'es2022',
          noEmit: true,
          skipLibCheck: false,
        },
        files: ['program.ts', 'program.mts'],
      }),
    );
    // The same source twice: `program.ts` is CommonJS (the project has no "type"), `program.mts` an ES module.
    const program = `import { startEmulator, type Emulator } from '@castkit/emulator';
import type { TestEmulator } from '@castkit/emulator/testing';
import { NeynarAPIClient } from '@castkit/sdk/2.x';

export const kitCast = (emu: TestEmulator): Promise<string> => emu.fixtures.cast({ signerUuid: 'x' }, 'typed');
// The kit's client is the program's class, though the kit's types import the SDK and program.ts requires it.
export const kitClient = (emu: TestEmulator): NeynarAPIClient => emu.api;

export async function main(): Promise<number> {
  const emulator: Emulator = await startEmulator({ db: ':memory:' });
  const client = new NeynarAPIClient({ apiKey: emulator.apiKey, baseUrl: \`\${emulator.url}/v2\` });
  const { user } = await client.lookupUserByUsername({ username: 'alice' });
  const rows: number = emulator.store.db.prepare('SELECT 1').all().length;
  // Fails to compile if better-sqlite3's types did not resolve (the database would be \`any\`).
  // @ts-expect-error prepare takes SQL text
  emulator.store.db.prepare(42);
  await emulator.close();
  return user.fid + rows;
}
`;
    writeFileSync(join(project, 'program.ts'), program);
    writeFileSync(join(project, 'program.mts'), program);
    const tsc = await run(
      process.execPath,
      [join(project, 'node_modules/typescript/bin/tsc'), '-p', '.', '--listFiles'],
      { cwd: project, timeout: 120_000 },
    ).catch((e: { stdout: string }) => e);
    const lines = tsc.stdout.split('\n').filter(Boolean);
    // Every file checks clean, library declarations included: the main entry's types reach no
    // @farcaster/core (whose .d.ts names packages it does not install, and pulls in viem's).
    expect(lines.filter((line) => !line.startsWith('/'))).toEqual([]);
    // Both programs and the emulator's types see one copy of the SDK's declarations.
    const sdkTypes = lines.filter((file) => file.includes('/node_modules/@castkit/sdk/'));
    expect(sdkTypes.length).toBeGreaterThan(0);
    expect(sdkTypes.filter((file) => !file.endsWith('.d.cts'))).toEqual([]);
  }, 180_000);

  it("runs the emulator README's test kit file with vitest: an emulator for the file, fixtures, faults, snapshots, the seed before each test", async () => {
    const file = blockIn('packages/emulator/README.md', '## Tests with `@castkit/emulator/testing`', 'ts');
    writeFileSync(join(project, 'kit.test.ts'), file);
    const tests = file.match(/^it\(/gm)?.length ?? 0;
    expect(tests).toBeGreaterThanOrEqual(3);
    const vitest = await run(
      process.execPath,
      [join(project, 'node_modules/vitest/vitest.mjs'), 'run', 'kit.test.ts', '--reporter', 'verbose'],
      { cwd: project, timeout: 180_000 },
    ).catch((e: { stdout: string; stderr: string }) => e);
    expect(vitest.stdout, vitest.stderr).toContain(`${tests} passed`);
    // The kit came from the package's compiled entry, as a user's install resolves it.
    const resolved = await run(
      process.execPath,
      ['--input-type=module', '-e', "console.log(import.meta.resolve('@castkit/emulator/testing'))"],
      { cwd: project },
    );
    expect(resolved.stdout.trim()).toMatch(/node_modules\/@castkit\/emulator\/dist\/testing\.cjs$/);
  }, 240_000);

  it("runs a Jest test file on the test kit: Jest's CommonJS module system loads the emulator and the SDK, one copy of each", async () => {
    writeFileSync(
      join(project, 'kit.jest.test.js'),
      `const { SEED_USERS, useEmulator } = require('@castkit/emulator/testing');
const { NotFoundError } = require('@castkit/sdk/2.x');

const emu = useEmulator({ beforeAll, afterAll, beforeEach });
const [alice] = SEED_USERS;

test('writes a cast through the API and reads it back', async () => {
  const user = await emu.fixtures.user({ username: 'jest-user' });
  const hash = await emu.fixtures.cast(user, 'hello from jest');
  await emu.fixtures.like(alice, hash);
  const { cast } = await emu.api.lookupCastByHashOrWarpcastUrl({ identifier: hash, type: 'hash' });
  expect([cast.author.username, cast.text, cast.reactions.likes_count]).toEqual(['jest-user', 'hello from jest', 1]);
});

test('starts from the seed again, and its errors are the SDK classes this file required', async () => {
  const missing = await emu.api.lookupUserByUsername({ username: 'jest-user' }).catch((e) => e);
  expect(missing).toBeInstanceOf(NotFoundError);
  expect((await emu.api.lookupUserByUsername({ username: 'alice' })).user.fid).toBe(alice.fid);
});
`,
    );
    const jest = await run(
      process.execPath,
      [
        join(project, 'node_modules/jest/bin/jest.js'),
        '--runTestsByPath',
        'kit.jest.test.js',
        '--ci',
        '--cacheDirectory',
        '.jest-cache',
      ],
      { cwd: project, timeout: 180_000 },
    ).catch((e: { stdout: string; stderr: string }) => e);
    // Jest reports on stderr.
    expect(jest.stderr).toMatch(/Tests:\s+2 passed, 2 total/);
  }, 240_000);
});
