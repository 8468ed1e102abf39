import type { ControlAnswer } from '../control/routes.js';
import { importSlice } from '../domain/imports.js';
import type { SeedSize } from '../seed/constants.js';
import type { Store } from '../store/store.js';
import { rowCounts } from '../store/tables.js';
import { type ControlHandlers, Reply } from './control-routes.js';

export interface AdminState {
  ready: boolean;
  seed: number;
  seedSize: SeedSize;
  /** This server's origin, for seeded asset URLs. */
  origin: string;
}

export function adminHandlers(state: AdminState, store: Store) {
  return {
    'GET /_emulator/health': () => {
      const health: ControlAnswer<'GET /_emulator/health'> = {
        status: state.ready ? 'ok' : 'starting',
        seed: state.seed,
        seedSize: state.seedSize,
        now: store.now(),
      };
      return state.ready ? health : new Reply(503, health);
    },
    'GET /_emulator/stats': () => ({ tables: rowCounts(store) }),
    'POST /_emulator/imports': ({ body }) => importSlice(store, body),
  } satisfies Partial<ControlHandlers>;
}
