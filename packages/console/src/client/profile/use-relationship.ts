// Follow, mute and block as the acting user. Each refetches what it changes: the profile (counts,
// viewer context), the feeds (following changes what they hold) and the lists.
import {
  deleteBlock,
  deleteMute,
  fetchMuteList,
  followUser,
  publishBlock,
  publishMute,
  unfollowUser,
} from '@castkit/sdk/2.x';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../data/query-keys';
import { useSdk } from '../../data/use-sdk';
import { useActingAs } from '../acting-as/acting-as';

export function useRelationship(target: number) {
  const sdk = useSdk();
  const me = useActingAs();
  const qc = useQueryClient();
  const mutes = useQuery({
    queryKey: queryKeys.users.mutes(me.fid),
    queryFn: () => sdk!.v2.call(fetchMuteList, { fid: me.fid, limit: 100 }),
    enabled: !!sdk,
  });
  const refresh = () => {
    qc.invalidateQueries({ queryKey: queryKeys.users.all });
    qc.invalidateQueries({ queryKey: queryKeys.feeds.all });
  };
  const follow = useMutation({
    mutationFn: async (on: boolean) => {
      const params = { signerUuid: await me.signer(), targetFids: [target] };
      return on ? sdk!.v2.call(followUser, params) : sdk!.v2.call(unfollowUser, params);
    },
    onSettled: refresh,
  });
  const mute = useMutation({
    mutationFn: (on: boolean) => {
      const params = { fid: me.fid, mutedFid: target };
      return on ? sdk!.v2.call(publishMute, params) : sdk!.v2.call(deleteMute, params);
    },
    onSettled: refresh,
  });
  const block = useMutation({
    mutationFn: async (on: boolean) => {
      const params = { signerUuid: await me.signer(), blockedFid: target };
      return on ? sdk!.v2.call(publishBlock, params) : sdk!.v2.call(deleteBlock, params);
    },
    onSettled: refresh,
  });
  const muted = !!mutes.data?.mutes.some((m) => m.muted.fid === target);
  return { follow, mute, block, muted, error: follow.error ?? mute.error ?? block.error };
}
