// Starts the emulator exactly as users run it (both APIs, admin routes) over a freshly seeded
// in-memory store on loopback, with a clock the test controls: the test kit's emulator. Tests read
// state through its API; the direct reads of its database below are for what no API shows.
import { startTestEmulator } from '../../src/testing/index.js';

/** A fixed clock so seeded data and relative times are the same on every run. */
export const TEST_NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

export async function startApi() {
  const kit = await startTestEmulator({ now: () => TEST_NOW });
  const { url, apiKey, emulator, api, hub, fixtures } = kit;
  const { store } = emulator;
  // A started template keeps the origin of the emulator that seeded it in stored URLs; answers show
  // the serving origin instead (hydrate's asset URLs), as when a database file is reopened on a new port.
  const seeded = store.getMeta('asset_origin') ?? url;
  return {
    url,
    apiKey,
    store,
    /** The testing kit's reset: the clock back to its start, every row back to the seed. */
    reset: () => kit.reset(),
    /** Moves the emulator clock forward. */
    tick(ms: number) {
      void emulator.clock.advance(ms);
    },
    api,
    hub,
    /** Users, casts, follows and likes made through the API. */
    fixtures,
    /**
     * Reads the database directly, only for state no API shows (say why beside the call): each
     * row's columns joined with ':' (a one-column query gives that column), or one value.
     */
    column: (sql: string, ...args: unknown[]) =>
      store.db
        .prepare(sql)
        .raw()
        .all(...args)
        .map((r) => (r as unknown[]).join(':')),
    value: <T>(sql: string, ...args: unknown[]) =>
      store.db
        .prepare(sql)
        .pluck()
        .get(...args) as T,
    /** A URL as the database stores it (the seeding origin) shown as answers show it. */
    served: (stored: string) => (stored.startsWith(seeded) ? url + stored.slice(seeded.length) : stored),
    /** A URL as an answer shows it, as the database stores it. */
    stored: (served: string) => (served.startsWith(url) ? seeded + served.slice(url.length) : served),
    close: () => kit.close(),
  };
}
