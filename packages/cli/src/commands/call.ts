// `castkit call <operation> --param value ...`: any operation of either API, through the SDK.
import { readFileSync } from 'node:fs';
import {
  type ClientOptions,
  DEFAULT_API_BASE_URL,
  DEFAULT_HUB_BASE_URL,
  NeynarAPIClient,
  NeynarHubClient,
  type OperationSpec,
  type ParamSpec,
} from '@castkit/sdk';
import { flagName, normalizeName, type ParsedArgs, UsageError } from '../args.js';
import { findOperation } from '../operations.js';
import { DEFAULT_PORT } from './dev.js';

/** Options of `call` itself, never sent as parameters. */
const OWN = new Set(['json', 'raw', 'baseurl', 'apikey', 'upstream', 'timeout', 'help']);

export interface CallTarget {
  v2BaseUrl: string;
  hubBaseUrl: string;
  apiKey: string;
}

function resolveTarget(args: ParsedArgs, env: NodeJS.ProcessEnv): CallTarget {
  const opt = (name: string) => {
    const v = args.options.get(name);
    return typeof v === 'string' ? v : undefined;
  };
  if (args.options.has('upstream')) {
    const key = opt('api-key') ?? env.NEYNAR_API_KEY;
    if (!key) throw new UsageError('--upstream needs an API key: set NEYNAR_API_KEY or pass --api-key');
    return { v2BaseUrl: DEFAULT_API_BASE_URL, hubBaseUrl: DEFAULT_HUB_BASE_URL, apiKey: key };
  }
  const base = (opt('base-url') ?? env.CASTKIT_URL ?? `http://localhost:${DEFAULT_PORT}`).replace(/\/+$/, '');
  return {
    v2BaseUrl: `${base}/v2`,
    hubBaseUrl: base,
    // The emulator's DEFAULT_API_KEY, spelled out: importing @castkit/emulator would load SQLite and
    // the protocol code (~1.5s) on every `castkit call`.
    apiKey: opt('api-key') ?? env.CASTKIT_API_KEY ?? 'castkit-dev-key',
  };
}

function buildParams(op: OperationSpec, args: ParsedArgs): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  const json = args.options.get('json');
  if (typeof json === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(json);
    } catch (e) {
      throw new UsageError(`--json is not valid JSON: ${(e as Error).message}`);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      throw new UsageError('--json must be a JSON object');
    Object.assign(params, parsed);
  }
  const byName = new Map<string, ParamSpec>();
  for (const p of op.params) {
    byName.set(normalizeName(p.key), p);
    byName.set(normalizeName(p.name), p);
  }
  for (const [name, value] of args.options) {
    const norm = normalizeName(name);
    if (OWN.has(norm)) continue;
    const p = byName.get(norm);
    if (!p) {
      const known = op.params.map((x) => flagName(x.key)).join(' ');
      throw new UsageError(`${op.name} has no parameter --${name}${known ? `; it takes ${known}` : ''}`);
    }
    params[p.key] = coerce(p, value);
  }
  return params;
}

function coerce(p: ParamSpec, value: string | true): unknown {
  const flag = flagName(p.key);
  if (value === true) {
    if (p.type === 'boolean') return true;
    throw new UsageError(`${flag} needs a value`);
  }
  switch (p.type) {
    case 'integer':
    case 'number': {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n))
        throw new UsageError(`${flag} expects a number, got "${value}"`);
      return n;
    }
    case 'boolean':
      if (value !== 'true' && value !== 'false')
        throw new UsageError(`${flag} expects true or false, got "${value}"`);
      return value === 'true';
    case 'binary':
      if (value.startsWith('@')) return readFileSync(value.slice(1));
      if (/^(0x)?([0-9a-f]{2})+$/i.test(value)) return Buffer.from(value.replace(/^0x/i, ''), 'hex');
      throw new UsageError(`${flag} expects @path/to/file or hex bytes`);
    case 'array':
    case 'object':
    case 'any':
      try {
        return JSON.parse(value);
      } catch {
        if (p.type === 'array') return value.split(',');
        throw new UsageError(`${flag} expects JSON, got "${value}"`);
      }
    default:
      return value;
  }
}

export async function runCall(args: ParsedArgs, out: (s: string) => void): Promise<number> {
  const name = args.positionals[0];
  if (!name)
    throw new UsageError('usage: castkit call <operation> [--param value ...] [--json {...}] [--raw]');
  const op = findOperation(name);
  const target = resolveTarget(args, process.env);
  const timeout = Number(args.options.get('timeout') ?? 30_000);
  const options: ClientOptions = { apiKey: target.apiKey, timeout, retries: 0 };
  const client =
    op.api === 'v2'
      ? new NeynarAPIClient({ ...options, baseUrl: target.v2BaseUrl })
      : new NeynarHubClient({ ...options, baseUrl: target.hubBaseUrl });
  const data = await client.request(op, buildParams(op, args));
  out(args.options.has('raw') ? JSON.stringify(data) : JSON.stringify(data, null, 2));
  return 0;
}
