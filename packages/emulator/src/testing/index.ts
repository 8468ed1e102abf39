// `@castkit/emulator/testing`: an emulator per test worker, back to the seed between tests, and
// fixtures that go through the API the way the code under test does.
//
//   import { beforeAll, afterAll, beforeEach } from 'vitest';          // or node:test's before/after
//   const emu = useEmulator({ beforeAll, afterAll, beforeEach });
//   it('...', async () => { const u = await emu.fixtures.user(); ... emu.api.fetchBulkUsers(...) });
import { randomBytes } from 'node:crypto';
import { NeynarAPIClient, NeynarHubClient } from '@castkit/sdk/2.x';
import { type ControlClient, createControlClient } from '../control/client.js';
import { type Emulator, type EmulatorOptions, startEmulator } from '../emulator.js';
import { farcasterCore } from '../protocol/core.js';
import type { RateLimitPlan } from '../server/rate-limits.js';
import type { Unmatched } from '../server/replay.js';

export { SEED_USERS } from '../seed/constants.js';

export interface FixtureUser {
  fid: number;
  username: string;
  /** An approved managed signer acting for this user. */
  signerUuid: string;
}

export interface TestEmulator {
  url: string;
  apiKey: string;
  /** SDK clients for the v2 API and the hub API, without retries (a test sees the first answer). */
  api: NeynarAPIClient;
  hub: NeynarHubClient;
  /**
   * The developer controls over HTTP, typed from their declaration:
   * `control.call('GET /_emulator/webhooks/deliveries', { query: { webhook_id } })`.
   */
  control: ControlClient;
  emulator: Emulator;
  clock: Emulator['clock'];
  faults: Emulator['faults'];
  snapshots: Emulator['snapshots'];
  fixtures: Fixtures;
  /** Back to the seed, no fault rules, the starting rate-limit plan, real running time. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface Fixtures {
  /** A new registered user with an approved signer (username `user<fid>` unless given). */
  user(options?: { username?: string; displayName?: string; bio?: string }): Promise<FixtureUser>;
  /** A cast by `by` (a fixture user or a seeded one), optionally a reply to `parent`. */
  cast(
    by: { signerUuid: string },
    text: string,
    options?: { parent?: string; channelId?: string },
  ): Promise<string>;
  follow(by: { signerUuid: string }, fid: number): Promise<void>;
  like(by: { signerUuid: string }, castHash: string): Promise<void>;
}

/**
 * Starts an emulator (in memory, seeded) with SDK clients and fixtures. It opens a copy of the
 * seeding done before in this process, else of the seed template in the cache folder
 * (CASTKIT_CACHE_DIR, `off` for none; a seeding saves one), else seeds.
 */
export async function startTestEmulator(options: EmulatorOptions = {}): Promise<TestEmulator> {
  const emulator = await startEmulator({ db: ':memory:', ...options });
  // Tests write: the protocol code a first write needs loads here, under the start's long hook
  // timeout, rather than inside the first test (seconds on a busy machine, against a 5 s default).
  farcasterCore();
  const api = new NeynarAPIClient({ apiKey: emulator.apiKey, baseUrl: `${emulator.url}/v2`, retries: 0 });
  const hub = new NeynarHubClient({ apiKey: emulator.apiKey, baseUrl: emulator.url, retries: 0 });
  const plan: RateLimitPlan | null = emulator.rateLimits.plan;
  return {
    url: emulator.url,
    apiKey: emulator.apiKey,
    api,
    hub,
    control: createControlClient({ baseUrl: emulator.url, apiKey: emulator.apiKey }),
    emulator,
    clock: emulator.clock,
    faults: emulator.faults,
    snapshots: emulator.snapshots,
    fixtures: fixtures(api, emulator),
    async reset() {
      emulator.faults.clear();
      emulator.rateLimits.plan = plan;
      await emulator.clock.useRealTime();
      emulator.reset();
    },
    close: () => emulator.close(),
  };
}

