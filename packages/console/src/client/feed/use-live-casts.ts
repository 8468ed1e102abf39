// New casts appear at the top of a feed without reloading. The event stream says when a cast was
// created; the feed's first page says which casts belong in this feed (and how the viewer sees
// them), and casts the feed has not seen go above the rest. Without a stream (an upstream, or a
// stream that gave up) the first page is polled instead.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSdk } from '../../data/use-sdk';
import { type StreamState, useCastStream } from './cast-stream';
import type { CastSource } from './feed-source';
import type { CastPages } from './use-cast-pages';

const POLL_MS = 2000;

export function useLiveCasts(source: CastSource, enabled: boolean): StreamState {
  const sdk = useSdk();
  const queryClient = useQueryClient();
  const liveKey = [...source.key, 'live'];
  const stream = useCastStream(enabled, () => {
    queryClient.refetchQueries({ queryKey: liveKey, exact: true });
  });
  const latest = useQuery({
    queryKey: liveKey,
    queryFn: () => source.page(sdk!, undefined),
    enabled: !!sdk && enabled,
    refetchInterval: stream === 'unavailable' ? POLL_MS : false,
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
  return stream;
}
