// /_emulator/clock: read, freeze, resume, set and advance the virtual clock (store/clock.ts). A move
// answers after what it made due (webhook retries, expiries) has run, so the next request sees it.

import type { Route } from '../edge/router.js';
import { ValidationError } from '../ground/errors.js';
import { ClockError, type ClockState, isoTime, MAX_TIME_MS } from '../store/clock.js';
import type { Store } from '../store/store.js';

const UNITS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/**
 * A duration in ms from a number of ms or text such as `90s`, `5m`, `1h30m`, `2d`; at most
 * MAX_TIME_MS, as no longer one can move any time the emulator holds and leave it renderable.
 */
export function parseDuration(value: unknown, property = 'by'): number {
  let ms: number | undefined;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) ms = value;
  else if (typeof value === 'string') {
    const parts = [...value.trim().matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d)/g)];
    if (parts.length && parts.map((p) => p[0]).join('') === value.trim()) {
      ms = parts.reduce((sum, p) => sum + Number(p[1]) * UNITS[p[2]!]!, 0);
    }
  }
  if (ms === undefined)
    throw new ValidationError(
      `${property} must be a duration: milliseconds (a number of 0 or more) or text like "90s", "5m", "1h30m", "2d"`,
      property,
    );
  if (ms > MAX_TIME_MS)
    throw new ValidationError(
      `${property} is longer than the clock's whole range (${MAX_TIME_MS} ms)`,
      property,
    );
  return ms;
}

/** A time in unix ms from a number of ms or an ISO 8601 date, from 1970 to MAX_TIME_MS (year 2157). */
export function parseTime(value: unknown, property = 'to'): number {
  let ms: number | undefined;
  if (typeof value === 'number' && Number.isFinite(value)) ms = value;
  else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) {
    const parsed = Date.parse(value);
    if (Number.isFinite(parsed)) ms = parsed;
  }
  if (ms === undefined || ms < 0 || ms > MAX_TIME_MS)
    throw new ValidationError(
      `${property} must be a time from 1970 to ${isoTime(MAX_TIME_MS)}: unix milliseconds or an ISO 8601 date like "2026-01-31T12:00:00Z"`,
      property,
    );
  return ms;
}

function view(state: ClockState) {
  return { ...state, iso: isoTime(state.now) };
}

/** Applies a move; a clock refusing it (out of range) moved nothing and is a 400 naming `property`. */
async function moved(move: () => Promise<ClockState>, property = 'to') {
  try {
    return { json: view(await move()) };
  } catch (e) {
    if (e instanceof ClockError) throw new ValidationError(e.message, property);
    throw e;
  }
}

export function clockRoutes(store: Store): Route[] {
  const clock = store.clock;
  const body = (ctx: { body: unknown }) => ctx.body as Record<string, unknown>;
  return [
    { method: 'GET', path: '/_emulator/clock', handler: () => ({ json: view(clock.state()) }) },
    {
      method: 'POST',
      path: '/_emulator/clock/freeze',
      body: 'json',
      handler: (ctx) => {
        const to = body(ctx).to;
        return moved(() => clock.freeze(to === undefined ? undefined : parseTime(to)));
      },
    },
    { method: 'POST', path: '/_emulator/clock/resume', handler: () => moved(() => clock.resume()) },
    {
      method: 'POST',
      path: '/_emulator/clock/set',
      body: 'json',
      handler: (ctx) => {
        const to = body(ctx).to;
        if (to === undefined) throw new ValidationError('to is required: the time to jump to', 'to');
        return moved(() => clock.set(parseTime(to)));
      },
    },
    {
      method: 'POST',
      path: '/_emulator/clock/advance',
      body: 'json',
      handler: (ctx) => {
        const by = body(ctx).by;
        if (by === undefined) throw new ValidationError('by is required: how far to move forward', 'by');
        return moved(() => clock.advance(parseDuration(by)), 'by');
      },
    },
    { method: 'POST', path: '/_emulator/clock/real', handler: () => moved(() => clock.useRealTime()) },
  ];
}
