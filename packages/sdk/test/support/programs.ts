// What the examples and README tests share: an emulator served the way `npm start` serves it, and
// user programs run as child processes through tsx, resolving `@castkit/sdk` as the repository does.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { consoleRoutes } from '../../../console/src/server/index.js';
import { type Emulator, startEmulator } from '../../../emulator/src/index.js';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const tsx = fileURLToPath(new URL('../../../../node_modules/tsx/dist/cli.mjs', import.meta.url));

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

/** Runs a TypeScript or JavaScript program with tsx from the repository root (so its tsconfig paths apply). */
export function runProgram(
  file: string,
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ProgramRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [tsx, file],
      { cwd: repoRoot, env: { ...process.env, ...env }, timeout: timeoutMs },
      (error, stdout, stderr) => {
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
