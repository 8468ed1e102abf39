// /_emulator/reset and /_emulator/snapshots: back to the seed, and named marks to return to
// (store/snapshots.ts), both in time proportional to what was written since.

import type { Snapshots } from '../domain/snapshots.js';
import { NotFoundError } from '../ground/errors.js';
import type { ControlHandlers } from './control-routes.js';

export function snapshotHandlers(snapshots: Snapshots) {
  return {
    'POST /_emulator/reset': () => ({ status: 'reset', ...snapshots.reset() }),
    'GET /_emulator/snapshots': () => ({ snapshots: snapshots.list() }),
    'POST /_emulator/snapshots': ({ body }) => ({ snapshot: snapshots.snapshot(body.name) }),
    'POST /_emulator/snapshots/:name/restore': ({ params }) => ({
      status: 'restored',
      ...snapshots.restore(params.name),
    }),
    'DELETE /_emulator/snapshots/:name': ({ params: { name } }) => {
      if (!snapshots.delete(name)) throw new NotFoundError(`no snapshot named ${name}`, 'name');
      return { status: 'deleted', name };
    },
  } satisfies Partial<ControlHandlers>;
}
