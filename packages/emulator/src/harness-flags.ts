// What the harness's flags in SERVE_OPTIONS (`--fault`, `--rate-limit`, `--import`,
// `--export-on-exit`) become as startEmulator options. Bad values are usage errors naming the flag.
import { UsageError } from './command/args.js';
import type { EmulatorOptions } from './emulator.js';
import type { FaultRuleInput } from './server/faults.js';
import { checkPlan } from './server/rate-limits.js';

const NUMBERS = new Set(['status', 'latencyMs', 'probability', 'seed', 'times']);

/** `operation=publishCast,effect=error,status=503` → a fault rule (its fields are checked when added). */
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
  return rule as unknown as FaultRuleInput;
}

export interface HarnessValues {
  fault?: string[];
  'rate-limit'?: string;
  import?: string;
  'export-on-exit'?: string;
}

export function harnessOptions(
  values: HarnessValues,
): Pick<EmulatorOptions, 'faults' | 'rateLimit' | 'import' | 'exportOnExit'> {
  let rateLimit: EmulatorOptions['rateLimit'];
  try {
    rateLimit =
      values['rate-limit'] === undefined ? undefined : (checkPlan(values['rate-limit']) ?? undefined);
  } catch {
    throw new UsageError(`--rate-limit must be starter, growth, scale or off, got "${values['rate-limit']}"`);
  }
  return {
    ...(values.fault?.length ? { faults: values.fault.map(parseFaultFlag) } : {}),
    ...(rateLimit ? { rateLimit } : {}),
    ...(values.import ? { import: values.import } : {}),
    ...(values['export-on-exit'] ? { exportOnExit: values['export-on-exit'] } : {}),
  };
}
