// One cast: author, text, embeds, relative time, and the acting user's actions on it.
import type { CastWithInteractions } from '@castkit/sdk/2.x';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import { useActingAs } from '../acting-as/acting-as';
import { useComposer } from '../compose/composer-context';
import { RichText } from '../text/RichText';
import { relativeTime } from '../text/relative-time';
import { safeHttpUrl } from '../text/safe-url';
import { Embeds } from './Embeds';
import { useCastActions } from './use-cast-actions';

const action = 'rounded px-2 py-0.5 text-xs hover:bg-slate-100';

// Memoized: a new page or a live cast gives the list a new array, but the casts already shown keep
// their objects (TanStack Query's structural sharing), so their rows need not render again.
export const CastCard = memo(function CastCard({
  cast,
  compact = false,
}: {
  cast: CastWithInteractions;
  compact?: boolean;
}) {
  const me = useActingAs();
  const actions = useCastActions();
  const composer = useComposer();
  const liked = !!cast.viewer_context?.liked;
  const recasted = !!cast.viewer_context?.recasted;
  const pfp = safeHttpUrl(cast.author.pfp_url);
  const mentions = (cast.mentioned_profiles ?? []).map((u) => ({ username: u.username, fid: u.fid }));
  return (
    <article
      data-testid="cast"
      data-hash={cast.hash}
      className="flex gap-3 border-b border-slate-200 bg-white px-4 py-3"
    >
      {pfp ? (
        <img src={pfp} alt="" className="h-9 w-9 shrink-0 rounded-full bg-slate-200" />
      ) : (
        <span className="h-9 w-9 shrink-0 rounded-full bg-slate-200" />
      )}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <Link
            to="/client/profile/$fid"
            params={{ fid: String(cast.author.fid) }}
            className="font-semibold text-slate-900"
          >
            {cast.author.display_name || cast.author.username}
          </Link>
          <span className="text-slate-600">@{cast.author.username}</span>
          <Link to="/client/cast/$hash" params={{ hash: cast.hash }} className="text-xs text-slate-600">
            <time dateTime={cast.timestamp} title={cast.timestamp}>
              {relativeTime(cast.timestamp)}
            </time>
          </Link>
          {cast.channel && (
            <Link
              to="/client/channel/$id"
              params={{ id: cast.channel.id }}
              className="text-xs text-indigo-700"
            >
              /{cast.channel.id}
            </Link>
          )}
        </p>
        <div data-testid="cast-text" className="text-sm text-slate-900">
          <RichText text={cast.text} mentions={mentions} />
        </div>
        <Embeds embeds={cast.embeds} />
        {!compact && (
          <div className="mt-1 flex items-center gap-1 text-slate-700">
            <button type="button" className={action} onClick={() => composer.open({ reply: cast })}>
              Reply <span data-testid="replies-count">{cast.replies.count}</span>
            </button>
            <button
              type="button"
              aria-pressed={recasted}
              className={`${action} ${recasted ? 'text-emerald-700' : ''}`}
              onClick={() => actions.toggle(cast, 'recast')}
            >
              Recast <span data-testid="recasts-count">{cast.reactions.recasts_count}</span>
            </button>
            <button
              type="button"
              aria-pressed={liked}
              className={`${action} ${liked ? 'text-rose-700' : ''}`}
              onClick={() => actions.toggle(cast, 'like')}
            >
              Like <span data-testid="likes-count">{cast.reactions.likes_count}</span>
            </button>
            <button type="button" className={action} onClick={() => composer.open({ quote: cast })}>
              Quote
            </button>
            {cast.author.fid === me.fid && (
              <button type="button" className={`${action} text-red-700`} onClick={() => actions.remove(cast)}>
                Delete
              </button>
            )}
          </div>
        )}
      </div>
    </article>
  );
});
