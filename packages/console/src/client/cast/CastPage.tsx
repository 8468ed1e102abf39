// A cast's page: the casts above it, the cast, its replies nested to a chosen depth (replies the
// API folds away shown on request), and who liked and recast it.
import {
  type CastWithInteractions,
  type CastWithInteractionsAndConversations,
  fetchCastReactions,
  lookupCastConversation,
} from '@castkit/sdk/2.x';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { queryKeys } from '../../data/query-keys';
import { useSdk } from '../../data/use-sdk';
import { useActingAs } from '../acting-as/acting-as';
import { CastCard } from './CastCard';

const route = getRouteApi('/client/cast/$hash');
type Reply = CastWithInteractionsAndConversations;

function Replies({ replies, level }: { replies: Reply[]; level: number }) {
  if (!replies?.length) return null;
  return (
    <ol aria-label={`Replies, level ${level}`} className={level > 1 ? 'ml-6 border-l border-slate-200' : ''}>
      {replies.map((r) => (
        <li key={r.hash}>
          <CastCard cast={r} />
          <Replies replies={(r.direct_replies ?? []) as Reply[]} level={level + 1} />
        </li>
      ))}
    </ol>
  );
}

function Reactors({ hash, type }: { hash: string; type: 'likes' | 'recasts' }) {
  const sdk = useSdk();
  const me = useActingAs();
  const q = useQuery({
    queryKey: queryKeys.casts.reactions(hash, type),
    queryFn: () => sdk!.v2.call(fetchCastReactions, { hash, types: [type], viewerFid: me.fid, limit: 25 }),
    enabled: !!sdk,
  });
  const users = q.data?.reactions.map((r) => r.user) ?? [];
  return (
    <section aria-label={type === 'likes' ? 'Liked by' : 'Recast by'} className="bg-white px-4 py-2 text-sm">
      <h2 className="font-medium text-slate-800">{type === 'likes' ? 'Liked by' : 'Recast by'}</h2>
      {users.length ? (
        <ul className="flex flex-wrap gap-2">
          {users.map((u) => (
            <li key={u.fid}>
              <Link to="/client/profile/$fid" params={{ fid: String(u.fid) }} className="text-indigo-700">
                @{u.username}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-600">{q.isPending ? 'Loading…' : 'Nobody yet'}</p>
      )}
    </section>
  );
}

export function CastPage() {
  const { hash } = route.useParams();
  const { depth = 2, fold } = route.useSearch();
  const navigate = route.useNavigate();
  const sdk = useSdk();
  const me = useActingAs();
  const q = useQuery({
    queryKey: [...queryKeys.casts.conversation(hash, depth, me.fid), fold ?? 'above'],
    queryFn: () =>
      sdk!.v2.call(lookupCastConversation, {
        identifier: hash,
        type: 'hash',
        replyDepth: depth,
        includeChronologicalParentCasts: true,
        viewerFid: me.fid,
        fold: fold ?? 'above',
        limit: 50,
      }),
    enabled: !!sdk,
  });
  if (q.isPending) return <p className="p-4 text-sm text-slate-600">Loading…</p>;
  if (q.isError) {
    return (
      <p role="alert" className="p-4 text-sm text-red-700">
        {q.error.message}
      </p>
    );
  }
  const { cast, chronological_parent_casts: parents = [] } = q.data.conversation;
  return (
    <div>
      <h1 className="sr-only">Cast by @{cast.author.username}</h1>
      {parents.length > 0 && (
        <ol aria-label="Earlier in the thread" className="opacity-90">
          {parents.map((p: CastWithInteractions) => (
            <li key={p.hash}>
              <CastCard cast={p} />
            </li>
          ))}
        </ol>
      )}
      <div data-testid="focused-cast" className="border-l-4 border-indigo-500">
        <CastCard cast={cast} />
      </div>
      <div className="flex gap-2 bg-white px-4 py-2 text-sm">
        <label className="flex items-center gap-1">
          Reply depth
          <select
            value={depth}
            onChange={(e) => navigate({ search: { depth: Number(e.target.value), fold } })}
            className="rounded border border-slate-300"
          >
            {[1, 2, 3, 4, 5].map((d) => (
              <option key={d}>{d}</option>
            ))}
          </select>
        </label>
        <Link
          to="/client/cast/$hash"
          params={{ hash }}
          search={{ depth, fold: fold === 'below' ? 'above' : 'below' }}
          className="text-indigo-700 underline"
        >
          {fold === 'below' ? 'Show the main replies' : 'Show hidden replies'}
        </Link>
      </div>
      <Replies replies={cast.direct_replies as Reply[]} level={1} />
      <Reactors hash={hash} type="likes" />
      <Reactors hash={hash} type="recasts" />
    </div>
  );
}
