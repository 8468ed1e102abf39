// Suggestions for fid and username fields, from the active environment through the SDK.
import { useQuery } from '@tanstack/react-query';
import { catalogIfLoaded, findOperation } from '../../api/catalog';
import { useEnv } from '../../shell/env-context';
import { useDebounced } from '../use-debounced';

interface SuggestedUser {
  fid: number;
  username: string;
  display_name?: string;
}

/** True for parameters that name a user: `fid`, `viewer_fid`, `target_fid`…, `username`. */
export const suggestsUsers = (key: string, type: string) =>
  (type === 'integer' && /(^fid$|Fid$)/.test(key)) || (type === 'string' && key === 'username');

// From the explorer's catalog (3.x's, in its first load): single entries imported here would bring
// the chunk of entries the client's screens share into the explorer's first load.
const catalog = catalogIfLoaded('3')!;
const byFids = findOperation(catalog, 'v2.fetchBulkUsers')!;
const byText = findOperation(catalog, 'v2.searchUser')!;

export function useUserSuggestions(text: string, enabled: boolean): SuggestedUser[] {
  const { clients } = useEnv();
  const q = useDebounced(text.trim(), 200);
  const numeric = /^\d+$/.test(q);
  const query = useQuery({
    queryKey: ['user-suggestions', q],
    enabled: enabled && !!clients && q.length > 0,
    staleTime: 30_000,
    queryFn: async ({ signal }): Promise<SuggestedUser[]> => {
      if (numeric) {
        const res = (await clients!.v2.request(byFids, { fids: [Number(q)] }, { signal })) as {
          users?: SuggestedUser[];
        };
        return res.users ?? [];
      }
      const res = (await clients!.v2.request(byText, { q, limit: 5 }, { signal })) as {
        result?: { users?: SuggestedUser[] };
      };
      return res.result?.users ?? [];
    },
  });
  return query.data ?? [];
}
