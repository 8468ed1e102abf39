// @vitest-environment jsdom
// useSdk, useApi and useClients: the SDK clients of the environment once it is known, nothing while
// it loads, and a clear error from the hooks that need it when a screen renders too early.
import { cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createClients } from '../src/api/clients';
import type { ConsoleEnv } from '../src/api/env';
import { useApi, useClients } from '../src/data/use-api';
import { useSdk } from '../src/data/use-sdk';
import { type EnvState, StaticEnvProvider } from '../src/shell/env-context';

afterEach(cleanup);

const env: ConsoleEnv = { environment: 'upstream', upstream: 'https://api.example', apiKey: 'a-token' };
const ready: EnvState = { env, clients: createClients(env, 'http://127.0.0.1:1'), status: 'ready' };
const loading: EnvState = { env: undefined, clients: undefined, status: 'loading' };

const under = (value: EnvState) => ({
  wrapper: ({ children }: { children: ReactNode }) => (
    <StaticEnvProvider value={value}>{children}</StaticEnvProvider>
  ),
});

describe('the SDK hooks', () => {
  it('give the environment clients and name the environment once it is known', () => {
    const sdk = renderHook(() => useSdk(), under(ready)).result.current;
    expect(sdk?.v2).toBe(ready.clients!.v2);
    expect(sdk?.hub).toBe(ready.clients!.hub);
    expect(sdk?.environment).toBe('upstream');
    expect(renderHook(() => useApi(), under(ready)).result.current).toBe(ready.clients!.v2);
    expect(renderHook(() => useClients(), under(ready)).result.current).toBe(ready.clients);
  });

  it('keep the same clients object across renders, so queries keyed on it do not restart', () => {
    const { result, rerender } = renderHook(() => useSdk(), under(ready));
    const first = result.current;
    rerender();
    expect(result.current).toBe(first);
  });

  it('give nothing while the environment loads, and the hooks that need it say where to render', () => {
    expect(renderHook(() => useSdk(), under(loading)).result.current).toBeUndefined();
    expect(() => renderHook(() => useApi(), under(loading))).toThrow(
      'useApi used before the environment is known: render it inside DevPage',
    );
    expect(() => renderHook(() => useClients(), under(loading))).toThrow(
      'useClients used before the environment is known: render it inside DevPage',
    );
  });
});
