// A small argv reader: `--name value`, `--name=value`, bare `--flag` (true) and positionals.

export interface ParsedArgs {
  positionals: string[];
  /** Option names as typed, without dashes; repeated options keep the last value. */
  options: Map<string, string | true>;
  /** Every value of each option, in order, for options that may repeat (`--allow-host a --allow-host b`). */
  all: Map<string, (string | true)[]>;
}

export function parseArgs(argv: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const options = new Map<string, string | true>();
  const all = new Map<string, (string | true)[]>();
  const set = (name: string, value: string | true) => {
    options.set(name, value);
    all.set(name, [...(all.get(name) ?? []), value]);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 0) {
      set(arg.slice(2, eq), arg.slice(eq + 1));
      continue;
    }
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      set(arg.slice(2), next);
      i++;
    } else {
      set(arg.slice(2), true);
    }
  }
  return { positionals, options, all };
}

/** The flag a parameter key is typed as: `viewerFid` → `--viewer-fid`. */
export const flagName = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** `viewer-fid`, `viewer_fid` and `viewerFid` all name the same parameter. */
export const normalizeName = (name: string) => name.replace(/[-_]/g, '').toLowerCase();

export class UsageError extends Error {
  override name = 'UsageError';
}
