// Renders the console's data hooks as the app does (a query client, the environment context with
// SDK clients bound to an origin, the acting-as provider) against a real emulator on loopback. Hook
// tests declare `@vitest-environment jsdom`; the emulator runs as its own process (castkit-emulator
// from this repo's sources), since jsdom's globals are not Node's and the store's hashing refuses
// their byte arrays. The page's origin is moved to the emulator's, as when castkit dev serves the
// console, so what reads window.location (the cast stream) reaches it.
// One such process per test worker (vitest shares modules across a worker's files): a file takes it
// over reset to the seed with no fault rules, the state a fresh one starts in, without a process start (~1.1 s
// of CPU) per file. It is stopped when the worker exits (worker-exit.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { SEED_USERS } from '@castkit/emulator/testing';
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure } from '@testing-library/react';
import type { ReactNode } from 'react';
import { fromSource } from '../../../emulator/test/support/source-build';
import { createClients } from '../../src/api/clients';
import type { ConsoleEnv } from '../../src/api/env';
import { ActingAsProvider } from '../../src/client/acting-as/acting-as';
import { rememberSigner } from '../../src/client/acting-as/signer-for-fid';
import { StaticEnvProvider } from '../../src/shell/env-context';
import { exitOnSigterm } from './worker-exit';

// waitFor's default of 1 s races the API on a busy machine, as vitest's default poll did (vitest.config.ts).
configure({ asyncUtilTimeout: 5_000 });

declare const jsdom: { reconfigure(options: { url: string }): void };

export const [alice, bob, carol] = SEED_USERS;

// A path, not a URL: under jsdom the global URL is jsdom's, which fileURLToPath refuses.
const BIN = join(import.meta.dirname, '../../../emulator/bin/castkit-emulator.mjs');
const API_KEY = 'castkit-dev-key';

export interface HookEmulator {
  url: string;
  apiKey: string;
  /** The v2 API through the SDK, without retries: what the test reads the outcome with. */
  api: NeynarAPIClient;
  /** `POST /_emulator/faults`: the rule's body as the emulator README gives it. */
  fault(rule: Record<string, unknown>): Promise<void>;
  /** `POST /_emulator/reset`: back to the seed, fault rules cleared. */
  reset(): Promise<void>;
}

let child: ChildProcess | undefined;
let listeningAt: Promise<string> | undefined;

/** The worker's emulator process: started on first use, and again should it have exited. */
async function emulatorProcess(): Promise<{ url: string; started: boolean }> {
  const url = listeningAt && (await listeningAt.catch(() => undefined));
  if (url && child && child.exitCode === null && child.signalCode === null) return { url, started: false };
  if (!child) {
    process.once('exit', () => child?.kill('SIGTERM'));
    exitOnSigterm();
  }
  child = spawn(
    process.execPath,
    [...fromSource(BIN), '--port', '0', '--db', ':memory:', '--seed-size', 'small', '--api-key', API_KEY],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  listeningAt = listening(child);
  return { url: await listeningAt, started: true };
}

/**
 * A seeded in-memory emulator (the small seed) in its own process, with the page's origin moved to
 * it: the worker's one, reset to the seed with no fault rules when an earlier file used it.
 */
export async function startHookEmulator(): Promise<HookEmulator> {
  const { url, started } = await emulatorProcess();
  jsdom.reconfigure({ url: `${url}/client` });
  const control = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}/_emulator${path}`, {
      method,
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} /_emulator${path} answered ${res.status}: ${await res.text()}`);
  };
  const emulator: HookEmulator = {
    url,
    apiKey: API_KEY,
    api: new NeynarAPIClient({ apiKey: API_KEY, baseUrl: `${url}/v2`, retries: 0 }),
    fault: (rule) => control('POST', '/faults', rule),
    async reset() {
      await control('DELETE', '/faults');
      await control('POST', '/reset');
    },
  };
  if (!started) await emulator.reset();
  return emulator;
}

function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.stderr!.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.once('exit', (code) => reject(new Error(`the emulator exited (${code}) before listening: ${err}`)));
  });
}

export interface HookHarness {
  queryClient: QueryClient;
  wrapper: (props: { children: ReactNode }) => ReactNode;
}

/**
 * The providers a hook runs under, acting as alice with her seeded signer remembered as one the
 * console approved earlier (a new approval goes through a relative fetch only a browser resolves).
 * `environment: 'upstream'` is the console against a remote API: no event stream.
 */
export function hookHarness(
  emu: HookEmulator,
  environment: ConsoleEnv['environment'] = 'emulator',
): HookHarness {
  sessionStorage.clear();
  localStorage.clear();
  rememberSigner(alice.fid, alice.signerUuid);
  const env: ConsoleEnv = { environment, apiKey: emu.apiKey };
  const clients = createClients(env, emu.url);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <StaticEnvProvider value={{ env, clients, status: 'ready' }}>
        <ActingAsProvider>{children}</ActingAsProvider>
      </StaticEnvProvider>
    </QueryClientProvider>
  );
  return { queryClient, wrapper };
}
