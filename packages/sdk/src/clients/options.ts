// Reads either constructor form (legacy Configuration or castkit options) into ClientOptions, and
// refuses configuration mistakes here, at construction, rather than as a puzzling failure later.
import type { ClientOptions } from '../core/client.js';
import { CastkitError } from '../core/errors.js';
import type { Logger } from '../core/logger.js';
import { Configuration } from './configuration.js';

/** Second constructor argument of the legacy form. */
export interface LegacyClientOptions {
  logger?: Logger;
}

export function resolveOptions(
  config: unknown,
  extra: LegacyClientOptions & ClientOptions = {},
): ClientOptions {
  return checkOptions(readOptions(config, extra));
}

function readOptions(config: unknown, extra: LegacyClientOptions & ClientOptions): ClientOptions {
  if (typeof config === 'string') {
    throw new CastkitError('Invalid configuration type. Expected Configuration object but received string.');
  }
  if (config === null || typeof config !== 'object') {
    throw new CastkitError(
      `Invalid configuration type. Expected Configuration object but received ${config === null ? 'null' : typeof config}.`,
    );
  }
  if (!(config instanceof Configuration) && !('basePath' in config) && !('baseOptions' in config)) {
    return { ...(config as ClientOptions), ...extra };
  }
  const legacy = config as Configuration;
  const headers: Record<string, string> = {};
  let experimental: boolean | undefined;
  for (const [k, v] of Object.entries(legacy.baseOptions?.headers ?? {})) {
    if (v === undefined || v === null) continue;
    // The experimental flag belongs only to operations that declare the header.
    if (k.toLowerCase() === 'x-neynar-experimental') experimental = v === true || v === 'true';
    else headers[k] = String(v);
  }
  return {
    apiKey: legacy.apiKey,
    baseUrl: legacy.basePath,
    headers,
    experimental,
    timeout:
      typeof legacy.baseOptions?.timeout === 'number' && legacy.baseOptions.timeout > 0
        ? legacy.baseOptions.timeout
        : undefined,
    ...extra,
  };
}

/**
 * The options with the key taken from the environment when none was given, and every value checked.
 * The light client takes castkit options only, so it calls this without the legacy reader.
 */
export function checkOptions(options: ClientOptions): ClientOptions {
  const apiKey = options.apiKey ?? environmentKey();
  if (apiKey !== undefined) checkApiKey(apiKey);
  if (options.baseUrl !== undefined) checkBaseUrl(options.baseUrl);
  checkNumber('timeout', options.timeout, 1, 2 ** 32 - 1, 'milliseconds');
  checkNumber('maxResponseBytes', options.maxResponseBytes, 1, Number.MAX_SAFE_INTEGER, 'bytes');
  const retries = typeof options.retries === 'number' ? options.retries : options.retries?.retries;
  checkNumber('retries', retries, 0, 100, 'retries', true);
  return apiKey === options.apiKey ? options : { ...options, apiKey };
}

/** NEYNAR_API_KEY on Node (and other runtimes with `process.env`); browsers have no environment. */
function environmentKey(): string | undefined {
  const env = typeof process === 'undefined' ? undefined : process.env;
  return env?.NEYNAR_API_KEY || undefined;
}

function checkApiKey(apiKey: unknown): void {
  if (typeof apiKey !== 'string') throw new CastkitError(`apiKey must be a string, got ${typeof apiKey}.`);
  if (!apiKey.trim()) {
    throw new CastkitError(
      'apiKey is empty. Pass your API key, or leave apiKey out to use the NEYNAR_API_KEY environment variable.',
    );
  }
  // A key pasted with its line break would only fail later, as an invalid header.
  if (/[\r\n\0]/.test(apiKey)) throw new CastkitError('apiKey contains a line break or NUL character.');
}

function checkBaseUrl(baseUrl: unknown): void {
  if (typeof baseUrl !== 'string') throw new CastkitError(`baseUrl must be a string, got ${typeof baseUrl}.`);
  // `localhost:3000/v2` parses as a URL whose protocol is "localhost:", so ask for the scheme itself.
  if (!/^[a-z][a-z\d+.-]*:\/\//i.test(baseUrl)) {
    throw new CastkitError(
      `baseUrl ${JSON.stringify(baseUrl)} has no protocol. Write it in full, e.g. http://${baseUrl.replace(/^\/+/, '') || 'localhost:3000/v2'}.`,
    );
  }
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new CastkitError(`baseUrl ${JSON.stringify(baseUrl)} is not a valid URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CastkitError(
      `baseUrl ${JSON.stringify(baseUrl)} must use http:// or https://, not ${url.protocol}//.`,
    );
  }
  if (url.search || url.hash) {
    throw new CastkitError(`baseUrl ${JSON.stringify(baseUrl)} must not have a query or fragment.`);
  }
}

function checkNumber(name: string, value: unknown, min: number, max: number, unit: string, whole = false) {
  if (value === undefined) return;
  const ok = typeof value === 'number' && (whole ? Number.isInteger(value) : Number.isFinite(value));
  if (!ok || (value as number) < min || (value as number) > max) {
    const kind = whole ? 'a whole number' : 'a number';
    throw new CastkitError(`${name} must be ${kind} of ${unit} from ${min} to ${max}, got ${String(value)}.`);
  }
}
