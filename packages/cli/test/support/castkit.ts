// The castkit command as users run it: its bin in a child process, output and exit code collected.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { fromSource } from '../../../emulator/test/support/source-build.js';

export const BIN = fileURLToPath(new URL('../../bin/castkit.mjs', import.meta.url));

export interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

export function castkit(argv: string[], env: NodeJS.ProcessEnv = {}): Promise<Result> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...fromSource(BIN), ...argv],
      { env: { ...process.env, CASTKIT_URL: '', CASTKIT_API_KEY: '', ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Runs castkit with its stdout already closed by the reader, as `castkit ops | head -1` ends up. */
export function castkitIntoClosedPipe(argv: string[]): Promise<Result & { signal: string | null }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...fromSource(BIN), ...argv], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.on('close', (code, signal) => resolve({ code: code ?? -1, signal, stdout: '', stderr }));
  });
}

/** A server that answers 200 {} and counts what reaches it, to prove a command sent nothing. */
export async function recordingServer() {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Starts `castkit dev` with `args`; resolves once it has printed its URL and the console's. */
export function startDev(
  args: string[],
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...fromSource(BIN), 'dev', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`castkit dev did not start:\n${out}`)), 30_000);
    child.stdout.on('data', (c) => {
      out += c;
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m && out.includes('console:')) {
        clearTimeout(timer);
        resolve({ child, url: m[1]!, output: () => out });
      }
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`castkit dev exited with ${code}:\n${out}`));
    });
  });
}
