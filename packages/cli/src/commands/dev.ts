// `castkit dev`: one process, one URL. Against the emulator (default) the console and both APIs share
// the emulator's port and edge; with --upstream, a proxy adds the real API key server-side, so it never
// reaches the browser.

import { consoleRoutes } from '@castkit/console';
import { configuredHosts } from '@castkit/emulator/edge';
import { type ParsedArgs, UsageError } from '../args.js';
import { DEFAULT_UPSTREAM_TIMEOUT_MS, PUBLIC_API, startUpstreamProxy } from '../upstream-proxy.js';

/**
 * Where `castkit dev` listens and `castkit call` looks, unless told otherwise: the port the READMEs and
 * the console's Vite proxy name, not the standalone emulator's 8787.
 */
export const DEFAULT_PORT = 3000;

export async function runDev(
  argv: readonly string[],
  args: ParsedArgs,
  out: (s: string) => void,
): Promise<number> {
  if (args.options.has('upstream')) return runUpstream(args, process.env, out);
  const { main } = await import('@castkit/emulator');
  const port = args.options.has('port') ? [] : ['--port', String(DEFAULT_PORT)];
  await main([...port, ...argv], {
    routesFor: ({ apiKey }) => consoleRoutes({ environment: 'emulator', apiKey }),
    describe: (url) => [`console: ${url}/`],
  });
  return 0;
}

/** The string values of an option that may repeat; a bare flag is a usage error. */
function strings(args: ParsedArgs, name: string): string[] {
  return (args.all.get(name) ?? []).map((v) => {
    if (v === true) throw new UsageError(`--${name} needs a value`);
    return v;
  });
}

async function runUpstream(
  args: ParsedArgs,
  env: NodeJS.ProcessEnv,
  out: (s: string) => void,
): Promise<number> {
  if (args.options.has('cors'))
    throw new UsageError(
      '--cors does not apply to --upstream: only the console this server serves may use it',
    );
  const flag = args.options.get('upstream');
  const upstream = typeof flag === 'string' ? flag : PUBLIC_API;
  const apiKey = env.NEYNAR_API_KEY;
  if (!apiKey)
    throw new UsageError('--upstream needs the API key in NEYNAR_API_KEY (it stays on this server)');
  if (!/^https?:\/\//.test(upstream))
    throw new UsageError(`--upstream must be an http(s) URL, got "${upstream}"`);
  const port = Number(args.options.get('port') ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port must be 0-65535');
  const seconds = Number(args.options.get('upstream-timeout') ?? DEFAULT_UPSTREAM_TIMEOUT_MS / 1000);
  // setTimeout holds at most ~24.8 days; a day is already more patience than any API call needs.
  if (!(seconds > 0 && seconds <= 86_400))
    throw new UsageError('--upstream-timeout must be a number of seconds between 0 and 86400');
  const host = args.options.get('host');
  if (host === true) throw new UsageError('--host needs a value');
  const allowHosts = strings(args, 'allow-host');
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
  });
  out(`castkit console listening on ${server.url}`);
  out(`proxying /v2 to ${new URL(upstream).origin} and /v1 to its hub, with the key from NEYNAR_API_KEY`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}
