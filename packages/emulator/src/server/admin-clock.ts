// /_emulator/clock: read, freeze, resume, set and advance the virtual clock (store/clock.ts). A move
// answers after what it made due (webhook retries, expiries) has run, so the next request sees it.
import type { ClockView } from '../control/answers.js';
import { duration, time } from '../control/requests.js';
import { ValidationError } from '../ground/errors.js';
import { ClockError, type ClockState, isoTime } from '../store/clock.js';
import type { Store } from '../store/store.js';
import { type ControlHandlers, parsed } from './control-routes.js';

/**
 * A duration in ms from a number of ms or text such as `90s`, `5m`, `1h30m`, `2d`; at most
 * MAX_TIME_MS, as no longer one can move any time the emulator holds and leave it renderable.
 */
export const parseDuration = (value: unknown, property = 'by'): number => parsed(duration, value, property);

/** A time in unix ms from a number of ms or an ISO 8601 date, from 1970 to MAX_TIME_MS (year 2157). */
export const parseTime = (value: unknown, property = 'to'): number => parsed(time, value, property);

const view = (state: ClockState): ClockView => ({ ...state, iso: isoTime(state.now) });

/** Applies a move; a clock refusing it (out of range) moved nothing and is a 400 naming `property`. */
async function moved(move: () => Promise<ClockState>, property = 'to'): Promise<ClockView> {
  try {
    return view(await move());
  } catch (e) {
    if (e instanceof ClockError) throw new ValidationError(e.message, property);
    throw e;
  }
}

export function clockHandlers(store: Store) {
  const clock = store.clock;
  return {
    'GET /_emulator/clock': () => view(clock.state()),
    'POST /_emulator/clock/freeze': ({ body }) => moved(() => clock.freeze(body.to)),
    'POST /_emulator/clock/resume': () => moved(() => clock.resume()),
    'POST /_emulator/clock/set': ({ body }) => moved(() => clock.set(body.to)),
    'POST /_emulator/clock/advance': ({ body }) => moved(() => clock.advance(body.by), 'by'),
    'POST /_emulator/clock/real': () => moved(() => clock.useRealTime()),
  } satisfies Partial<ControlHandlers>;
}
