import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { CASSETTE_PROPERTY } from './cassette/read.js';
import {
  type CommandSpec,
  commandHelp,
  integerOption,
  type OptionValues,
  parseCommand,
  UsageError,
} from './command/args.js';
import { SERVE_OPTIONS } from './command/serve-options.js';
import { parseCorsOrigins } from './edge/cors.js';
import { configuredHosts } from './edge/hosts.js';
import type { Emulator, EmulatorOptions } from './emulator.js';
import { EmulatorError } from './ground/errors.js';
import { messageOf } from './ground/thrown.js';
import { harnessOptions } from './harness-flags.js';
import { DEFAULT_API_KEY, DEFAULT_PORT, DEFAULT_SEED, seedSizeOf } from './seed/constants.js';

export const EMULATOR_COMMAND = {
  name: 'castkit-emulator',
  summary: 'Runs the local emulator: the hub (/v1) and Neynar-style (/v2) APIs on SQLite, seeded.',
  options: SERVE_OPTIONS,
} satisfies CommandSpec;

/** The parsed flags `serve` reads: SERVE_OPTIONS's, whichever command parsed them. */
export type ServeValues = OptionValues<typeof SERVE_OPTIONS>;

/** Each project its own state: the database lives in `.castkit/` of the working directory. */
export function defaultDbPath(cwd = process.cwd()): string {
  return join(cwd, '.castkit', 'emulator.db');
}

/** Creates the database's folder; a new `.castkit/` gets a .gitignore so the state is never committed. */
function prepareFolder(db: string): void {
  const folder = dirname(db);
  if (existsSync(folder)) return;
  mkdirSync(folder, { recursive: true });
  if (basename(folder) === '.castkit')
    writeFileSync(join(folder, '.gitignore'), '# castkit emulator state\n*\n');
}

/** What a host command (`castkit dev`) adds: routes and a fallback beside the APIs, told the key in use. */
export interface EmulatorCliExtras {
  routesFor?: (info: {
    apiKey: string;
  }) => Pick<EmulatorOptions, 'routes' | 'fallback' | 'signerApprovalPage'>;
  /** Extra lines printed after the URL, e.g. where the console is. */
  describe?: (url: string) => string[];
  /** The port without --port (castkit dev: 3000). */
  defaultPort?: number;
}

export async function main(argv = process.argv.slice(2), extras: EmulatorCliExtras = {}): Promise<void> {
  const { values, positionals } = parseCommand(EMULATOR_COMMAND, argv);
  if (values.help) {
    console.log(commandHelp(EMULATOR_COMMAND));
    return;
  }
  if (positionals.length)
    throw new UsageError(`castkit-emulator takes no arguments, got "${positionals[0]}"`);
  await serve(values, extras);
}

/** Starts the emulator the flags describe, prints where, and stops it on SIGINT/SIGTERM. */
export async function serve(values: ServeValues, extras: EmulatorCliExtras = {}): Promise<Emulator> {
  const seedSize = seedSizeOf(values['seed-size'] ?? 'small');
  if (seedSize === undefined)
    throw new UsageError(`--seed-size must be small, large or none, got "${values['seed-size']}"`);
  const port = integerOption('port', values.port ?? String(extras.defaultPort ?? DEFAULT_PORT), 0, 65535);
  const seed = integerOption('seed', values.seed ?? String(DEFAULT_SEED), 0, 2 ** 31 - 1);
  const db = values.db === ':memory:' ? ':memory:' : resolve(values.db ?? defaultDbPath());
  if (db !== ':memory:') prepareFolder(db);
  const apiKey = values['api-key'] ?? DEFAULT_API_KEY;
  const host = values.host ?? '127.0.0.1';
  const allowHosts = values['allow-host'] ?? [];
  const cors = asUsage(() => {
    configuredHosts(host, allowHosts);
    return parseCorsOrigins(values.cors ?? []);
  });
  const harness = harnessOptions(values);
  if (harness.import && !existsSync(harness.import))
    throw new UsageError(`--import: no file ${resolve(harness.import)}`);
  if (harness.replay && !existsSync(harness.replay.cassette))
    throw new UsageError(`--replay: no file ${resolve(harness.replay.cassette)}`);
  // Found now rather than at exit, when the state it was to keep would be lost.
  if (harness.exportOnExit && existsSync(harness.exportOnExit))
    throw new UsageError(`--export-on-exit: ${resolve(harness.exportOnExit)} exists; it writes a new file`);
  // Loaded once the flags are sound: a usage error or --help answers without the APIs' code.
  const { startEmulator } = await import('./emulator.js');
  const emulator = await startEmulator({
    ...extras.routesFor?.({ apiKey: [apiKey].flat()[0] ?? DEFAULT_API_KEY }),
    ...harness,
    port,
    host,
    allowHosts,
    cors,
    db,
    seedSize,
    seed,
    apiKey,
    progress: seedSize === 'large',
  }).catch((error) => {
    // The 400s a start can meet: an --import file that is no emulator database, a --replay file that
    // is no cassette, or a --fault rule naming an unknown operation, effect or field.
    if (error instanceof EmulatorError && error.status === 400)
      throw new UsageError(`${FLAG_OF[error.property ?? ''] ?? '--fault'}: ${error.message}`);
    throw error;
  });
  // Machine-readable first line, so scripts (and the crash test) can find the URL.
  console.log(`castkit emulator listening on ${emulator.url}`);
  console.log(`api key: ${emulator.apiKey}`);
  console.log(`wallet id: ${emulator.walletId} (x-wallet-id; more: POST /_emulator/wallets)`);
  for (const line of extras.describe?.(emulator.url) ?? []) console.log(line);
  console.log(`database: ${db}`);
  if (harness.replay) {
    const unmatched = harness.replay.unmatched === 'emulator' ? 'the emulator' : 'a 404 naming them';
    console.log(`replaying: ${resolve(harness.replay.cassette)} (requests it does not hold: ${unmatched})`);
  }
  const stop = () => {
    emulator.close().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(`error while stopping: ${error.message}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return emulator;
}

/** Which flag a start's 400 is about, by the property it names. */
const FLAG_OF: Record<string, string> = { file: '--import', [CASSETTE_PROPERTY]: '--replay' };

/** Flag checks that throw plain errors report them as usage errors. */
function asUsage<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    throw new UsageError(messageOf(error));
  }
}
