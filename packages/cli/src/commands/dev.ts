// `castkit dev`: one process, one URL. Against the emulator (default) the console and both APIs share
// the emulator's port and edge; with --upstream, a proxy adds the real API key server-side, so it never
// reaches the browser.
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { SERVE_OPTIONS } from '@castkit/emulator/command';
import { configuredHosts } from '@castkit/emulator/edge';
import { type CommandSpec, integerOption, type OptionTable, type OptionValues, UsageError } from '../args.js';
import { DEFAULT_PORT } from '../target.js';
import { DEFAULT_UPSTREAM_TIMEOUT_MS, PUBLIC_API, startUpstreamProxy } from '../upstream-proxy.js';

const UPSTREAM_OPTIONS = {
  upstream: {
    type: 'boolean',
    description: `serve the console against a remote API (the URL argument, default ${PUBLIC_API}); key from NEYNAR_API_KEY`,
  },
  'upstream-timeout': {
    type: 'string',
    value: 'SECONDS',
    description: `with --upstream: how long upstream answers may take (${DEFAULT_UPSTREAM_TIMEOUT_MS / 1000})`,
  },
  record: {
    type: 'string',
    value: 'FILE',
    description:
      'with --upstream: write every exchange to this new cassette file, for --replay (no key is written); ' +
      'programs may then call with their own x-api-key, forwarded as it is',
  },
} as const satisfies OptionTable;

export const DEV_COMMAND = {
  name: 'castkit dev',
  positionals: '[--upstream [URL]]',
  summary:
    `Runs the local emulator (both APIs, seeded) and the console on one URL (port ${DEFAULT_PORT}); prints it and the\n` +
    'API key. Only loopback names, --host and --allow-host names are served as Host; browser apps on\n' +
    'local origins (and --cors origins) may call the APIs with the key. With --upstream, the console\n' +
    'talks to a remote API through this server, which adds the key; no CORS there. --record keeps what\n' +
    'the upstream answered in a cassette; --replay answers from one.',
  options: { ...SERVE_OPTIONS, ...UPSTREAM_OPTIONS },
} satisfies CommandSpec;

type DevValues = OptionValues<typeof DEV_COMMAND.options>;

export async function runDev(
  values: DevValues,
  positionals: string[],
  out: (s: string) => void,
): Promise<number> {
  if (values.upstream) return runUpstream(values, positionals, process.env, out);
  if (positionals.length)
    throw new UsageError(`castkit dev takes no arguments without --upstream, got "${positionals[0]}"`);
  if (values['upstream-timeout'] !== undefined)
    throw new UsageError('--upstream-timeout applies to --upstream only');
  if (values.record !== undefined) throw new UsageError('--record applies to --upstream only');
  const [{ serve }, { consoleRoutes }, { consoleDistDir }] = await Promise.all([
    import('@castkit/emulator'),
    import('@castkit/console'),
    import('../console-dist.js'),
  ]);
  await serve(values, {
    defaultPort: DEFAULT_PORT,
    routesFor: ({ apiKey }) =>
      consoleRoutes({ environment: 'emulator', apiKey }, { distDir: consoleDistDir() }),
    describe: (url) => [`console: ${url}/`],
  });
  return 0;
}

/** Flags that only mean something to a local emulator. */
const EMULATOR_ONLY = [
  'cors',
  'db',
  'seed-size',
  'seed',
  'api-key',
  'fault',
  'rate-limit',
  'import',
  'export-on-exit',
  'replay',
  'unmatched',
] as const;

async function runUpstream(
  values: DevValues,
  positionals: string[],
  env: NodeJS.ProcessEnv,
  out: (s: string) => void,
): Promise<number> {
  if (values.cors)
    throw new UsageError(
      '--cors does not apply to --upstream: only the console this server serves may use it',
    );
  for (const flag of EMULATOR_ONLY)
    if (values[flag] !== undefined) throw new UsageError(`--${flag} does not apply to --upstream`);
  if (positionals.length > 1)
    throw new UsageError(`--upstream takes one URL, got "${positionals.join(' ')}"`);
  const upstream = positionals[0] ?? PUBLIC_API;
  const apiKey = env.NEYNAR_API_KEY;
  if (!apiKey)
    throw new UsageError('--upstream needs the API key in NEYNAR_API_KEY (it stays on this server)');
  if (!/^https?:\/\//.test(upstream))
    throw new UsageError(`--upstream must be an http(s) URL, got "${upstream}"`);
  const port = integerOption('port', values.port ?? String(DEFAULT_PORT), 0, 65535);
  const seconds = Number(values['upstream-timeout'] ?? DEFAULT_UPSTREAM_TIMEOUT_MS / 1000);
  // setTimeout holds at most ~24.8 days; a day is already more patience than any API call needs.
  if (!(seconds > 0 && seconds <= 86_400))
    throw new UsageError('--upstream-timeout must be a number of seconds between 0 and 86400');
  const record = values.record === undefined ? undefined : resolve(values.record);
  if (record !== undefined && existsSync(record))
    throw new UsageError(`--record: ${record} exists; it writes a new file`);
  if (record !== undefined && !existsSync(dirname(record)))
    throw new UsageError(`--record: folder ${dirname(record)} does not exist`);
  const host = values.host;
  const allowHosts = values['allow-host'] ?? [];
  try {
    configuredHosts(host, allowHosts);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const server = await startUpstreamProxy({
    upstream,
    apiKey,
    port,
    host,
    allowHosts,
    timeoutMs: seconds * 1000,
    record,
  });
  out(`castkit console listening on ${server.url}`);
  out(`proxying /v2 to ${new URL(upstream).origin} and /v1 to its hub, with the key from NEYNAR_API_KEY`);
  if (record) out(`recording to ${record} (programs may call with their own x-api-key)`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}
