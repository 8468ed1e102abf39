// `castkit call <operation> --param value ...`: any operation of either API, through the SDK.
import { readFileSync } from 'node:fs';
import {
  CastkitClient,
  type ClientOptions,
  DEFAULT_API_BASE_URL,
  type OperationSpec,
  type ParamSpec,
  DEFAULT_HUB_BASE_URL as SNAPCHAIN_BASE_URL,
} from '@castkit/sdk';
import { DEFAULT_HUB_BASE_URL as HUB_244_BASE_URL } from '@castkit/sdk/2.x';
import {
  type CommandSpec,
  commandHelp,
  flagName,
  kebab,
  type OptionTable,
  type OptionValues,
  parseCommand,
  UsageError,
} from '../args.js';
import { operationHelp } from '../operation-help.js';
import { API_OPTION, findOperation, generationOf, parseGeneration } from '../operations.js';
import { localTarget, TARGET_OPTIONS } from '../target.js';

/** Options of `call` itself, never sent as parameters. */
const CALL_OPTIONS = {
  json: { type: 'string', value: "'{...}'", description: 'parameters as one JSON object (flags override)' },
  raw: { type: 'boolean', description: 'print the answer as one line of JSON' },
  ...API_OPTION,
  ...TARGET_OPTIONS,
  upstream: { type: 'boolean', description: 'call the real API with NEYNAR_API_KEY' },
  timeout: { type: 'string', value: 'MS', description: 'give up after this many milliseconds (30000)' },
} as const satisfies OptionTable;

export const CALL_COMMAND = {
  name: 'castkit call',
  positionals: '<operation>',
  summary:
    'Calls any operation of either API (hub operations that share a v2 name: hub.<name>) and prints its JSON answer.\n' +
    "Names and requests are 3.x's (today's SDK) unless --api 2.44 asks for 2.44's.\n" +
    'Operation parameters are flags: --viewer-fid 2 (also --viewer_fid, --viewerFid); repeat a list\n' +
    'parameter or comma-join it (--fids 1 --fids 2, --fids 1,2); boolean ones are switches (--x, --no-x).',
  options: CALL_OPTIONS,
  notes: [
    'castkit call <operation> --help lists the parameters of one operation; castkit ops lists operations.',
  ],
} satisfies CommandSpec;

interface CallTarget {
  baseUrl: string;
  apiKey: string;
}

type CallValues = OptionValues<typeof CALL_OPTIONS>;

/**
 * Where the operation goes: a main-API base is the API's root, which serves both generations' paths
 * (the SDK adds 2.44's `/v2`); the real hub is Snapchain's for 3.x and Neynar's hub for 2.44.
 */
function resolveTarget(op: OperationSpec, values: CallValues, env: NodeJS.ProcessEnv): CallTarget {
  if (values.upstream) {
    const key = values['api-key'] ?? env.NEYNAR_API_KEY;
    if (!key) throw new UsageError('--upstream needs an API key: set NEYNAR_API_KEY or pass --api-key');
    const hub = generationOf(op) === '3' ? SNAPCHAIN_BASE_URL : HUB_244_BASE_URL;
    return { baseUrl: op.api === 'v2' ? DEFAULT_API_BASE_URL : hub, apiKey: key };
  }
  return localTarget(values, env);
}

/** The flags an operation's parameters may be typed as, each mapped back to its parameter. */
function parameterFlags(op: OperationSpec): { options: OptionTable; owner: Map<string, ParamSpec> } {
  const options: OptionTable = {};
  const owner = new Map<string, ParamSpec>();
  for (const p of op.params) {
    for (const spelling of new Set([kebab(p.key), p.key, p.name])) {
      if (spelling in CALL_OPTIONS) continue;
      owner.set(spelling, p);
      if (p.type === 'boolean') {
        options[spelling] = { type: 'boolean', description: '' };
        owner.set(`no-${spelling}`, p);
        options[`no-${spelling}`] = { type: 'boolean', description: '' };
      } else {
        options[spelling] = { type: 'string', multiple: true, description: '' };
      }
    }
  }
  return { options, owner };
}

const isList = (p: ParamSpec) => p.type === 'array' || p.type === 'csv' || p.type === 'multi';

