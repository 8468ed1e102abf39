// Fault injection: rules that make matching API calls fail the ways a real service does, so a
// client's error handling can be tested. A link of the edge chain (edge.ts); /_emulator/* is never
// faulted. Probabilities draw from a seeded generator per rule, so a run is reproducible.
import { API_ERRORS, type ApiErrorStatus } from '@castkit/sdk';
import type { Snapshots } from '../domain/snapshots.js';
import type { Link, LinkCall, Result, Route } from '../edge/router.js';
import { EmulatorError, NotFoundError, ValidationError } from '../ground/errors.js';
import { Prng } from '../seed/prng.js';

/**
 * `error`: answer `status` with the API's error body. `latency`: wait `latencyMs`, then answer.
 * `drop`: close the connection without an answer. `timeout`: never answer (until the client
 * gives up). `not-stored`: answer as the call would, but keep nothing it wrote. `stored-timeout`:
 * do the call, then never answer.
 */
export const FAULT_EFFECTS = ['error', 'latency', 'drop', 'timeout', 'not-stored', 'stored-timeout'] as const;
export type FaultEffect = (typeof FAULT_EFFECTS)[number];

export interface FaultRuleInput {
  /** An operation name (`publishCast`, `submitMessage`); or match by path (and method). */
  operation?: string;
  /** An exact path, or a prefix ending in `*` (`/v2/farcaster/cast*`). */
  path?: string;
  method?: string;
  effect: FaultEffect;
  /** For `error`: an error status of the API (400, 404, 429, 500, 503, ...). Default 503. */
  status?: number;
  message?: string;
  /** Added before any effect; the whole effect for `latency`. */
  latencyMs?: number;
  /** Share of matching calls it applies to, (0, 1]; default 1. */
  probability?: number;
  /** Seed of the draws for `probability`; default 1. */
  seed?: number;
  /** Applies to the next N matching calls, then goes; default: until removed. */
  times?: number;
}

export interface FaultRule extends FaultRuleInput {
  id: string;
  /** Calls it has applied to. */
  hits: number;
}

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
    const rule: FaultRule = { ...checkRule(input), id: `f${this.nextId++}`, hits: 0 };
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

function checkRule(input: FaultRuleInput): FaultRuleInput {
  const r = input as unknown as Record<string, unknown>;
  if (r === null || typeof r !== 'object') throw new ValidationError('a fault rule is a JSON object', 'body');
  if (!FAULT_EFFECTS.includes(r.effect as FaultEffect)) {
    throw new ValidationError(`effect must be one of ${FAULT_EFFECTS.join(', ')}`, 'effect');
  }
  for (const k of ['operation', 'path', 'method', 'message'] as const) {
    if (r[k] !== undefined && (typeof r[k] !== 'string' || r[k] === '')) {
      throw new ValidationError(`${k} must be a non-empty string`, k);
    }
  }
  if (r.operation === undefined && r.path === undefined) {
    throw new ValidationError('a fault rule matches an operation or a path: give one', 'operation');
  }
  if (r.path !== undefined && !(r.path as string).startsWith('/')) {
    throw new ValidationError('path must start with /', 'path');
  }
  if (r.status !== undefined && (r.effect !== 'error' || !isErrorStatus(r.status))) {
    throw new ValidationError(
      `status is for effect error: one of ${Object.keys(API_ERRORS).join(', ')}`,
      'status',
    );
  }
  const number = (k: string, ok: (n: number) => boolean, what: string) => {
    if (r[k] !== undefined && (typeof r[k] !== 'number' || !ok(r[k] as number))) {
      throw new ValidationError(`${k} must be ${what}`, k);
    }
  };
  number(
    'latencyMs',
    (n) => Number.isInteger(n) && n >= 0 && n <= 600_000,
    'whole milliseconds, 0 to 600000',
  );
  number('probability', (n) => n > 0 && n <= 1, 'a number above 0, at most 1');
  number('seed', Number.isInteger, 'an integer');
  number('times', (n) => Number.isInteger(n) && n >= 1, 'a whole number of calls, 1 or more');
  if (r.effect === 'latency' && r.latencyMs === undefined) {
    throw new ValidationError('effect latency needs latencyMs', 'latencyMs');
  }
  const known = new Set([
    'operation',
    'path',
    'method',
    'effect',
    'status',
    'message',
    'latencyMs',
    'probability',
    'seed',
    'times',
  ]);
  const unknown = Object.keys(r).find((k) => !known.has(k));
  if (unknown) throw new ValidationError(`unknown field ${unknown} in a fault rule`, unknown);
  return { ...input };
}

const isErrorStatus = (s: unknown): s is ApiErrorStatus =>
  typeof s === 'number' && Object.hasOwn(API_ERRORS, String(s));

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
        const status = (rule.status ?? 503) as ApiErrorStatus;
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

export function faultRoutes(faults: Faults): Route[] {
  return [
    { method: 'GET', path: '/_emulator/faults', handler: () => ({ json: { faults: faults.list() } }) },
    {
      method: 'POST',
      path: '/_emulator/faults',
      body: 'json',
      handler: (ctx) => ({ status: 201, json: { fault: faults.add(ctx.body as FaultRuleInput) } }),
    },
    {
      method: 'DELETE',
      path: '/_emulator/faults',
      handler: () => {
        faults.clear();
        return { json: { faults: [] } };
      },
    },
    {
      method: 'DELETE',
      path: '/_emulator/faults/:id',
      handler: (ctx) => {
        if (!faults.remove(ctx.params.id!)) throw new NotFoundError(`no fault rule ${ctx.params.id}`, 'id');
        return { json: { faults: faults.list() } };
      },
    },
  ];
}
