// The emulator CLI as its own process, for tests where processes matter (crashes, file ownership).
import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import { fromSource } from './source-build.js';

const BIN = new URL('../../bin/castkit-emulator.mjs', import.meta.url).pathname;

export interface Running {
  child: ChildProcess;
  url: string;
  stderr: () => string;
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

const started: ChildProcess[] = [];

/** Kills what the tests started and left running; for afterAll. */
export function killAll(): void {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}

function start(db: string, args: string[], options: SpawnOptions): ChildProcess {
  const child = spawn(process.execPath, [...fromSource(BIN), '--port', '0', '--db', db, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...options,
  });
  started.push(child);
  return child;
}

/** Starts the emulator on `db` and resolves with its URL once it listens; rejects if it exits first. */
export function launch(db: string, args: string[] = [], options: SpawnOptions = {}): Promise<Running> {
  const child = start(db, args, options);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve({ child, url: m[1]!, stderr: () => err });
    });
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.once('exit', (code) => reject(new Error(`emulator exited (${code}) before listening: ${err}`)));
  });
}

/** Runs the emulator on `db` until it exits by itself (a refusal); kill it if it started instead. */
export function run(db: string, args: string[] = [], options: SpawnOptions = {}): Promise<Finished> {
  const child = start(db, args, options);
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString();
      // It started after all: stop it, so the test sees what it printed rather than hanging.
      if (/listening on/.test(stdout)) child.kill('SIGTERM');
    });
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Resolves once the child has exited, including when it already has (its 'exit' event is past). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((r) => child.once('exit', () => r()));
}
