// Search users, casts (literal, semantic or hybrid) and channels; the query and mode live in the URL.
import { searchCasts, searchChannels, searchUser } from '@castkit/sdk/2.x';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { queryKeys } from '../../data/query-keys';
import { useSdk } from '../../data/use-sdk';
import { useActingAs } from '../acting-as/acting-as';
import { CastCard } from '../cast/CastCard';
import { UserList } from '../profile/UserList';
import { SEARCH_KINDS, SEARCH_MODES } from '../search-params';
import { Tabs } from '../Tabs';

const route = getRouteApi('/client/search');

export function SearchPage() {
  const { q = '', kind = 'users', mode = 'literal' } = route.useSearch();
  const navigate = useNavigate();
  const sdk = useSdk();
  const me = useActingAs();
  const [text, setText] = useState(q);
  const enabled = !!sdk && q.length > 0;
  const users = useQuery({
    queryKey: queryKeys.search.users(q, me.fid),
    queryFn: () => sdk!.v2.call(searchUser, { q, viewerFid: me.fid, limit: 10 }),
    enabled: enabled && kind === 'users',
  });
  const casts = useQuery({
    queryKey: queryKeys.search.casts(q, mode, me.fid),
    queryFn: () => sdk!.v2.call(searchCasts, { q, mode, viewerFid: me.fid, limit: 25 }),
    enabled: enabled && kind === 'casts',
  });
  const channels = useQuery({
    queryKey: queryKeys.search.channels(q),
    queryFn: () => sdk!.v2.call(searchChannels, { q, limit: 25 }),
    enabled: enabled && kind === 'channels',
  });
  const error = users.error ?? casts.error ?? channels.error;
  return (
    <div>
      <h1 className="sr-only">Search</h1>
      <form
        className="flex flex-wrap gap-2 bg-white px-4 py-3"
        onSubmit={(e) => {
          e.preventDefault();
          navigate({ to: '/client/search', search: { q: text, kind, mode } });
        }}
      >
        <input
          aria-label="Search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="min-w-0 flex-1 rounded border border-slate-300 px-2 py-1 text-sm"
        />
        {kind === 'casts' && (
          <label className="flex items-center gap-1 text-sm">
            Mode
            <select
              value={mode}
              onChange={(e) =>
                navigate({ to: '/client/search', search: { q, kind, mode: e.target.value as never } })
              }
              className="rounded border border-slate-300"
            >
              {SEARCH_MODES.map((m) => (
                <option key={m}>{m}</option>
              ))}
            </select>
          </label>
        )}
        <button type="submit" className="rounded border border-slate-300 px-3 text-sm">
          Search
        </button>
      </form>
      <Tabs
        label="Search in"
        tabs={SEARCH_KINDS.map((k) => ({
          label: k[0]!.toUpperCase() + k.slice(1),
          active: k === kind,
          link: { to: '/client/search', search: { q, kind: k, mode } },
        }))}
      />
      {error && (
        <p role="alert" className="p-4 text-sm text-red-700">
          {error.message}
        </p>
      )}
      {kind === 'users' && users.data && (
        <UserList users={users.data.result.users} label="Users" empty="No users match." />
      )}
      {kind === 'casts' && casts.data && (
        <section aria-label="Casts">
          {casts.data.result.casts.length ? (
            casts.data.result.casts.map((c) => <CastCard key={c.hash} cast={c} />)
          ) : (
            <p className="bg-white p-4 text-sm text-slate-600">No casts match.</p>
          )}
        </section>
      )}
      {kind === 'channels' && channels.data && (
        <ul aria-label="Channels" className="divide-y divide-slate-200 bg-white">
          {channels.data.channels.map((c) => (
            <li key={c.id} className="px-4 py-2 text-sm">
              <Link to="/client/channel/$id" params={{ id: c.id }} className="text-indigo-700">
                /{c.id}
              </Link>{' '}
              {c.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
