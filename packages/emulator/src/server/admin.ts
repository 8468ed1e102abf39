import type { Route } from '../edge/router.js';
import type { SeedSize } from '../seed/constants.js';
import type { Store } from '../store/store.js';
import { rowCounts } from '../store/tables.js';

export interface AdminState {
  ready: boolean;
  seed: number;
  seedSize: SeedSize;
  /** This server's origin, for seeded asset URLs. */
  origin: string;
}

export function adminRoutes(state: AdminState, store: Store): Route[] {
  return [
    {
      method: 'GET',
      path: '/_emulator/health',
      door: 'public',
      handler: () => ({
        status: state.ready ? 200 : 503,
        json: {
          status: state.ready ? 'ok' : 'starting',
          seed: state.seed,
          seedSize: state.seedSize,
          now: store.now(),
        },
      }),
    },
    {
      method: 'GET',
      path: '/_emulator/stats',
      handler: () => ({ json: { tables: rowCounts(store) } }),
    },
  ];
}
