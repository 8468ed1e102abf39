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
  return {
    url,
    apiKey,
    store,
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
    close: () => kit.close(),
  };
}
