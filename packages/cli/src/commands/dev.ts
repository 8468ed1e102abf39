// `castkit dev`: one process, one URL. Against the emulator (default) the console and both APIs share
// the emulator's port; with --upstream, a proxy adds the real API key server-side, so it never
// reaches the browser.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { consoleHandler, envHandler, type RequestHandler, UPSTREAM_PLACEHOLDER_KEY } from '@castkit/console';
import { DEFAULT_API_BASE_URL, DEFAULT_HUB_BASE_URL } from '@castkit/sdk';
import { type ParsedArgs, UsageError } from '../args.js';

/**
 * Where `castkit dev` listens and `castkit call` looks, unless told otherwise: the port the READMEs and
 * the console's Vite proxy name, not the standalone emulator's 8787.
 */
export const DEFAULT_PORT = 3000;

const PUBLIC_API = new URL(DEFAULT_API_BASE_URL).origin;

/** Console and env routes first; whatever they do not answer falls through. */
function consoleRoutes(apiKey: string, upstream?: string): RequestHandler {
  const env = envHandler(
    upstream ? { environment: 'upstream', upstream, apiKey } : { environment: 'emulator', apiKey },
  );
  const app = consoleHandler();
  return (req, res, url) => env(req, res, url) || app(req, res, url);
}

export async function runDev(
  argv: readonly string[],
  args: ParsedArgs,
  out: (s: string) => void,
): Promise<number> {
  if (args.options.has('upstream')) return runUpstream(args, process.env, out);
  const { main } = await import('@castkit/emulator');
  const port = args.options.has('port') ? [] : ['--port', String(DEFAULT_PORT)];
  await main([...port, ...argv], {
    serveFor: ({ apiKey }) => consoleRoutes(apiKey),
    describe: (url) => [`console: ${url}/`],
  });
  return 0;
}

export interface UpstreamServer {
  url: string;
  close(): Promise<void>;
}

/** The console in front of a remote API: /v2 goes to the API, /v1 to its hub, each with the real key. */
export async function startUpstreamProxy(options: {
  upstream: string;
  hub?: string;
  apiKey: string;
  port?: number;
  host?: string;
}): Promise<UpstreamServer> {
  const api = new URL(options.upstream);
  const hub = new URL(options.hub ?? (api.origin === PUBLIC_API ? DEFAULT_HUB_BASE_URL : api.origin));
  const routes = consoleRoutes(UPSTREAM_PLACEHOLDER_KEY, api.origin);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://castkit.local');
    if (routes(req, res, url)) return;
    if (/^\/v2(\/|$)/.test(url.pathname))
      return forward(req, res, new URL(url.pathname + url.search, api), options.apiKey);
    if (/^\/v1(\/|$)/.test(url.pathname))
      return forward(req, res, new URL(url.pathname + url.search, hub), options.apiKey);
    res
      .writeHead(404, { 'content-type': 'application/json' })
      .end(JSON.stringify({ message: `no route for ${url.pathname}` }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Streams a request to the upstream with the real key in place of whatever the browser sent. */
function forward(req: IncomingMessage, res: ServerResponse, target: URL, apiKey: string): void {
  const headers = { ...req.headers, host: target.host, 'x-api-key': apiKey };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const upstream = send(target, { method: req.method, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', (error) => {
    if (!res.headersSent) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: `upstream ${target.host} unreachable: ${error.message}` }));
    } else res.destroy();
  });
  req.pipe(upstream);
}

async function runUpstream(
  args: ParsedArgs,
  env: NodeJS.ProcessEnv,
  out: (s: string) => void,
): Promise<number> {
  const flag = args.options.get('upstream');
  const upstream = typeof flag === 'string' ? flag : PUBLIC_API;
  const apiKey = env.NEYNAR_API_KEY;
  if (!apiKey)
    throw new UsageError('--upstream needs the API key in NEYNAR_API_KEY (it stays on this server)');
  if (!/^https?:\/\//.test(upstream))
    throw new UsageError(`--upstream must be an http(s) URL, got "${upstream}"`);
  const port = Number(args.options.get('port') ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port must be 0-65535');
  const server = await startUpstreamProxy({ upstream, apiKey, port });
  out(`castkit console listening on ${server.url}`);
  out(`proxying /v2 to ${new URL(upstream).origin} and /v1 to its hub, with the key from NEYNAR_API_KEY`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}
