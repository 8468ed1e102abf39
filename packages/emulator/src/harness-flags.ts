// What the harness's flags in SERVE_OPTIONS (`--fault`, `--rate-limit`, `--import`,
// `--export-on-exit`, `--replay`, `--unmatched`) become as startEmulator options. Bad values are
// usage errors naming the flag.
import { UsageError } from './command/args.js';
import type { FaultRuleInput } from './control/answers.js';
import { faultRuleInput } from './control/requests.js';
import { SchemaError } from './control/schema.js';
import type { EmulatorOptions } from './emulator.js';
import { checkPlan } from './server/rate-limits.js';
import { UNMATCHED, type Unmatched } from './server/replay.js';

const NUMBERS = new Set(['status', 'latencyMs', 'probability', 'seed', 'times']);

/**
 * `operation=publishCast,effect=error,status=503` → a fault rule, its fields checked as the
 * control checks them (the operation's name is checked when the emulator adds it).
 */
export function parseFaultFlag(text: string): FaultRuleInput {
  const rule = new Map<string, string | number>();
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) throw new UsageError(`--fault: "${part}" is not key=value (in "${text}")`);
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    rule.set(key, NUMBERS.has(key) ? Number(value) : value);
  }
  if (!rule.get('effect')) throw new UsageError(`--fault: effect=... is required (in "${text}")`);
  try {
    return faultRuleInput.parse(Object.fromEntries(rule), '');
  } catch (e) {
    if (e instanceof SchemaError) throw new UsageError(`--fault: ${e.message} (in "${text}")`);
    throw e;
  }
}

export interface HarnessValues {
  fault?: string[];
  'rate-limit'?: string;
  import?: string;
  'export-on-exit'?: string;
  replay?: string;
  unmatched?: string;
}

export function harnessOptions(
  values: HarnessValues,
): Pick<EmulatorOptions, 'faults' | 'rateLimit' | 'import' | 'exportOnExit' | 'replay'> {
  let rateLimit: EmulatorOptions['rateLimit'];
  try {
    rateLimit =
      values['rate-limit'] === undefined ? undefined : (checkPlan(values['rate-limit']) ?? undefined);
  } catch {
    throw new UsageError(`--rate-limit must be starter, growth, scale or off, got "${values['rate-limit']}"`);
  }
  const unmatched = values.unmatched;
  if (unmatched !== undefined && !values.replay) throw new UsageError('--unmatched applies to --replay only');
  if (unmatched !== undefined && !isUnmatched(unmatched))
    throw new UsageError(`--unmatched must be ${UNMATCHED.join(' or ')}, got "${unmatched}"`);
  return {
    ...(values.replay ? { replay: { cassette: values.replay, ...(unmatched ? { unmatched } : {}) } } : {}),
    ...(values.fault?.length ? { faults: values.fault.map(parseFaultFlag) } : {}),
    ...(rateLimit ? { rateLimit } : {}),
    ...(values.import ? { import: values.import } : {}),
    ...(values['export-on-exit'] ? { exportOnExit: values['export-on-exit'] } : {}),
  };
}

const isUnmatched = (value: string): value is Unmatched => UNMATCHED.some((u) => u === value);
