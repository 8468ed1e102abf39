// What the examples and README tests share: an emulator served the way `npm start` serves it, and
// user programs run as child processes, resolving `@castkit/sdk` as the repository does.
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { consoleRoutes } from '../../../console/src/server/index.js';
import { type Emulator, startEmulator } from '../../../emulator/src/index.js';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/** The emulator with the console's pages beside it, as `castkit dev` (and so `npm start`) serves them. */
export function startDevServer(): Promise<Emulator> {
  return startEmulator({
    db: ':memory:',
    ...consoleRoutes({ environment: 'emulator', apiKey: 'castkit-dev-key' }),
  });
}

export interface ProgramRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

let runs = 0;

/**
 * Runs a TypeScript or JavaScript program (a path from the repository root) as its own Node process.
 * It is bundled first, as tsx would transpile it but once: the root tsconfig's paths take
 * `@castkit/sdk` from its sources, and every other package is imported from node_modules as written
 * (`@castkit/emulator` from its build). Under tsx each program paid ~0.7 s of CPU for a second Node
 * process and loader hooks that transpiled the SDK's modules one by one.
 */
export async function runProgram(
  file: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ProgramRun> {
  // Beside the repository's node_modules, so the program's imports resolve from there.
  const dir = join(repoRoot, 'test-artifacts/programs');
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `${file.replace(/[/.]/g, '_')}-${process.pid}-${runs++}.mjs`);
  try {
    await build({
      entryPoints: [join(repoRoot, file)],
      outfile: out,
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'inline',
      logLevel: 'silent',
    });
  } catch (error) {
    return { code: 1, stdout: '', stderr: `${file} did not build: ${(error as Error).message}` };
  }
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--enable-source-maps', out],
      { cwd: repoRoot, env: { ...process.env, ...env }, timeout: timeoutMs },
      (error, stdout, stderr) => {
        rmSync(out, { force: true });
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The environment every example and README block reads: the emulator's address and key. */
export const exampleEnv = (emu: Emulator): Record<string, string> => ({
  CASTKIT_URL: emu.url,
  // The name the examples read before CASTKIT_URL: unset, so a shell that still has it changes nothing.
  CASTKIT_BASE_URL: '',
  NEYNAR_API_KEY: emu.apiKey,
});
