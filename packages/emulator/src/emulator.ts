// The emulator's HTTP server: both APIs, the developer controls and assets under /_emulator, and
// what a host command adds (castkit dev's console), all as routes of one edge (edge.ts).
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { operationHeaders, operationRoutes } from './api/dispatch.js';
import { type Snapshots, snapshotsOf } from './domain/snapshots.js';
import { DEFAULT_WALLET_ID } from './domain/wallets.js';
import { createEdge, type Logger, upgradeGuard } from './edge/edge.js';
import { configuredHosts, listeningUrl } from './edge/hosts.js';
import type { Fallback, Route } from './edge/router.js';
import { hubHandlers } from './hub/index.js';
import { allowLoopbackTargets } from './outbound/targets.js';
import { attachRealtime, type RealtimeOptions } from './realtime/server.js';
import { DEFAULT_API_KEY, DEFAULT_SEED, type SeedSize, seedSizeOf } from './seed/constants.js';
import { seedStore } from './seed/seed.js';
import {
  copyTemplate,
  defaultSeedCache,
  imageKey,
  keepImage,
  keptImage,
  readTemplate,
  saveTemplate,
} from './seed/template.js';
import type { AdminState } from './server/admin.js';
import { type FaultRuleInput, Faults, faultLink } from './server/faults.js';
import { checkPlan, type RateLimitPlan, RateLimits, rateLimitLink } from './server/rate-limits.js';
import { type Replay, type ReplayOptions, replayOf } from './server/replay.js';
import { emulatorRoutes } from './server/routes.js';
import type { Clock } from './store/clock.js';
import type { Db } from './store/db.js';
import { Store } from './store/store.js';
import { v2Handlers } from './v2/index.js';
import { type DispatcherOptions, startWebhooks } from './webhooks/dispatcher.js';

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
  /** Page that approves a signer, `<path>/<uuid>` (castkit dev: the console's); see signerApprovalHandlers. */
  signerApprovalPage?: string;
  /** Answers what no route matches (in castkit dev, the console's files and pages). */
  fallback?: Fallback;
  /** Largest request body accepted, in bytes (default 1 MiB); larger ones get 413. */
  maxBodyBytes?: number;
  /** Where 5xx answers are logged with their stack (default console). */
  logger?: Logger;
  /** The real time under the virtual clock, unix ms (default Date.now); tests fix it so seeded data is the same every run. */
  now?: () => number;
  /** The event stream at /realtime: send buffer cap, stall time, batch and subscription limits. */
  realtime?: RealtimeOptions;
  /** Webhook delivery timing (attempt timeout, attempts, retry base delay, concurrency). */
  webhooks?: Omit<DispatcherOptions, 'origin'>;
  /** A database file exported before (`exportOnExit`, `snapshots.exportTo`) to start from instead of the seed; reset returns to it. */
  import?: string;
  /** Where close() writes the whole database (a new file). */
  exportOnExit?: string;
  /**
   * A folder of seed templates (seed/template.ts): a database file that does not exist yet, or the
   * first in-memory one of a process, starts as a copy of a recent one instead of being seeded, and
   * a seeding saves one. Default for the small seed: `defaultSeedCache()` (`CASTKIT_CACHE_DIR`, else
   * the user's cache folder); `false` for none. The large seed has none unless given one.
   */
  seedCache?: string | false;
  /** The real service's rate limits of a plan (default: none). */
  rateLimit?: RateLimitPlan;
  /** Fault rules in force from the start (server/faults.ts). */
  faults?: FaultRuleInput[];
  /**
   * Answer API requests from a cassette (`castkit dev --record`) before the emulator does; a reset
   * or restore starts its answers over (server/replay.ts).
   */
  replay?: ReplayOptions;
}

