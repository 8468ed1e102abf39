// The emulator's HTTP server: both APIs, the developer controls and assets under /_emulator, and
// what a host command adds (castkit dev's console), all as routes of one edge (edge.ts).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operationHeaders, operationRoutes } from '../api/dispatch.js';
import { hubHandlers } from '../hub/index.js';
import { allowLoopbackPages } from '../miniapps/fetch-page.js';
import { DEFAULT_API_KEY, DEFAULT_SEED, type SeedSize } from '../seed/constants.js';
import { seedStore } from '../seed/seed.js';
import type { Clock } from '../store/clock.js';
import type { Db } from '../store/db.js';
import { Store } from '../store/store.js';
import { v2Handlers } from '../v2/index.js';
import { type AdminState, adminRoutes } from './admin.js';
import { clockRoutes } from './admin-clock.js';
import { miniappRoutes } from './admin-miniapps.js';
import { assetRoutes } from './assets.js';
import { browserRoutes } from './browser.js';
import { createEdge, type Logger } from './edge.js';
import { configuredHosts, listeningUrl } from './hosts.js';
import type { Fallback, Route } from './router.js';

export interface EmulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Listen address (default 127.0.0.1). A specific name or IP is also served as a Host. */
  host?: string;
  /** Host names served beside loopback names and `host` (e.g. a LAN name); others get 421. */
  allowHosts?: string[];
  /** Exact origins (`https://app.example`) that may call through CORS, beside local origins. */
  cors?: string[];
  /** Database file, or ':memory:' (default). An existing seeded file is reused as it is. */
  db?: string;
  seedSize?: SeedSize;
  seed?: number;
  /** Accepted API keys; default `castkit-dev-key`. */
  apiKey?: string | string[];
  /** Seed progress bar on stderr (useful for the large seed). */
  progress?: boolean;
  /** Routes beside the APIs and /_emulator (in castkit dev, `/_castkit/env`). */
  routes?: Route[];
  /** Answers what no route matches (in castkit dev, the console's files and pages). */
  fallback?: Fallback;
  /** Largest request body accepted, in bytes (default 1 MiB); larger ones get 413. */
  maxBodyBytes?: number;
  /** Where 5xx answers are logged with their stack (default console). */
  logger?: Logger;
  /** The store's clock in unix ms (default Date.now); tests fix it so seeded data is the same every run. */
  now?: () => number;
}

export interface Emulator {
  url: string;
  /** The first accepted key, to print and to pass to clients. */
  apiKey: string;
  apiKeys: string[];
  store: Store;
  db: Db;
  /** The virtual clock (freeze, set, advance); also at /_emulator/clock. */
  clock: Clock;
  close(): Promise<void>;
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

  const listener = createEdge({
    routes: [
      ...operationRoutes(store, v2Handlers, hubHandlers),
      ...adminRoutes(state, store),
      ...clockRoutes(store),
      ...miniappRoutes(store),
      ...assetRoutes,
      ...browserRoutes(store),
      ...(options.routes ?? []),
    ],
    fallback: options.fallback,
    apiKeys,
    hosts: configuredHosts(options.host, options.allowHosts),
    cors: options.cors ?? [],
    corsHeaders: operationHeaders(),
    maxBodyBytes: options.maxBodyBytes,
    logger: options.logger,
    name: 'castkit-emulator',
  });
  allowLoopbackPages(store, options.host ?? '127.0.0.1');
  const server: Server = createServer(listener);
  server.keepAliveTimeout = 5_000;

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
    });
  } catch (e) {
    // A port in use must not leave the database file claimed by this process.
    store.close();
    throw e;
  }
  // Listening on every interface, the server is still reached (and seeds asset URLs) over loopback.
  const origin = listeningUrl(server.address() as AddressInfo);
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
    clock: store.clock,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      store.close();
    },
  };
}
