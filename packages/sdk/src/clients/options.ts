// Reads either constructor form (legacy Configuration or castkit options) into ClientOptions.
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
