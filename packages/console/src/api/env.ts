// Which environment the console talks to, as the serving process describes it at /_castkit/env.
// The one request outside the SDK: it is the dev server's own route, not an API operation.

export interface ConsoleEnv {
  environment: 'emulator' | 'upstream';
  upstream?: string;
  apiKey: string;
}

export const EMULATOR_DEV_KEY = 'castkit-dev-key';

export async function loadEnv(fetchImpl: typeof fetch = fetch): Promise<ConsoleEnv> {
  const res = await fetchImpl('/_castkit/env', { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`/_castkit/env answered ${res.status}`);
  const env = (await res.json()) as Partial<ConsoleEnv>;
  if (env.environment !== 'emulator' && env.environment !== 'upstream') {
    throw new Error('/_castkit/env did not name an environment');
  }
  return { environment: env.environment, upstream: env.upstream, apiKey: env.apiKey ?? EMULATOR_DEV_KEY };
}

export const envLabel = (env: ConsoleEnv): string =>
  env.environment === 'emulator' ? 'Local emulator' : `Upstream ${env.upstream ?? ''}`.trim();
