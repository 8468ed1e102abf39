// Infinite pages of casts over cursors for any CastSource.
import { type InfiniteData, useInfiniteQuery } from '@tanstack/react-query';
import { useSdk } from '../../data/use-sdk';
import type { CastPage, CastSource } from './feed-source';

export type CastPages = InfiniteData<CastPage, string | undefined>;

export function useCastPages(source: CastSource, enabled = true) {
  const sdk = useSdk();
  return useInfiniteQuery({
    queryKey: source.key,
    queryFn: ({ pageParam }) => source.page(sdk!, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: CastPage) => last.cursor,
    enabled: !!sdk && enabled,
  });
}