/**
 * Starts an emulator (in memory, seeded) that answers API requests recorded in `cassette` (`castkit
 * dev --upstream URL --record FILE`) as recorded, and the rest as the emulator (`unmatched:
 * 'emulator'`) or with a 404 naming the request (the default). reset() also starts the cassette's
 * answers over.
 */
export function startReplayEmulator(
  cassette: string,
  options: EmulatorOptions & { unmatched?: Unmatched } = {},
): Promise<TestEmulator> {
  const { unmatched, ...rest } = options;
  return startTestEmulator({ ...rest, replay: { cassette, ...(unmatched ? { unmatched } : {}) } });
}

function fixtures(api: NeynarAPIClient, emulator: Emulator): Fixtures {
  return {
    async user(options = {}) {
      const { fid } = await api.getFreshAccountFID();
      const username = options.username ?? `user${fid}`;
      const metadata = {
        ...(options.displayName ? { displayName: options.displayName } : {}),
        ...(options.bio ? { bio: options.bio } : {}),
      };
      const { signer } = await api.registerAccount({
        fid,
        // The emulator has no chain: it checks the shape of the signature, not whose it is.
        signature: `0x${'11'.repeat(65)}`,
        requestedUserCustodyAddress: `0x${randomBytes(20).toString('hex')}`,
        deadline: Math.floor(emulator.clock.now() / 1000) + 3600,
        fname: username,
        ...(Object.keys(metadata).length ? { metadata } : {}),
      });
      return { fid, username, signerUuid: signer.signer_uuid };
    },
    async cast(by, text, options = {}) {
      const { cast } = await api.publishCast({
        signerUuid: by.signerUuid,
        text,
        ...(options.parent ? { parent: options.parent } : {}),
        ...(options.channelId ? { channelId: options.channelId } : {}),
      });
      return cast.hash;
    },
    async follow(by, fid) {
      await api.followUser({ signerUuid: by.signerUuid, targetFids: [fid] });
    },
    async like(by, castHash) {
      await api.publishReaction({ signerUuid: by.signerUuid, reactionType: 'like', target: castHash });
    },
  };
}

type Hook = (fn: () => unknown, timeout?: number) => unknown;

/**
 * How long the first test file of a worker may take to start the emulator (seeding): vitest's and
 * jest's 5–10 s hook default is too short on a busy machine. node:test hooks have no default limit.
 */
export const START_TIMEOUT_MS = 120_000;

/** The hooks of a test runner: vitest/jest (`beforeAll`, `afterAll`) or node:test (`before`, `after`). */
export interface RunnerHooks {
  beforeAll?: Hook;
  afterAll?: Hook;
  before?: Hook;
  after?: Hook;
  beforeEach: Hook;
}

let shared: Promise<TestEmulator> | undefined;
let users = 0;

/**
 * One emulator per worker (vitest runs each file in a worker; the first file of a worker starts
 * it, the last one to finish closes it), reset to the seed before each test. Read the returned
 * object's fields inside tests and hooks: they are filled in once it has started.
 */
export function useEmulator(hooks: RunnerHooks, options: EmulatorOptions = {}): TestEmulator {
  const view = {} as TestEmulator;
  const before = hooks.beforeAll ?? hooks.before;
  const after = hooks.afterAll ?? hooks.after;
  if (!before || !after) throw new TypeError('useEmulator needs beforeAll/afterAll (or before/after) hooks');
  const start = async () => {
    users++;
    shared ??= startTestEmulator(options);
    Object.assign(view, await shared);
  };
  if (hooks.beforeAll) hooks.beforeAll(start, START_TIMEOUT_MS);
  else before(start);
  hooks.beforeEach(() => view.reset());
  after(async () => {
    if (--users > 0 || !shared) return;
    const running = shared;
    shared = undefined;
    await (await running).close();
  });
  return view;
}
