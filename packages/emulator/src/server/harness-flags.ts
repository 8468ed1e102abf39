// The harness's command-line flags (`--fault`, `--rate-limit`, `--import`, `--export-on-exit`) as
// parseArgs options and their translation into startEmulator options, so a command's parser adds
// them in one line. Bad values throw a UsageError naming the flag.
import type { FaultEffect, FaultRuleInput } from './faults.js';
import type { EmulatorOptions } from './http.js';
import { checkPlan } from './rate-limits.js';

export class UsageError extends Error {}

export const HARNESS_FLAGS = {
  fault: { type: 'string', multiple: true },
  'rate-limit': { type: 'string' },
  import: { type: 'string' },
  'export-on-exit': { type: 'string' },
} as const;

export const HARNESS_USAGE = `[--fault RULE]... [--rate-limit starter|growth|scale] [--import FILE] [--export-on-exit FILE]
  RULE: comma-separated key=value, e.g. operation=publishCast,effect=error,status=503,times=2
        or path=/v2/farcaster/cast*,method=POST,effect=latency,latencyMs=500,probability=0.3,seed=7`;

const NUMBERS = new Set(['status', 'latencyMs', 'probability', 'seed', 'times']);

/** `operation=publishCast,effect=error,status=503` → a fault rule (checked when added). */
export function parseFaultFlag(text: string): FaultRuleInput {
  const rule: Record<string, string | number> = {};
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new UsageError(`--fault: "${part}" is not key=value (in "${text}")`);
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    rule[key] = NUMBERS.has(key) ? Number(value) : value;
  }
  if (!rule.effect) throw new UsageError(`--fault: effect=... is required (in "${text}")`);
  return rule as unknown as FaultRuleInput & { effect: FaultEffect };
}

export function harnessOptions(values: {
  fault?: string[];
  'rate-limit'?: string;
  import?: string;
  'export-on-exit'?: string;
}): Pick<EmulatorOptions, 'faults' | 'rateLimit' | 'import' | 'exportOnExit'> {
  let rateLimit: EmulatorOptions['rateLimit'];
  try {
    rateLimit =
      values['rate-limit'] === undefined ? undefined : (checkPlan(values['rate-limit']) ?? undefined);
  } catch {
    throw new UsageError('--rate-limit must be starter, growth, scale or off');
  }
  return {
    ...(values.fault?.length ? { faults: values.fault.map(parseFaultFlag) } : {}),
    ...(rateLimit ? { rateLimit } : {}),
    ...(values.import ? { import: values.import } : {}),
    ...(values['export-on-exit'] ? { exportOnExit: values['export-on-exit'] } : {}),
  };
}
