// Users or channels matching what is typed after @ or /, from the API's search.
import { searchChannels, searchUser } from '@castkit/sdk/2.x';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../data/query-keys';
import { useSdk } from '../../data/use-sdk';
import type { Partial } from './autocomplete';

export interface Suggestion {
  value: string;
  label: string;
}

export function useSuggestions(partial: Partial | undefined, viewer: number): Suggestion[] {
  const sdk = useSdk();
  const q = partial?.query ?? '';
  const users = useQuery({
    queryKey: queryKeys.search.users(q, viewer),
    queryFn: () => sdk!.v2.call(searchUser, { q, viewerFid: viewer, limit: 5 }),
    enabled: !!sdk && partial?.kind === 'user',
    staleTime: 30_000,
  });
  const channels = useQuery({
    queryKey: queryKeys.search.channels(q),
    queryFn: () => sdk!.v2.call(searchChannels, { q, limit: 5 }),
    enabled: !!sdk && partial?.kind === 'channel',
    staleTime: 30_000,
  });
  if (partial?.kind === 'user') {
    return (users.data?.result.users ?? []).map((u) => ({
      value: u.username,
      label: `@${u.username} ${u.display_name ?? ''}`.trim(),
    }));
  }
  if (partial?.kind === 'channel') {
    return (channels.data?.channels ?? []).map((c) => ({
      value: c.id,
      label: `/${c.id} ${c.name ?? ''}`.trim(),
    }));
  }
  return [];
}
