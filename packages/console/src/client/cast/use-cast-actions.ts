// Like, recast and delete as the acting user. Reactions change every cached copy at once and are
// put back if the API refuses; the caches that count them are refetched after either outcome.
import { type CastWithInteractions, deleteCast, deleteReaction, publishReaction } from '@castkit/sdk/2.x';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../data/query-keys';
import { useSdk } from '../../data/use-sdk';
import { useActingAs } from '../acting-as/acting-as';
import { updateCachedCast } from './cast-cache';

type Kind = 'like' | 'recast';
interface ReactionInput {
  cast: CastWithInteractions;
  kind: Kind;
  on: boolean;
}

const COUNT = { like: 'likes_count', recast: 'recasts_count' } as const;
const FLAG = { like: 'liked', recast: 'recasted' } as const;

function toggled(cast: CastWithInteractions, kind: Kind, on: boolean): CastWithInteractions {
  const count = cast.reactions[COUNT[kind]] + (on ? 1 : -1);
  return {
    ...cast,
    reactions: { ...cast.reactions, [COUNT[kind]]: Math.max(0, count) },
    viewer_context: { liked: false, recasted: false, ...cast.viewer_context, [FLAG[kind]]: on },
  };
}

export function useCastActions() {
  const sdk = useSdk();
  const me = useActingAs();
  const qc = useQueryClient();

  const react = useMutation({
    mutationFn: async ({ cast, kind, on }: ReactionInput) => {
      const signerUuid = await me.signer();
      const params = { signerUuid, reactionType: kind, target: cast.hash, targetAuthorFid: cast.author.fid };
      return on ? sdk!.v2.call(publishReaction, params) : sdk!.v2.call(deleteReaction, params);
    },
    onMutate: ({ cast, kind, on }) => ({
      rollback: updateCachedCast(qc, cast.hash, (c) => toggled(c as CastWithInteractions, kind, on)),
    }),
    onError: (_error, _input, context) => context?.rollback(),
    onSettled: (_data, _error, { cast }) => {
      qc.invalidateQueries({ queryKey: [...queryKeys.casts.all, 'conversation', cast.hash] });
      qc.invalidateQueries({ queryKey: [...queryKeys.casts.all, 'reactions', cast.hash] });
    },
  });

  const remove = useMutation({
    mutationFn: async (cast: CastWithInteractions) =>
      sdk!.v2.call(deleteCast, { signerUuid: await me.signer(), targetHash: cast.hash }),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.all }),
  });

  return {
    toggle: (cast: CastWithInteractions, kind: Kind) => {
      const on = !cast.viewer_context?.[FLAG[kind]];
      react.mutate({ cast, kind, on });
    },
    remove: remove.mutate,
    error: react.error ?? remove.error,
  };
}
