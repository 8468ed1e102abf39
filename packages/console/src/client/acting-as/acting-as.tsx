// Who the client acts as: the viewer of every read and the author of every write, per tab (session
// storage), so two tabs can be two users. The fid is known
// at once (reads start immediately); the signer is resolved in the background and awaited by writes.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { queryKeys } from '../../data/query-keys';
import { type Sdk, useSdk } from '../../data/use-sdk';
import { emulatorSignerFor, rememberSigner } from './signer-for-fid';

const STORE_KEY = 'castkit.client.actingAs';
/** The first seeded user (alice) until someone else is chosen. */
const DEFAULT_FID = 1;

export interface ActingAs {
  fid: number;
  /** Resolves to an approved signer uuid for `fid` (creating one on the emulator if needed). */
  signer(): Promise<string>;
  signerStatus: 'pending' | 'ready' | 'error';
  signerError?: Error;
  actAs(fid: number, signerUuid?: string): void;
}

const Ctx = createContext<ActingAs | undefined>(undefined);

function initialFid(): number {
  const stored = Number(sessionStorage.getItem(STORE_KEY));
  return Number.isInteger(stored) && stored > 0 ? stored : DEFAULT_FID;
}

const signerQuery = (sdk: Sdk | undefined, fid: number) => ({
  queryKey: queryKeys.signers.actingAs(fid),
  queryFn: () => {
    if (!sdk) throw new Error('environment not loaded');
    if (sdk.environment !== 'emulator') {
      throw new Error('Against an upstream, act as a user by pasting a signer uuid you own');
    }
    return emulatorSignerFor(sdk.v2, fid);
  },
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export function ActingAsProvider({ children }: { children: ReactNode }) {
  const sdk = useSdk();
  const queryClient = useQueryClient();
  const [fid, setFid] = useState(initialFid);
  const query = useQuery({ ...signerQuery(sdk, fid), enabled: !!sdk });
  const actAs = useCallback(
    (next: number, signerUuid?: string) => {
      if (signerUuid) {
        rememberSigner(next, signerUuid);
        queryClient.setQueryData(queryKeys.signers.actingAs(next), signerUuid);
      }
      sessionStorage.setItem(STORE_KEY, String(next));
      setFid(next);
    },
    [queryClient],
  );
  const value = useMemo<ActingAs>(
    () => ({
      fid,
      signer: () => queryClient.fetchQuery(signerQuery(sdk, fid)),
      signerStatus: query.isSuccess ? 'ready' : query.isError ? 'error' : 'pending',
      signerError: query.error ?? undefined,
      actAs,
    }),
    [fid, sdk, queryClient, query.isSuccess, query.isError, query.error, actAs],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useActingAs(): ActingAs {
  const value = useContext(Ctx);
  if (!value) throw new Error('useActingAs outside ActingAsProvider');
  return value;
}
