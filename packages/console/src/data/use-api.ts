// For screens rendered only once the environment is known (DevPage waits for it): the v2 client
// from useSdk, and the full clients (with the key) that the /_emulator controls need.
import type { CastkitClient } from '@castkit/sdk/2.x';
import type { Clients } from '../api/clients';
import { useEnv } from '../shell/env-context';
import { useSdk } from './use-sdk';

const NOT_READY = 'used before the environment is known: render it inside DevPage';

export function useApi(): CastkitClient<'v2'> {
  const sdk = useSdk();
  if (!sdk) throw new Error(`useApi ${NOT_READY}`);
  return sdk.v2;
}

export function useClients(): Clients {
  const { clients } = useEnv();
  if (!clients) throw new Error(`useClients ${NOT_READY}`);
  return clients;
}
