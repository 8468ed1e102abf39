// Where the two spec generations declare one field in shapes no single value satisfies, handlers
// answer 2.44's shape and the caller's generation decides what leaves: a request judged by 3.x's spec
// (its path form, Call.via) gets 3.x's shape, rewritten here at the one place answers leave
// (api/dispatch.ts). 2.44 callers see what they always saw. The emulator README ("Both API
// generations") states the rule; today it is one field:
// - Channel.created_at: unix seconds in 2.44, an ISO 8601 date-time in 3.x.
import { isoTime } from '../store/clock.js';
import type { Generation } from './operations.js';

/**
 * An answer as a caller of `generation` expects it: unchanged for 2.44; for 3.x, every channel's
 * `created_at` as a date-time. Objects are copied only where something changes, so the hydrators'
 * cached objects underneath are never touched.
 */
export function answerFor(generation: Generation, answer: unknown): unknown {
  return generation === '3.x' ? channelTimesAsDates(answer) : answer;
}

function channelTimesAsDates(value: unknown): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((item) => {
      const next = channelTimesAsDates(item);
      changed ||= next !== item;
      return next;
    });
    return changed ? out : value;
  }
  if (value === null || typeof value !== 'object') return value;
  let out: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const next = channelTimesAsDates(item);
    if (next === item) continue;
    out ??= { ...value };
    out[key] = next;
  }
  const created: unknown = Reflect.get(value, 'created_at');
  if (Reflect.get(value, 'object') === 'channel' && typeof created === 'number') {
    out ??= { ...value };
    out.created_at = isoTime(created * 1000);
  }
  return out ?? value;
}
