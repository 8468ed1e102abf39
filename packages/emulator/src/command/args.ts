// The one option parser of castkit's commands (the emulator's bin and every `castkit` command):
// node:util parseArgs in strict mode over a table that also documents each option, so `--help`,
// the parsing and the usage errors never disagree.
import { parseArgs } from 'node:util';
import { codeOf, messageOf } from '../ground/thrown.js';
import { nearest } from './suggest.js';

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** Every occurrence is kept, in order (`--allow-host a --allow-host b`); otherwise the last wins. */
  multiple?: boolean;
  short?: string;
  /** One line for `--help`. */
  description: string;
  /** What the value is called in `--help` (`--port N`); string options only. */
  value?: string;
}

export type OptionTable = Record<string, OptionSpec>;

/** What parsing a table gives: each option's value typed by its spec, absent when not given. */
export type OptionValues<O extends OptionTable> = {
  [K in keyof O]?: O[K] extends { type: 'boolean' }
    ? O[K] extends { multiple: true }
      ? boolean[]
      : boolean
    : O[K] extends { multiple: true }
      ? string[]
      : string;
} & { help?: boolean };

export interface CommandSpec<O extends OptionTable = OptionTable> {
  /** `castkit dev`, `castkit-emulator`: how the command is typed. */
  name: string;
  /** What follows the name in the usage line besides options (`<operation>`, `[search words]`). */
  positionals?: string;
  summary: string;
  options: O;
  /** Lines after the options (notes, examples). */
  notes?: string[];
}

/** Wrong flags, values or arguments: exit code 2, and the message says what is wrong. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const HELP = {
  help: { type: 'boolean', short: 'h', description: 'show this help' },
} as const satisfies OptionTable;

export function parseCommand<O extends OptionTable>(
  spec: CommandSpec<O>,
  argv: readonly string[],
): { values: OptionValues<O>; positionals: string[] } {
  const options = { ...HELP, ...spec.options };
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options,
      allowPositionals: true,
      strict: true,
    });
    return { values: values as OptionValues<O>, positionals };
  } catch (error) {
    const code = codeOf(error);
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') throw unknownOption(spec.name, options, argv);
    if (code?.startsWith('ERR_PARSE_ARGS_'))
      throw new UsageError(`${spec.name}: ${messageOf(error)}\n(${spec.name} --help lists its options)`);
    throw error;
  }
}

/** The usage error for a flag the table does not have, suggesting the nearest ones it does. */
function unknownOption(command: string, options: OptionTable, argv: readonly string[]): UsageError {
  // Parsed again leniently, which hands back each flag as typed, the unknown one included.
  const { tokens } = parseArgs({
    args: [...argv],
    options,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  const typed = tokens.find((t) => t.kind === 'option' && !Object.hasOwn(options, t.name));
  const flag = typed?.kind === 'option' ? typed.rawName : '';
  const near = flag.startsWith('--') ? nearest(flag.slice(2), Object.keys(options)) : [];
  const suggestion = near.length ? `; did you mean ${near.map((n) => `--${n}`).join(', ')}?` : '';
  return new UsageError(
    `${command}: unknown option ${flag}${suggestion}\n(${command} --help lists its options)`,
  );
}

/** The `--help` text of a command, from the same table the parser reads. */
export function commandHelp(spec: CommandSpec): string {
  const all: OptionTable = { ...spec.options, ...HELP };
  const rows = Object.entries(all).map(([name, o]) => {
    const short = o.short ? `-${o.short}, ` : '';
    const value = o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : '';
    const repeat = o.multiple ? ' (repeatable)' : '';
    return [`  ${short}--${name}${value}`, `${o.description}${repeat}`] as const;
  });
  const width = Math.min(34, Math.max(...rows.map(([flag]) => flag.length)) + 2);
  const lines = rows.map(([flag, text]) =>
    flag.length + 2 > width ? `${flag}\n${' '.repeat(width)}${text}` : `${flag.padEnd(width)}${text}`,
  );
  const usage = `usage: ${spec.name}${spec.positionals ? ` ${spec.positionals}` : ''} [options]`;
  return [
    usage,
    '',
    spec.summary,
    '',
    'options:',
    ...lines,
    ...(spec.notes?.length ? ['', ...spec.notes] : []),
  ].join('\n');
}

/** An integer option within [min, max], or a usage error naming the flag. */
export function integerOption(flag: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`--${flag} must be an integer from ${min} to ${max}, got "${value}"`);
  return n;
}