export interface Emulator {
  url: string;
  /** The first accepted key, to print and to pass to clients. */
  apiKey: string;
  apiKeys: string[];
  /** The seeded server wallet's id, for `x-wallet-id` (more: POST /_emulator/wallets). */
  walletId: string;
  store: Store;
  db: Db;
  /** The virtual clock (freeze, set, advance); also at /_emulator/clock. */
  clock: Clock;
  /** Named snapshots, restore, reset, export and import; also at /_emulator/snapshots. */
  snapshots: Snapshots;
  /** Back to the seed (or the imported file), in time proportional to what was written since. */
  reset(): void;
  /** Fault rules applied to API calls; also at /_emulator/faults. */
  faults: Faults;
  /** The plan whose rate limits apply (`plan = null`: none); also at /_emulator/rate-limits. */
  rateLimits: RateLimits;
  close(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const apiKeys = [options.apiKey ?? DEFAULT_API_KEY].flat().filter((k) => k.length > 0);
  if (apiKeys.length === 0) throw new Error('at least one non-empty API key is required');
  const plan = checkPlan(options.rateLimit ?? null, 'rateLimit');
  const seed = options.seed ?? DEFAULT_SEED;
  const seedSize = options.seedSize ?? 'small';
  const path = options.db ?? ':memory:';
  const inMemory = path === ':memory:';
  const cache =
    options.seedCache === undefined
      ? seedSize === 'small'
        ? defaultSeedCache()
        : undefined
      : options.seedCache;
  const templates = cache && !options.import && (inMemory || !existsSync(path)) ? cache : undefined;
  // An emulator on a clock of its own (options.now) uses only a template seeded at the same instant:
  // the seed's times are anchored to the clock.
  const template = { seed, size: seedSize, fixedNow: options.now?.() };
  // An in-memory database starts as a copy of the same seeding done before in this process, or of
  // a template file; a file database as a copy of a template file.
  const key = inMemory && !options.import ? imageKey(seed, seedSize, template.fixedNow) : undefined;
  const image =
    key === undefined
      ? undefined
      : (keptImage(key, Date.now()) ??
        (templates === undefined ? undefined : readTemplate(templates, template, Date.now())));
  const copied =
    image !== undefined ||
    (templates !== undefined && !inMemory && copyTemplate(templates, template, path, Date.now()));
  const store = new Store({ path, now: options.now, image });
  const snapshots = snapshotsOf(store);
  const apiRoutes = operationRoutes(store, v2Handlers, hubHandlers);
  const faults = new Faults(new Set(apiRoutes.map((r) => r.operation!)));
  const rateLimits = new RateLimits(store, plan);
  try {
    for (const rule of options.faults ?? []) faults.add(rule);
  } catch (e) {
    store.close();
    throw e;
  }
  const state: AdminState = {
    ready: false,
    seed,
    seedSize,
    origin: '',
  };

  const hosts = configuredHosts(options.host, options.allowHosts);
  const routes = emulatorRoutes({
    api: apiRoutes,
    state,
    store,
    snapshots,
    faults,
    rateLimits,
    signerApprovalPage: options.signerApprovalPage,
    extra: options.routes,
  });
  let replay: Replay | undefined;
  try {
    replay = options.replay && replayOf(options.replay, routes);
  } catch (e) {
    store.close();
    throw e;
  }
  const tape = replay?.tape;
  if (tape) snapshots.onRestore(() => tape.rewind());
  const listener = createEdge({
    routes: [...routes, ...(replay?.routes ?? [])],
    fallback: options.fallback,
    links: [rateLimitLink(rateLimits), faultLink(faults, snapshots), ...(replay ? [replay.link] : [])],
    apiKeys,
    hosts,
    cors: options.cors ?? [],
    corsHeaders: operationHeaders(),
    maxBodyBytes: options.maxBodyBytes,
    logger: options.logger,
    name: 'castkit-emulator',
  });
  allowLoopbackTargets(store, options.host ?? '127.0.0.1');
  const server: Server = createServer(listener);
  // Node's 5 s default closes an idle kept-alive socket as a client reuses it whenever the event loop
  // was held that long, which an in-process emulator's test does (a synchronous digest, a seed):
  // the request then dies with ECONNRESET. A minute outlasts such pauses; close() ends idle sockets.
  server.keepAliveTimeout = 60_000;
  const realtime = attachRealtime(
    server,
    {
      store,
      origin: () => state.origin,
      apiKeys,
      guard: upgradeGuard({ hosts, cors: options.cors ?? [] }),
      logger: options.logger ?? console,
    },
    options.realtime,
  );

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
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('the emulator listens on TCP, not a pipe');
  const origin = listeningUrl(address);
  state.origin = origin;
  // Seeded after listening so asset URLs carry the real port. Seeding is synchronous: no request is
  // served half-way through it.
  try {
    if (options.import) snapshots.importFrom(options.import);
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
      state.seedSize = seedSizeOf(store.getMeta('seed_size')) ?? state.seedSize;
    }
    snapshots.start();
    // After start(): a copy then finds the seed mark and the undo log's tables already made.
    if (templates && !copied)
      saveTemplate(templates, { ...template, seed: state.seed, size: state.seedSize }, (file) =>
        snapshots.exportTo(file),
      );
    // Not the large seed's: a copy of its 2+ GB would double the process's memory.
    if (key !== undefined && state.seedSize !== 'large' && keptImage(key, Date.now()) === undefined)
      keepImage(key, store.serialize(), Date.now());
  } catch (e) {
    server.close();
    store.close();
    throw e;
  }
  state.ready = true;
  const webhooks = startWebhooks(store, { ...options.webhooks, origin });

  return {
    url: origin,
    apiKey: apiKeys[0]!,
    apiKeys,
    walletId: DEFAULT_WALLET_ID,
    store,
    db: store.db,
    clock: store.clock,
    snapshots,
    faults,
    rateLimits,
    reset: () => {
      snapshots.reset();
    },
    async close() {
      realtime.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await webhooks.stop();
      try {
        if (options.exportOnExit) snapshots.exportTo(options.exportOnExit);
      } finally {
        store.close();
      }
    },
  };
}
