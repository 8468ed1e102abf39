// A user's profile: header with counts and bio, follow / mute / block, and tabs of casts, replies
// and recasts, likes, followers, following and relevant followers.
import {
  fetchBulkUsers,
  fetchRelevantFollowers,
  fetchUserFollowers,
  fetchUserFollowing,
} from '@castkit/sdk/2.x';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { queryKeys } from '../../data/query-keys';
import { useSdk } from '../../data/use-sdk';
import { useActingAs } from '../acting-as/acting-as';
import { CastList } from '../feed/CastList';
import { PROFILE_TABS, type ProfileTab } from '../search-params';
import { Tabs } from '../Tabs';
import { RichText } from '../text/RichText';
import { safeHttpUrl } from '../text/safe-url';
import { profileSource } from './profile-sources';
import { UserList } from './UserList';
import { useRelationship } from './use-relationship';

const route = getRouteApi('/client/profile/$fid');
const TAB_LABELS: Record<ProfileTab, string> = {
  casts: 'Casts',
  replies: 'Replies and recasts',
  likes: 'Likes',
  followers: 'Followers',
  following: 'Following',
  relevant: 'Followers you know',
};
const button = 'rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50 disabled:opacity-50';

function People({ fid, tab }: { fid: number; tab: 'followers' | 'following' | 'relevant' }) {
  const sdk = useSdk();
  const me = useActingAs();
  const q = useQuery({
    queryKey:
      tab === 'relevant'
        ? queryKeys.users.relevantFollowers(fid, me.fid)
        : tab === 'followers'
          ? queryKeys.users.followers(fid, me.fid)
          : queryKeys.users.following(fid, me.fid),
    queryFn: async () => {
      const v2 = sdk!.v2;
      if (tab === 'relevant') {
        const r = await v2.call(fetchRelevantFollowers, { targetFid: fid, viewerFid: me.fid });
        return r.top_relevant_followers_hydrated.map((f) => f.user);
      }
      const params = { fid, viewerFid: me.fid, limit: 100 };
      const r =
        tab === 'followers'
          ? await v2.call(fetchUserFollowers, params)
          : await v2.call(fetchUserFollowing, params);
      return r.users.map((f) => f.user);
    },
    enabled: !!sdk,
  });
  if (q.isPending) return <p className="p-4 text-sm text-slate-600">Loading…</p>;
  if (q.isError)
    return (
      <p role="alert" className="p-4 text-sm text-red-700">
        {q.error.message}
      </p>
    );
  return <UserList users={q.data} label={TAB_LABELS[tab]} />;
}

export function ProfilePage() {
  const fid = Number(route.useParams().fid);
  const tab = route.useSearch().tab ?? 'casts';
  const sdk = useSdk();
  const me = useActingAs();
  const rel = useRelationship(fid);
  const q = useQuery({
    queryKey: queryKeys.users.profile(fid, me.fid),
    queryFn: async () => (await sdk!.v2.call(fetchBulkUsers, { fids: [fid], viewerFid: me.fid })).users[0],
    enabled: !!sdk && Number.isInteger(fid),
  });
  if (q.isPending) return <p className="p-4 text-sm text-slate-600">Loading…</p>;
  if (q.isError || !q.data) {
    return (
      <p role="alert" className="p-4 text-sm text-red-700">
        {q.error?.message ?? `No user with fid ${fid}`}
      </p>
    );
  }
  const user = q.data;
  const following = !!user.viewer_context?.following;
  const blocking = !!user.viewer_context?.blocking;
  const pfp = safeHttpUrl(user.pfp_url);
  const mentions = (user.profile.bio.mentioned_profiles ?? []).flatMap((u) =>
    u.username ? [{ username: u.username, fid: u.fid }] : [],
  );
  return (
    <div>
      <header className="bg-white p-4">
        <div className="flex items-start gap-4">
          {pfp ? (
            <img src={pfp} alt="" className="h-16 w-16 rounded-full" />
          ) : (
            <span className="h-16 w-16 rounded-full bg-slate-200" />
          )}
          <div className="min-w-0 flex-1">
            <h1 className="text-lg font-semibold text-slate-900">{user.display_name || user.username}</h1>
            <p className="text-sm text-slate-600">
              @{user.username} · fid {user.fid}
              {user.viewer_context?.followed_by && ' · follows you'}
            </p>
            <p data-testid="bio" className="mt-1 text-sm text-slate-900">
              <RichText text={user.profile.bio.text} mentions={mentions} />
            </p>
            <p className="mt-1 text-sm text-slate-700">
              <span data-testid="following-count">{user.following_count}</span> following ·{' '}
              <span data-testid="follower-count">{user.follower_count}</span> followers
            </p>
          </div>
          {user.fid !== me.fid && (
            <div className="flex flex-col gap-1">
              <button
                type="button"
                className={button}
                disabled={rel.follow.isPending}
                onClick={() => rel.follow.mutate(!following)}
              >
                {following ? 'Unfollow' : 'Follow'}
              </button>
              <button
                type="button"
                className={button}
                disabled={rel.mute.isPending}
                onClick={() => rel.mute.mutate(!rel.muted)}
              >
                {rel.muted ? 'Unmute' : 'Mute'}
              </button>
              <button
                type="button"
                className={button}
                disabled={rel.block.isPending}
                onClick={() => rel.block.mutate(!blocking)}
              >
                {blocking ? 'Unblock' : 'Block'}
              </button>
            </div>
          )}
        </div>
        {rel.error && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {rel.error.message}
          </p>
        )}
      </header>
      <Tabs
        label="Profile"
        tabs={PROFILE_TABS.map((t) => ({
          label: TAB_LABELS[t],
          active: t === tab,
          link: { to: '/client/profile/$fid', params: { fid: String(fid) }, search: { tab: t } },
        }))}
      />
      {tab === 'casts' || tab === 'replies' || tab === 'likes' ? (
        <CastList key={`${fid}-${tab}`} source={profileSource(fid, tab, me.fid)} label={TAB_LABELS[tab]} />
      ) : (
        <People fid={fid} tab={tab} />
      )}
    </div>
  );
}
