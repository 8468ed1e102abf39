import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_API_KEY, DEFAULT_PORT, type SeedSize } from './seed/constants.js';
import { parseCorsOrigins } from './server/cors.js';
import { type EmulatorOptions, startEmulator } from './server/http.js';

const USAGE = `castkit-emulator [--port N] [--host H] [--allow-host NAME]... [--cors ORIGIN[,ORIGIN]]...
                 [--db PATH|:memory:] [--seed-size small|large] [--seed N] [--api-key KEY]...`;

/** The per-user data folder: XDG on Linux, Application Support on macOS, AppData on Windows. */
export function defaultDbPath(): string {
  const base =
    process.platform === 'win32'
      ? (process.env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'))
      : process.platform === 'darwin'
        ? join(homedir(), 'Library', 'Application Support')
        : (process.env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'));
  return join(base, 'castkit', 'emulator.db');
}

/** What a host command (`castkit dev`) adds: routes and a fallback beside the APIs, told the key in use. */
export interface EmulatorCliExtras {
  routesFor?: (info: {
    apiKey: string;
  }) => Pick<EmulatorOptions, 'routes' | 'fallback' | 'signerApprovalPage'>;
  /** Extra lines printed after the URL, e.g. where the console is. */
  describe?: (url: string) => string[];
}

export async function main(argv = process.argv.slice(2), extras: EmulatorCliExtras = {}): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: String(DEFAULT_PORT) },
      host: { type: 'string', default: '127.0.0.1' },
      'allow-host': { type: 'string', multiple: true },
      cors: { type: 'string', multiple: true },
      db: { type: 'string' },
      'seed-size': { type: 'string', default: 'small' },
      seed: { type: 'string', default: '1' },
      'api-key': { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const seedSize = values['seed-size'] as SeedSize;
  if (seedSize !== 'small' && seedSize !== 'large')
    throw new Error(`--seed-size must be small or large\n${USAGE}`);
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port must be 0-65535\n${USAGE}`);
  const db = values.db ?? defaultDbPath();
  if (db !== ':memory:') mkdirSync(join(db, '..'), { recursive: true });
  const apiKey = values['api-key'] ?? DEFAULT_API_KEY;
  const cors = parseCorsOrigins(values.cors ?? []);
  const emulator = await startEmulator({
    ...extras.routesFor?.({ apiKey: [apiKey].flat()[0] ?? DEFAULT_API_KEY }),
    port,
    host: values.host,
    allowHosts: values['allow-host'] ?? [],
    cors,
    db,
    seedSize,
    seed: Number(values.seed),
    apiKey,
    progress: seedSize === 'large',
  });
  // Machine-readable first line, so scripts (and the crash test) can find the URL.
  console.log(`castkit emulator listening on ${emulator.url}`);
  console.log(`api key: ${emulator.apiKey}`);
  for (const line of extras.describe?.(emulator.url) ?? []) console.log(line);
  console.log(`database: ${db}`);
  const stop = () => {
    emulator.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