function buildParams(
  op: OperationSpec,
  values: Record<string, unknown>,
  owner: Map<string, ParamSpec>,
): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  if (typeof values.json === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(values.json);
    } catch (e) {
      throw new UsageError(`--json is not valid JSON: ${(e as Error).message}`);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new UsageError('--json must be a JSON object');
    Object.assign(params, parsed);
  }
  const given = new Map<ParamSpec, string[]>();
  for (const [flag, value] of Object.entries(values)) {
    const p = owner.get(flag);
    if (!p || value === undefined) continue;
    if (p.type === 'boolean') {
      params[p.key] = !flag.startsWith('no-') || owner.get(flag.slice(3)) !== p;
      continue;
    }
    given.set(p, [...(given.get(p) ?? []), ...(value as string[])]);
  }
  for (const [p, texts] of given) {
    if (!isList(p) && texts.length > 1)
      throw new UsageError(`${flagName(p.key)} was given ${texts.length} times; ${op.name} takes one value`);
    params[p.key] = isList(p) ? texts.flatMap((t) => listItems(p, t)) : coerce(p, texts[0]!);
  }
  return params;
}

/** One occurrence of a list flag: a JSON array or a comma list, its items typed like the list's. */
function listItems(p: ParamSpec, text: string): unknown[] {
  if (text.trim().startsWith('[')) {
    try {
      const parsed = JSON.parse(text);
      if (Array.isArray(parsed)) return parsed;
    } catch {
      throw new UsageError(`${flagName(p.key)} expects a JSON array or a comma list, got "${text}"`);
    }
  }
  const items = text.split(',').map((s) => s.trim());
  if (p.items === 'integer' || p.items === 'number')
    return items.map((item) => number(flagName(p.key), item, p.items === 'integer'));
  return items;
}

function number(flag: string, text: string, integer: boolean): number {
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || (integer && !Number.isInteger(n)))
    throw new UsageError(`${flag} expects ${integer ? 'an integer' : 'a number'}, got "${text}"`);
  return n;
}

function coerce(p: ParamSpec, value: string): unknown {
  const flag = flagName(p.key);
  switch (p.type) {
    case 'integer':
    case 'number':
      return number(flag, value, p.type === 'integer');
    case 'binary':
      if (value.startsWith('@')) return readFileSync(value.slice(1));
      if (/^(0x)?([0-9a-f]{2})+$/i.test(value)) return Buffer.from(value.replace(/^0x/i, ''), 'hex');
      throw new UsageError(`${flag} expects @path/to/file or hex bytes`);
    case 'object':
    case 'any':
      try {
        return JSON.parse(value);
      } catch {
        if (p.type === 'any') return value;
        throw new UsageError(`${flag} expects JSON, got "${value}"`);
      }
    default:
      if (p.enum && !p.enum.map(String).includes(value))
        throw new UsageError(`${flag} must be one of ${p.enum.join(', ')}; got "${value}"`);
      return value;
  }
}

/**
 * The operation named on the command line, found before the operation's flags are known: the first
 * argument that is neither an option nor the value of one of call's own options. Parameters typed
 * before it would hide it, so usage puts it first.
 */
function operationName(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return argv[i + 1];
    if (!arg.startsWith('-')) return arg;
    const own = CALL_OPTIONS[arg.slice(2) as keyof typeof CALL_OPTIONS];
    if (own?.type === 'string' && !arg.includes('=')) i++;
  }
  return undefined;
}

/** `--api`'s value, read before the operation's own flags are known (the last one given wins). */
function apiValue(argv: readonly string[]): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg === '--api') value = argv[++i];
    else if (arg.startsWith('--api=')) value = arg.slice('--api='.length);
  }
  return value;
}

export async function runCall(argv: readonly string[], out: (s: string) => void): Promise<number> {
  const name = operationName(argv);
  if (!name) {
    const { values } = parseCommand(CALL_COMMAND, argv);
    if (values.help) {
      out(commandHelp(CALL_COMMAND));
      return 0;
    }
    throw new UsageError('usage: castkit call <operation> [--param value ...] (castkit call --help)');
  }
  const op = findOperation(name, parseGeneration(apiValue(argv)));
  const flags = parameterFlags(op);
  const spec = {
    ...CALL_COMMAND,
    name: `castkit call ${op.name}`,
    options: { ...CALL_OPTIONS, ...flags.options },
  };
  const { values, positionals } = parseCommand(spec, argv);
  if (values.help) {
    out(operationHelp(op));
    return 0;
  }
  if (positionals.length > 1)
    throw new UsageError(
      `unexpected argument "${positionals[1]}" (one operation per call; boolean parameters are switches: --x or --no-x)`,
    );
  const callValues = values as CallValues;
  const target = resolveTarget(op, callValues, process.env);
  const timeout = callValues.timeout === undefined ? 30_000 : number('--timeout', callValues.timeout, true);
  const options: ClientOptions = { apiKey: target.apiKey, baseUrl: target.baseUrl, timeout, retries: 0 };
  // The light client sends whichever generation's entry it is handed, as that generation sends it.
  const client = new CastkitClient({ ...options, api: op.api });
  const data = await client.request(op, buildParams(op, values, flags.owner));
  out(callValues.raw ? JSON.stringify(data) : JSON.stringify(data, null, 2));
  return 0;
}
