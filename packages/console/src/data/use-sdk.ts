// The SDK clients every data hook uses: bound to the serving origin by the environment context.
// Hooks read through these (never a hand-written fetch) and gate their queries on `enabled: !!sdk`.
// They are light clients: a call names the operation entry it sends,
// `sdk.v2.call(fetchFeed, { fid })`, so each screen's chunk carries only the operations it uses and
// no screen but the explorer loads the whole operation table.
import type { CastkitClient } from '@castkit/sdk/2.x';
import { useMemo } from 'react';
import { useEnv } from '../shell/env-context';

export interface Sdk {
  v2: CastkitClient<'v2'>;
  hub: CastkitClient<'hub'>;
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
