// Which environment the console talks to, as the serving process describes it at /_castkit/env.
// The one request outside the SDK: it is the dev server's own route, not an API operation.
import { ENV_PATH } from '../server/env-handler';

export interface ConsoleEnv {
  environment: 'emulator' | 'upstream';
  upstream?: string;
  apiKey: string;
}

export async function loadEnv(fetchImpl: typeof fetch = fetch): Promise<ConsoleEnv> {
  const res = await fetchImpl(ENV_PATH, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${ENV_PATH} answered ${res.status}`);
  const env = (await res.json()) as Partial<ConsoleEnv>;
  if (env.environment !== 'emulator' && env.environment !== 'upstream') {
    throw new Error(`${ENV_PATH} did not name an environment`);
  }
  if (typeof env.apiKey !== 'string') throw new Error(`${ENV_PATH} did not name an API key`);
  return { environment: env.environment, upstream: env.upstream, apiKey: env.apiKey };
}

export const envLabel = (env: ConsoleEnv): string =>
  env.environment === 'emulator' ? 'Local emulator' : `Upstream ${env.upstream ?? ''}`.trim();
