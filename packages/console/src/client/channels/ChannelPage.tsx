// One channel: header, follow/unfollow, and its feed, members and followers.
import {
  fetchChannelMembers,
  fetchFollowersForAChannel,
  followChannel,
  lookupChannel,
  unfollowChannel,
} from '@castkit/sdk/2.x';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { queryKeys } from '../../data/query-keys';
import { useSdk } from '../../data/use-sdk';
import { useActingAs } from '../acting-as/acting-as';
import { CastList } from '../feed/CastList';
import { feedSource } from '../feed/feed-source';
import { type ListedUser, UserList } from '../profile/UserList';
import { CHANNEL_TABS } from '../search-params';
import { Tabs } from '../Tabs';
import { safeHttpUrl } from '../text/safe-url';
import { InviteForm } from './InviteForm';

const route = getRouteApi('/client/channel/$id');

function People({ id, tab }: { id: string; tab: 'members' | 'followers' }) {
  const sdk = useSdk();
  const me = useActingAs();
  const q = useQuery({
    queryKey: tab === 'members' ? queryKeys.channels.members(id) : queryKeys.channels.followers(id, me.fid),
    queryFn: async () =>
      tab === 'members'
        ? (await sdk!.v2.call(fetchChannelMembers, { channelId: id, limit: 100 })).members.map(
            (m) => m.user as ListedUser,
          )
        : (await sdk!.v2.call(fetchFollowersForAChannel, { id, viewerFid: me.fid, limit: 100 })).users,
    enabled: !!sdk,
  });
  if (q.isError)
    return (
      <p role="alert" className="p-4 text-sm text-red-700">
        {q.error.message}
      </p>
    );
  return q.data ? <UserList users={q.data} label={tab === 'members' ? 'Members' : 'Followers'} /> : null;
}

export function ChannelPage() {
  const { id } = route.useParams();
  const tab = route.useSearch().tab ?? 'feed';
  const sdk = useSdk();
  const me = useActingAs();
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: queryKeys.channels.detail(id, me.fid),
    queryFn: async () => (await sdk!.v2.call(lookupChannel, { id, viewerFid: me.fid })).channel,
    enabled: !!sdk,
  });
  const follow = useMutation({
    mutationFn: async (on: boolean) => {
      const params = { signerUuid: await me.signer(), channelId: id };
      return on ? sdk!.v2.call(followChannel, params) : sdk!.v2.call(unfollowChannel, params);
    },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.channels.all }),
  });
  if (q.isError)
    return (
      <p role="alert" className="p-4 text-sm text-red-700">
        {q.error.message}
      </p>
    );
  const channel = q.data;
  const following = !!channel?.viewer_context?.following;
  const image = safeHttpUrl(channel?.image_url);
  // Only the lead and moderators may invite (the API answers 403 to anyone else).
  const moderates = !!channel && (channel.lead?.fid === me.fid || !!channel.moderator_fids?.includes(me.fid));
  return (
    <div>
      <header className="flex items-start gap-3 bg-white p-4">
        {image && <img src={image} alt="" className="h-12 w-12 rounded" />}
        <div className="min-w-0 flex-1">
          <h1 className="text-lg font-semibold text-slate-900">
            /{id} {channel?.name && <span className="font-normal">{channel.name}</span>}
          </h1>
          {channel?.description && <p className="text-sm text-slate-700">{channel.description}</p>}
          {channel && <p className="text-sm text-slate-600">{channel.follower_count ?? 0} followers</p>}
        </div>
        {channel && (
          <button
            type="button"
            className="rounded border border-slate-300 px-3 py-1 text-sm"
            disabled={follow.isPending}
            onClick={() => follow.mutate(!following)}
          >
            {following ? 'Unfollow channel' : 'Follow channel'}
          </button>
        )}
      </header>
      {follow.error && (
        <p role="alert" className="p-2 text-sm text-red-700">
          {follow.error.message}
        </p>
      )}
      <Tabs
        label="Channel"
        tabs={CHANNEL_TABS.map((t) => ({
          label: t[0]!.toUpperCase() + t.slice(1),
          active: t === tab,
          link: { to: '/client/channel/$id', params: { id }, search: { tab: t } },
        }))}
      />
      {tab === 'feed' ? (
        <CastList
          key={id}
          source={feedSource({ kind: 'channel', channel: id }, me.fid)}
          label={`/${id} feed`}
        />
      ) : (
        <>
          {tab === 'members' && moderates && <InviteForm channelId={id} />}
          <People id={id} tab={tab} />
        </>
      )}
    </div>
  );
}
