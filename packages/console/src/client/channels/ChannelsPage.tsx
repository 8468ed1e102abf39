// Channels: all, trending, search, and the acting user's invites (accept or decline).
import {
  fetchAllChannels,
  fetchChannelInvites,
  fetchTrendingChannels,
  respondChannelInvite,
  searchChannels,
} from '@castkit/sdk/2.x';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { queryKeys } from '../../data/query-keys';
import { useSdk } from '../../data/use-sdk';
import { useActingAs } from '../acting-as/acting-as';
import { Tabs } from '../Tabs';

const route = getRouteApi('/client/channels');
type Row = { id: string; name?: string; description?: string; follower_count?: number };

function ChannelRows({ channels }: { channels: Row[] }) {
  if (!channels.length) return <p className="bg-white p-4 text-sm text-slate-600">No channels.</p>;
  return (
    <ul aria-label="Channels" className="divide-y divide-slate-200 bg-white">
      {channels.map((c) => (
        <li key={c.id} className="px-4 py-2 text-sm">
          <Link to="/client/channel/$id" params={{ id: c.id }} className="font-medium text-indigo-700">
            /{c.id}
          </Link>{' '}
          <span className="text-slate-800">{c.name}</span>
          {c.follower_count !== undefined && (
            <span className="text-slate-600"> · {c.follower_count} followers</span>
          )}
          {c.description && <p className="text-slate-600">{c.description}</p>}
        </li>
      ))}
    </ul>
  );
}

function Invites() {
  const sdk = useSdk();
  const me = useActingAs();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: queryKeys.channels.invites(me.fid),
    queryFn: () => sdk!.v2.call(fetchChannelInvites, { invitedFid: me.fid, limit: 50 }),
    enabled: !!sdk,
  });
  const respond = useMutation({
    mutationFn: async (v: { channelId: string; role: 'member' | 'moderator'; accept: boolean }) =>
      sdk!.v2.call(respondChannelInvite, { signerUuid: await me.signer(), ...v }),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.channels.all }),
  });
  const invites = q.data?.invites ?? [];
  const error = q.error ?? respond.error;
  const problem = error && (
    <p role="alert" className="p-4 text-sm text-red-700">
      {error.message}
    </p>
  );
  if (!invites.length)
    return (
      <>
        {problem}
        <p className="bg-white p-4 text-sm text-slate-600">{q.isPending ? 'Loading…' : 'No invites.'}</p>
      </>
    );
  return (
    <>
      {problem}
      <ul aria-label="Invites" className="divide-y divide-slate-200 bg-white">
        {invites.map((i) => (
          <li key={`${i.channel_id}-${i.role}`} className="flex items-center gap-2 px-4 py-2 text-sm">
            /{i.channel_id} as {i.role}, from @{i.inviter.username}
            <button
              type="button"
              className="ml-auto rounded border px-2"
              disabled={respond.isPending}
              onClick={() => respond.mutate({ channelId: i.channel_id, role: i.role, accept: true })}
            >
              Accept
            </button>
            <button
              type="button"
              className="rounded border px-2"
              disabled={respond.isPending}
              onClick={() => respond.mutate({ channelId: i.channel_id, role: i.role, accept: false })}
            >
              Decline
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

export function ChannelsPage() {
  const { tab = 'all', q = '' } = route.useSearch();
  const navigate = useNavigate();
  const sdk = useSdk();
  const [text, setText] = useState(q);
  const list = useQuery({
    queryKey:
      tab === 'trending'
        ? queryKeys.channels.trending('7d')
        : tab === 'search'
          ? queryKeys.search.channels(q)
          : queryKeys.channels.list(),
    // Every tab keeps the `{ channels }` shape: the list's key is shared with the composer's channel choice.
    queryFn: async (): Promise<{ channels: Row[] }> => {
      const v2 = sdk!.v2;
      if (tab === 'trending') {
        const r = await v2.call(fetchTrendingChannels, { timeWindow: '7d', limit: 25 });
        return { channels: r.channels.map((a) => a.channel) };
      }
      if (tab === 'search') return v2.call(searchChannels, { q, limit: 25 });
      return v2.call(fetchAllChannels, { limit: 100 });
    },
    enabled: !!sdk && tab !== 'invites' && (tab !== 'search' || q.length > 0),
  });
  return (
    <div>
      <h1 className="sr-only">Channels</h1>
      <Tabs
        label="Channel lists"
        tabs={(['all', 'trending', 'search', 'invites'] as const).map((t) => ({
          label: t[0]!.toUpperCase() + t.slice(1),
          active: t === tab,
          link: { to: '/client/channels', search: { tab: t } },
        }))}
      />
      {tab === 'search' && (
        <form
          className="flex gap-2 bg-white px-4 py-2"
          onSubmit={(e) => {
            e.preventDefault();
            navigate({ to: '/client/channels', search: { tab: 'search', q: text } });
          }}
        >
          <input
            aria-label="Search channels"
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="flex-1 rounded border border-slate-300 px-2 py-1 text-sm"
          />
          <button type="submit" className="rounded border border-slate-300 px-3 text-sm">
            Search
          </button>
        </form>
      )}
      {tab === 'invites' ? (
        <Invites />
      ) : list.data ? (
        <ChannelRows channels={list.data.channels} />
      ) : list.isError ? (
        <p role="alert" className="p-4 text-sm text-red-700">
          {list.error.message}
        </p>
      ) : null}
    </div>
  );
}
