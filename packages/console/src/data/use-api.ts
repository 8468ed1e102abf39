// The SDK clients of the active environment, for screens rendered only once it is known (DevPage
// waits for it), so they read the clients without checking for undefined each time.
import type { Clients } from '../api/clients';
import { useEnv } from '../shell/env-context';

export function useClients(): Clients {
  const { clients } = useEnv();
  if (!clients) throw new Error('useClients is used before the environment is known');
  return clients;
}

export const useApi = () => useClients().v2;
