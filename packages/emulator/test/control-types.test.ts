// The declaration of the developer controls at compile time: a client request or a handler that
// misspells a field, gives it the wrong type or answers the wrong shape does not type-check. Each
// `@ts-expect-error` below must meet an error, or `tsc` (npm run typecheck) reports it unused; the
// functions are never called, only compiled.
import { describe, expectTypeOf, it } from 'vitest';
import type {
  ClockView,
  ControlAnswer,
  ControlClient,
  ControlRequest,
  HostAction,
  HostResult,
} from '../src/control/index.js';
import { hostActionRoute } from '../src/control/index.js';
import type { ControlHandlers } from '../src/server/control-routes.js';

async function clientRequests(control: ControlClient) {
  await control.call('POST /_emulator/clock/advance', { body: { by: '1h' } });
  await control.call('POST /_emulator/clock/advance', { body: { by: 3_600_000 } });
  // @ts-expect-error a misspelt body field
  await control.call('POST /_emulator/clock/advance', { body: { bye: '1h' } });
  // @ts-expect-error a body the route requires, left out
  await control.call('POST /_emulator/clock/advance');
  // @ts-expect-error a field of the wrong type
  await control.call('POST /_emulator/clock/advance', { body: { by: true } });
  // @ts-expect-error a body for a route that takes none
  await control.call('GET /_emulator/clock', { body: {} });
  // @ts-expect-error a route that is not declared
  await control.call('GET /_emulator/clocks');
  // @ts-expect-error a path parameter misspelt
  await control.call('DELETE /_emulator/faults/:id', { params: { ids: 'f1' } });
  // @ts-expect-error an effect outside the vocabulary
  await control.call('POST /_emulator/faults', { body: { operation: 'publishCast', effect: 'explode' } });
  // @ts-expect-error a query parameter misspelt
  await control.call('GET /_emulator/webhooks/deliveries', { query: { webhookId: 'w' } });
  // @ts-expect-error the console's old word for a host action
  hostActionRoute('enable');
  const clock = await control.call('GET /_emulator/clock');
  // @ts-expect-error an answer field that is not declared
  clock.time;
  // @ts-expect-error a control whose body is a file, which exportSnapshot and importSnapshot send
  await control.call('GET /_emulator/export');
  // @ts-expect-error a file given as a path: the client sends bytes, a Blob or a stream
  await control.importSnapshot('team.castkit.db');
  const { dropped } = await control.importSnapshot(new Uint8Array(0), { name: 'shared' });
  // @ts-expect-error an import's answer field that is not declared
  dropped.size;
}

const handlers: Partial<ControlHandlers> = {
  'POST /_emulator/clock/set': ({ body }) => ({ now: body.to, frozen: true, offset: 0, iso: '' }),
  // @ts-expect-error a handler reading a body field its route does not declare
  'POST /_emulator/clock/advance': ({ body }) => ({ now: body.to, frozen: true, offset: 0, iso: '' }),
  // @ts-expect-error a handler answering a field of the wrong type
  'GET /_emulator/clock': () => ({ now: 'noon', frozen: true, offset: 0, iso: '' }),
  // @ts-expect-error a handler answering without a declared field
  'GET /_emulator/stats': () => ({}),
  // @ts-expect-error a file control answering JSON instead of sending its file
  'GET /_emulator/export': () => ({ status: 'exported' }),
};

const undeclared: Partial<ControlHandlers> = {
  // @ts-expect-error a handler for a route that is not declared
  'GET /_emulator/clocks': () => ({}),
};

describe('the declared types of the controls', () => {
  it('are what the client takes and answers, and what the handlers receive', () => {
    expectTypeOf<ControlAnswer<'GET /_emulator/clock'>>().toEqualTypeOf<ClockView>();
    expectTypeOf<ControlAnswer<'POST /_emulator/miniapps/:id/users/:fid/add'>>().toEqualTypeOf<HostResult>();
    expectTypeOf<ControlRequest<'POST /_emulator/clock/set'>['body']>().toEqualTypeOf<{
      to: number | string;
    }>();
    expectTypeOf(hostActionRoute<HostAction>).returns.toEqualTypeOf<
      | 'POST /_emulator/miniapps/:id/users/:fid/add'
      | 'POST /_emulator/miniapps/:id/users/:fid/remove'
      | 'POST /_emulator/miniapps/:id/users/:fid/notifications/enable'
      | 'POST /_emulator/miniapps/:id/users/:fid/notifications/disable'
    >();
    expectTypeOf(clientRequests).toBeFunction();
    expectTypeOf(handlers).toBeObject();
    expectTypeOf(undeclared).toBeObject();
  });
});
