// /_emulator/reset and /_emulator/snapshots: back to the seed, and named marks to return to
// (domain/snapshots.ts), both in time proportional to what was written since.

import type { Snapshots } from '../domain/snapshots.js';
import type { Route } from '../edge/router.js';
import { NotFoundError, ValidationError } from '../ground/errors.js';

export function snapshotRoutes(snapshots: Snapshots): Route[] {
  return [
    {
      method: 'POST',
      path: '/_emulator/reset',
      handler: () => ({ json: { status: 'reset', ...snapshots.reset() } }),
    },
    {
      method: 'GET',
      path: '/_emulator/snapshots',
      handler: () => ({ json: { snapshots: snapshots.list() } }),
    },
    {
      method: 'POST',
      path: '/_emulator/snapshots',
      body: 'json',
      handler: (ctx) => {
        const { name } = ctx.body as { name?: unknown };
        if (name === undefined)
          throw new ValidationError('name is required: what to call the snapshot', 'name');
        return { status: 201, json: { snapshot: snapshots.snapshot(name as string) } };
      },
    },
    {
      method: 'POST',
      path: '/_emulator/snapshots/:name/restore',
      handler: (ctx) => ({ json: { status: 'restored', ...snapshots.restore(ctx.params.name!) } }),
    },
    {
      method: 'DELETE',
      path: '/_emulator/snapshots/:name',
      handler: (ctx) => {
        const name = ctx.params.name!;
        if (!snapshots.delete(name)) throw new NotFoundError(`no snapshot named ${name}`, 'name');
        return { json: { status: 'deleted', name } };
      },
    },
  ];
}
