// Fault injection: rules that make matching API calls fail the ways a real service does, so a
// client's error handling can be tested. A link of the edge chain (edge.ts); /_emulator/* is never
// faulted. Probabilities draw from a seeded generator per rule, so a run is reproducible.
import type { FaultRule, FaultRuleInput } from '../control/answers.js';
import { faultRuleInput } from '../control/requests.js';
import { FAULT_EFFECTS, type FaultEffect } from '../control/vocabulary.js';
import type { Snapshots } from '../domain/snapshots.js';
import type { Link, LinkCall, Result } from '../edge/router.js';
import { EmulatorError, NotFoundError, ValidationError } from '../ground/errors.js';
import { Prng } from '../seed/prng.js';
import { type ControlHandlers, parsed } from './control-routes.js';

export type { FaultEffect, FaultRule, FaultRuleInput };
export { FAULT_EFFECTS };

interface Held {
  rule: FaultRule;
  prng: Prng;
}

export class Faults {
  private rules: Held[] = [];
  private nextId = 1;

  /** `operations`: the names a rule may match (every operation of both APIs). */
  constructor(private readonly operations: ReadonlySet<string>) {}

  /** Adds a rule (checked: a 400 names the field at fault) and returns it with its id. */
  add(input: FaultRuleInput): FaultRule {
    const rule: FaultRule = { ...parsed(faultRuleInput, input), id: `f${this.nextId++}`, hits: 0 };
    if (rule.operation !== undefined && !this.operations.has(rule.operation)) {
      throw new ValidationError(
        `no operation named ${rule.operation} (names as in castkit ops)`,
        'operation',
      );
    }
    this.rules.push({ rule, prng: new Prng(rule.seed ?? 1) });
    return rule;
  }

  list(): FaultRule[] {
    return this.rules.map((h) => ({ ...h.rule }));
  }

  remove(id: string): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((h) => h.rule.id !== id);
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
  }

  /** The rule that applies to this call, if any (counting it as used). */
  take(method: string, path: string, operation: string): FaultRule | undefined {
    for (const held of this.rules) {
      const { rule } = held;
      if (!matches(rule, method, path, operation)) continue;
      if (rule.probability !== undefined && !held.prng.chance(rule.probability)) continue;
      rule.hits++;
      if (rule.times !== undefined && rule.hits >= rule.times) this.remove(rule.id);
      return { ...rule };
    }
    return undefined;
  }
}

function matches(rule: FaultRule, method: string, path: string, operation: string): boolean {
  if (rule.operation !== undefined && rule.operation !== operation) return false;
  if (rule.method !== undefined && rule.method.toUpperCase() !== method) return false;
  if (rule.path !== undefined) {
    if (rule.path.endsWith('*') ? !path.startsWith(rule.path.slice(0, -1)) : rule.path !== path) return false;
  }
  return true;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the client goes (a held call answers nothing). */
const untilClosed = (call: LinkCall) =>
  new Promise<undefined>((resolve) => {
    if (call.res.destroyed) resolve(undefined);
    call.res.once('close', () => resolve(undefined));
  });

/** The edge link applying `faults` to API calls. */
export function faultLink(faults: Faults, snapshots: Snapshots): Link {
  return async (call, next) => {
    const path = call.url.pathname;
    if (path.startsWith('/_emulator/')) return next();
    const rule = faults.take(call.route.method, path, call.route.operation);
    if (!rule) return next();
    if (rule.latencyMs) await sleep(rule.latencyMs);
    switch (rule.effect) {
      case 'latency':
        return next();
      case 'error': {
        const status = rule.status ?? 503;
        // Marked so the edge does not log it as a failure of the emulator.
        throw Object.assign(
          new EmulatorError(status, rule.message ?? `injected fault ${rule.id}: ${status}`),
          {
            injected: true,
          },
        );
      }
      case 'drop':
        call.req.socket.destroy();
        return undefined;
      case 'timeout':
        return untilClosed(call);
      case 'not-stored':
        return withoutKeeping(snapshots, next);
      case 'stored-timeout':
        await next();
        return untilClosed(call);
    }
  };
}

/** Runs the call, then undoes what it wrote: the answer says stored, the data does not. */
async function withoutKeeping(snapshots: Snapshots, next: () => Promise<Result>): Promise<Result> {
  const mark = `fault-${process.hrtime.bigint()}`;
  snapshots.snapshot(mark);
  try {
    return await next();
  } finally {
    snapshots.restore(mark);
    snapshots.delete(mark);
  }
}

export function faultHandlers(faults: Faults) {
  return {
    'GET /_emulator/faults': () => ({ faults: faults.list() }),
    'POST /_emulator/faults': ({ body }) => ({ fault: faults.add(body) }),
    'DELETE /_emulator/faults': () => {
      faults.clear();
      return { faults: [] };
    },
    'DELETE /_emulator/faults/:id': ({ params: { id } }) => {
      if (!faults.remove(id)) throw new NotFoundError(`no fault rule ${id}`, 'id');
      return { faults: faults.list() };
    },
  } satisfies Partial<ControlHandlers>;
}
