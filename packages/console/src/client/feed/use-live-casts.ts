// New casts appear at the top of a feed without reloading. Until the realtime stream (issue 12)
// lands, this short-polls the feed's first page and puts casts the feed has not seen above the rest;
// swapping to the stream changes only this hook.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSdk } from '../../data/use-sdk';
import type { CastSource } from './feed-source';
import type { CastPages } from './use-cast-pages';

const POLL_MS = 2000;

export function useLiveCasts(source: CastSource, enabled: boolean) {
  const sdk = useSdk();
  const queryClient = useQueryClient();
  const latest = useQuery({
    queryKey: [...source.key, 'live'],
    queryFn: () => source.page(sdk!, undefined),
    enabled: !!sdk && enabled,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
  });
  useEffect(() => {
    const fresh = latest.data?.casts;
    if (!fresh?.length) return;
    queryClient.setQueryData<CastPages>(source.key, (old) => {
      if (!old?.pages.length) return old;
      const seen = new Set(old.pages.flatMap((p) => p.casts.map((c) => c.hash)));
      const added = fresh.filter((c) => !seen.has(c.hash));
      if (!added.length) return old;
      const [first, ...rest] = old.pages;
      return { ...old, pages: [{ ...first!, casts: [...added, ...first!.casts] }, ...rest] };
    });
  }, [latest.data, queryClient, source.key]);
}
