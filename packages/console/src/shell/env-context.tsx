// The active environment and the SDK clients bound to it, for every view below the shell.
import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type Clients, createClients } from '../api/clients';
import { type ConsoleEnv, loadEnv } from '../api/env';

export interface EnvState {
  env: ConsoleEnv | undefined;
  clients: Clients | undefined;
  status: 'loading' | 'ready' | 'error';
  error?: Error;
}

const EnvContext = createContext<EnvState>({ env: undefined, clients: undefined, status: 'loading' });

export function EnvProvider({
  children,
  origin = window.location.origin,
}: {
  children: ReactNode;
  origin?: string;
}) {
  const query = useQuery({
    queryKey: ['castkit-env'],
    queryFn: () => loadEnv(),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
  const value = useMemo<EnvState>(() => {
    if (query.data) return { env: query.data, clients: createClients(query.data, origin), status: 'ready' };
    if (query.error) return { env: undefined, clients: undefined, status: 'error', error: query.error };
    return { env: undefined, clients: undefined, status: 'loading' };
  }, [query.data, query.error, origin]);
  return <EnvContext.Provider value={value}>{children}</EnvContext.Provider>;
}

/** Lets tests and embedders hand in a fixed environment. */
export const StaticEnvProvider = EnvContext.Provider;

export const useEnv = () => useContext(EnvContext);
