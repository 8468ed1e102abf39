// Suggestions for fid and username fields, from the active environment through the SDK.
import { useQuery } from '@tanstack/react-query';
import { findOperation, loadCatalog } from '../../api/catalog';
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

// From the explorer's catalog: single entries imported here would bring the chunk of entries the
// client's screens share into the explorer's first load. 2.44's, which every emulator serves (3.x's
// trailing-slash paths need one from w28 on), whichever generation is shown.
async function entries() {
  const catalog = await loadCatalog('2.44');
  return {
    byFids: findOperation(catalog, 'v2.fetchBulkUsers')!,
    byText: findOperation(catalog, 'v2.searchUser')!,
  };
}

export function useUserSuggestions(text: string, enabled: boolean): SuggestedUser[] {
  const { clients } = useEnv();
  const q = useDebounced(text.trim(), 200);
  const numeric = /^\d+$/.test(q);
  const query = useQuery({
    queryKey: ['user-suggestions', q],
    enabled: enabled && !!clients && q.length > 0,
    staleTime: 30_000,
    queryFn: async ({ signal }): Promise<SuggestedUser[]> => {
      const { byFids, byText } = await entries();
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
