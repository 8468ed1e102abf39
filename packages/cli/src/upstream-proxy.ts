// `castkit dev --upstream`: the console in front of a remote API. The real key stays in this process;
// the browser gets a random per-process token from the same-origin /_castkit/env and the proxy only
// spends the real key for requests carrying it. The same edge as the emulator refuses foreign Hosts
// and every cross-site request before anything reaches the upstream; CORS is never enabled here.
// Recording (castkit dev --record), programs may call too, each with its own key, which is forwarded
// as it is: the real key is spent for the console's token only, and no key is ever written.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { consoleRoutes } from '@castkit/console';
import { CassetteRecorder } from '@castkit/emulator/cassette';
import { type Context, configuredHosts, createEdge, type Logger, listeningUrl } from '@castkit/emulator/edge';
import { DEFAULT_API_BASE_URL, DEFAULT_HUB_BASE_URL } from '@castkit/sdk/2.x';
import { consoleDistDir } from './console-dist.js';
import { forward, type Tap } from './forward.js';

export const PUBLIC_API = new URL(DEFAULT_API_BASE_URL).origin;
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;

export interface UpstreamProxyOptions {
  /** The v2 API's base URL (`https://api.neynar.com/v2`); requests keep their own /v2 path. */
  upstream: string;
  /** The hub's origin; default the public hub for the public API, else the upstream's origin. */
  hub?: string;
  apiKey: string;
  port?: number;
  host?: string;
  /** Host names served beside loopback names and `host`. */
  allowHosts?: string[];
  /** How long the upstream has to answer (default 30 s); then 504. */
  timeoutMs?: number;
  logger?: Logger;
  /** A new cassette file to write every exchange to (cassette/format.ts of the emulator). */
  record?: string;
}

export interface UpstreamServer {
  url: string;
  close(): Promise<void>;
}

export async function startUpstreamProxy(options: UpstreamProxyOptions): Promise<UpstreamServer> {
  const api = new URL(options.upstream);
  const hub = new URL(options.hub ?? (api.origin === PUBLIC_API ? DEFAULT_HUB_BASE_URL : api.origin));
  const timeoutMs = options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS;
  const token = randomBytes(24).toString('base64url');
  const recorder = options.record ? CassetteRecorder.create(options.record, api.origin) : undefined;
  recorder?.keepSecret(options.apiKey);
  recorder?.keepSecret(token);
  const logger = options.logger ?? console;
  /** The console's token stands for the real key; a program's own key (recording only) goes as it is. */
  const keyFor = (ctx: Context): string => {
    const key = ctx.req.headers['x-api-key'];
    if (typeof key !== 'string' || key === token) return options.apiKey;
    recorder?.keepSecret(key);
    return key;
  };
  const tapFor = (ctx: Context): Tap | undefined =>
    recorder &&
    ((answer) => {
      try {
        recorder.record({
          method: ctx.req.method ?? 'GET',
          url: ctx.url,
          requestHeaders: ctx.req.headers,
          requestBody: ctx.body instanceof Uint8Array ? ctx.body : new Uint8Array(),
          status: answer.status,
          responseHeaders: answer.headers,
          responseBody: answer.body,
        });
      } catch (error) {
        logger.error(`[castkit-dev] could not record ${ctx.req.method} ${ctx.url.pathname}: ${error}`);
      }
    });
  const to = (ctx: Context, base: URL) =>
    forward(ctx, new URL(ctx.url.pathname + ctx.url.search, base), keyFor(ctx), timeoutMs, tapFor(ctx));
  const { routes, fallback } = consoleRoutes(
    { environment: 'upstream', upstream: api.origin, apiKey: token },
    { distDir: consoleDistDir() },
  );
  const listener = createEdge({
    routes: [
      ...routes,
      {
        method: '*',
        path: '/v2/*',
        body: 'raw',
        handler: (ctx) => to(ctx, api),
      },
      {
        method: '*',
        path: '/v1/*',
        body: 'raw',
        handler: (ctx) => to(ctx, hub),
      },
    ],
    fallback,
    apiKeys: recorder ? (key) => key.length > 0 : [token],
    hosts: configuredHosts(options.host, options.allowHosts),
    cors: false,
    logger,
    name: 'castkit-dev',
  });
  const server = createServer(listener);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
    });
  } catch (error) {
    // Nothing was recorded: leave no file that a second try would refuse to write over.
    recorder?.close();
    if (options.record) rmSync(options.record, { force: true });
    throw error;
  }
  return {
    url: listeningUrl(server.address() as AddressInfo),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          recorder?.close();
          resolve();
        });
      }),
  };
}
