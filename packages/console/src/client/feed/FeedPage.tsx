// Home: the following feed (live), for you, trending over a time window, a channel or a parent URL.
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useActingAs } from '../acting-as/acting-as';
import { TIME_WINDOWS } from '../search-params';
import { Tabs } from '../Tabs';
import { CastList } from './CastList';
import { type FeedKind, feedSource } from './feed-source';

const route = getRouteApi('/client/');
const LABELS: Record<FeedKind, string> = {
  following: 'Following',
  for_you: 'For you',
  trending: 'Trending',
  channel: 'Channel',
  parent_url: 'Parent URL',
};

export function FeedPage() {
  const search = route.useSearch();
  const navigate = useNavigate();
  const me = useActingAs();
  const kind = search.feed ?? 'following';
  const source = feedSource({ ...search, kind }, me.fid);
  return (
    <div>
      <Tabs
        label="Feeds"
        tabs={(['following', 'for_you', 'trending'] as const).map((k) => ({
          label: LABELS[k],
          active: kind === k,
          link: { to: '/client', search: { feed: k } },
        }))}
      />
      {kind === 'trending' && (
        <label className="flex items-center gap-2 bg-white px-4 py-2 text-sm">
          Time window
          <select
            value={search.window ?? '24h'}
            onChange={(e) =>
              navigate({ to: '/client', search: { feed: 'trending', window: e.target.value as never } })
            }
            className="rounded border border-slate-300 px-1 py-0.5"
          >
            {TIME_WINDOWS.map((w) => (
              <option key={w}>{w}</option>
            ))}
          </select>
        </label>
      )}
      {kind === 'parent_url' && (
        <p className="break-all bg-white px-4 py-2 text-sm text-slate-700">Casts under {search.url}</p>
      )}
      <h1 className="sr-only">{LABELS[kind]} feed</h1>
      <CastList
        key={source.key.join('|')}
        source={source}
        label={`${LABELS[kind]} feed`}
        live={kind === 'following'}
      />
    </div>
  );
}
