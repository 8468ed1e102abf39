// The SDK clients every data hook uses: bound to the serving origin by the environment context.
// Hooks read through these (never a hand-written fetch) and gate their queries on `enabled: !!sdk`.
import type { NeynarAPIClient, NeynarHubClient } from '@castkit/sdk';
import { useMemo } from 'react';
import { useEnv } from '../shell/env-context';

export interface Sdk {
  v2: NeynarAPIClient;
  hub: NeynarHubClient;
  environment: 'emulator' | 'upstream';
}

/** The SDK clients, or undefined while the environment is still loading (or failed to load). */
export function useSdk(): Sdk | undefined {
  const { clients, env } = useEnv();
  return useMemo(
    () => (clients && env ? { v2: clients.v2, hub: clients.hub, environment: env.environment } : undefined),
    [clients, env],
  );
}
