// The emulator's HTTP server: both APIs through the operation router, developer controls and
// assets under /_emulator through the server's own small router.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OperationRouter } from '../api/dispatch.js';
import { asEmulatorError, errorReply } from '../api/errors.js';
import { apiKeyCheck, createApiListener, send } from '../api/listener.js';
import { hubHandlers } from '../hub/index.js';
import { BadRequestError, MethodNotAllowedError, NotFoundError } from '../protocol/errors.js';
import { DEFAULT_API_KEY, DEFAULT_SEED, type SeedSize } from '../seed/constants.js';
import { seedStore } from '../seed/seed.js';
import type { Db } from '../store/db.js';
import { Store } from '../store/store.js';
import { v2Handlers } from '../v2/index.js';
import { type AdminState, adminRoutes } from './admin.js';
import { assetRoutes } from './assets.js';
import { browserRoutes } from './browser.js';
import { type Route, Router } from './router.js';

const MAX_BODY_BYTES = 1024 * 1024;

export interface EmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Database file, or ':memory:' (default). An existing seeded file is reused as it is. */
  db?: string;
  seedSize?: SeedSize;
  seed?: number;
  /** Accepted API keys; default `castkit-dev-key`. */
  apiKey?: string | string[];
  /** Seed progress bar on stderr (useful for the large seed). */
  progress?: boolean;
  /** Extra routes in this server's own router (beside /_emulator). */
  routes?: Route[];
  /** The store's clock in unix ms (default Date.now); tests fix it so seeded data is the same every run. */
  now?: () => number;
  /**
   * Serves what the emulator itself does not (in `castkit dev`, the console and `/_castkit/env`), on
   * the same origin; returns true when it answered. Never sees `/v1`, `/v2` or `/_emulator`.
   */
  serve?: (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;
}

export interface Emulator {
  url: string;
  /** The first accepted key, to print and to pass to clients. */
  apiKey: string;
  apiKeys: string[];
  store: Store;
  db: Db;
  router: Router;
  close(): Promise<void>;
}

/** A v2-style error reply for the server's own routes (the API edge shapes its own errors). */
function fail(res: ServerResponse, error: unknown, headers?: Record<string, string>): void {
  const e = asEmulatorError(error);
  if (e.status >= 500) console.error('[castkit-emulator] unexpected error:', error);
  const r = errorReply('v2', e);
  send(res, r.status, r.body, headers);
}

/**
 * The origin the client reached us at (from Host), so handlers build links that work for it; the
 * listening origin when Host is missing or not a plain host[:port].
 */
function requestOrigin(req: IncomingMessage, fallback: string): string {
  const host = req.headers.host;
  return host && /^(?:[\w.-]+|\[[0-9a-fA-F:.]+\])(?::\d{1,5})?$/.test(host) ? `http://${host}` : fallback;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const apiKeys = [options.apiKey ?? DEFAULT_API_KEY].flat().filter((k) => k.length > 0);
  if (apiKeys.length === 0) throw new Error('at least one non-empty API key is required');
  const store = new Store({ path: options.db ?? ':memory:', now: options.now });
  const state: AdminState = {
    ready: false,
    seed: options.seed ?? DEFAULT_SEED,
    seedSize: options.seedSize ?? 'small',
    origin: '',
  };

  const router = new Router();
  router.addAll(adminRoutes(state));
  router.addAll(assetRoutes);
  router.addAll(browserRoutes);
  if (options.routes) router.addAll(options.routes);
  const api = createApiListener(new OperationRouter(store, v2Handlers, hubHandlers), {
    apiKeys,
    maxBodyBytes: MAX_BODY_BYTES,
  });

  let origin = '';
  const unauthorized = apiKeyCheck(apiKeys);
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      // handle() never throws by design; this is the last line of defence against a crash.
      console.error('[castkit-emulator] response failed:', e);
      if (!res.headersSent) send(res, 500, { message: 'internal error in the emulator' });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let url: URL;
    try {
      const path = new URL(req.url ?? '/', 'http://emulator');
      url = new URL(path.pathname + path.search, requestOrigin(req, origin));
    } catch {
      return fail(res, new BadRequestError('malformed request URL'));
    }
    // /v1 and /v2: the operation router, which checks the key and shapes errors per API.
    if (await api(req, res, url)) return;
    if (options.serve && !url.pathname.startsWith('/_emulator/') && (await options.serve(req, res, url)))
      return;

    const found = router.match(req.method ?? 'GET', url.pathname);
    const isPublic = found && 'route' in found && found.route.public;
    const denied = isPublic ? undefined : unauthorized(req);
    if (denied) return fail(res, denied);
    if (!found) {
      return fail(res, new NotFoundError(`no route for ${req.method} ${url.pathname}`));
    }
    if ('allowed' in found) {
      const allowed = found.allowed.join(', ');
      return fail(
        res,
        new MethodNotAllowedError(`${req.method} is not allowed here; use ${allowed}`, found.allowed),
        { allow: allowed },
      );
    }
    req.resume();
    try {
      const result = await found.route.handler({ req, res, store, url, params: found.params, origin });
      if (result) send(res, result.status ?? 200, result.json);
    } catch (e) {
      if (!res.headersSent) fail(res, e);
      else res.destroy();
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${host}:${address.port}`;
  state.origin = origin;
  // Seeded after listening so asset URLs carry the real port. Seeding is synchronous: no request is
  // served half-way through it.
  try {
    const seeded = store.getMeta('seed');
    if (seeded === undefined) {
      seedStore(store, {
        seed: state.seed,
        size: state.seedSize,
        progress: options.progress ?? false,
        assetOrigin: origin,
      });
    } else {
      // Reuse what the file holds; a later reset restores that file's own seed.
      state.seed = Number(seeded);
      state.seedSize = (store.getMeta('seed_size') as SeedSize | undefined) ?? state.seedSize;
    }
  } catch (e) {
    server.close();
    store.close();
    throw e;
  }
  state.ready = true;

  return {
    url: origin,
    apiKey: apiKeys[0]!,
    apiKeys,
    store,
    db: store.db,
    router,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      store.close();
    },
  };
}
