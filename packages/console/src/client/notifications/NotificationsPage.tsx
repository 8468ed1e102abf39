// The acting user's notifications: all, by type, for a channel or a parent URL. Unread ones are
// marked; "Mark as seen" clears them through the API.
import {
  fetchAllNotifications,
  fetchChannelNotificationsForUser,
  fetchNotificationsByParentUrlForUser,
  markNotificationsAsSeen,
  type Notification,
} from '@castkit/sdk/2.x';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { queryKeys } from '../../data/query-keys';
import { useSdk } from '../../data/use-sdk';
import { useActingAs } from '../acting-as/acting-as';
import { NOTIFICATION_TYPES } from '../search-params';
import { Tabs } from '../Tabs';
import { RichText } from '../text/RichText';
import { relativeTime } from '../text/relative-time';

const route = getRouteApi('/client/notifications');

function actors(n: Notification): string[] {
  if (n.follows?.length) return n.follows.map((f) => f.user.username);
  if (n.reactions?.length) return n.reactions.map((r) => r.user.username);
  return n.cast ? [n.cast.author.username] : [];
}

function Item({ n }: { n: Notification }) {
  const who = actors(n);
  return (
    <li data-testid="notification" data-seen={n.seen} className="flex gap-2 px-4 py-2 text-sm">
      {!n.seen && (
        <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-indigo-600" role="img" aria-label="Unread" />
      )}
      <div className="min-w-0">
        <p>
          <span className="font-medium">
            {who
              .slice(0, 3)
              .map((u) => `@${u}`)
              .join(', ')}
          </span>
          {who.length > 3 && ` and ${who.length - 3} more`} · {n.type} ·{' '}
          <time dateTime={n.most_recent_timestamp}>{relativeTime(n.most_recent_timestamp)}</time>
        </p>
        {n.cast && (
          <Link to="/client/cast/$hash" params={{ hash: n.cast.hash }} className="block text-slate-700">
            <RichText text={n.cast.text} />
          </Link>
        )}
      </div>
    </li>
  );
}

export function NotificationsPage() {
  const { type, channel, url } = route.useSearch();
  const sdk = useSdk();
  const me = useActingAs();
  const qc = useQueryClient();
  const scope = channel ? `channel:${channel}` : url ? `url:${url}` : (type ?? 'all');
  const q = useQuery({
    queryKey: queryKeys.notifications.list(me.fid, scope),
    queryFn: () => {
      const v2 = sdk!.v2;
      if (channel)
        return v2.call(fetchChannelNotificationsForUser, { fid: me.fid, channelIds: [channel], limit: 25 });
      if (url)
        return v2.call(fetchNotificationsByParentUrlForUser, { fid: me.fid, parentUrls: [url], limit: 25 });
      return v2.call(fetchAllNotifications, { fid: me.fid, type: type ? [type] : undefined, limit: 25 });
    },
    enabled: !!sdk,
  });
  const markSeen = useMutation({
    mutationFn: async () => sdk!.v2.call(markNotificationsAsSeen, { signerUuid: await me.signer(), type }),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
  const items = q.data?.notifications ?? [];
  return (
    <div>
      <div className="flex items-center gap-2 bg-white px-4 pt-3">
        <h1 className="text-lg font-semibold">Notifications</h1>
        <span data-testid="unseen-count" className="text-sm text-slate-600">
          {q.data && 'unseen_notifications_count' in q.data
            ? `${q.data.unseen_notifications_count} unread`
            : ''}
        </span>
        <button
          type="button"
          className="ml-auto rounded border border-slate-300 px-3 py-1 text-sm"
          disabled={markSeen.isPending}
          onClick={() => markSeen.mutate()}
        >
          Mark as seen
        </button>
      </div>
      <Tabs
        label="Notification types"
        tabs={[
          { label: 'All', active: scope === 'all', link: { to: '/client/notifications', search: {} } },
          ...NOTIFICATION_TYPES.map((t) => ({
            label: t[0]!.toUpperCase() + t.slice(1),
            active: scope === t,
            link: { to: '/client/notifications' as const, search: { type: t } },
          })),
        ]}
      />
      {(channel || url) && (
        <p className="break-all bg-white px-4 py-1 text-sm text-slate-700">
          For {channel ? `/${channel}` : url}
        </p>
      )}
      {markSeen.error && (
        <p role="alert" className="p-2 text-sm text-red-700">
          {markSeen.error.message}
        </p>
      )}
      {q.isError && (
        <p role="alert" className="p-4 text-sm text-red-700">
          {q.error.message}
        </p>
      )}
      {q.isSuccess && !items.length && <p className="bg-white p-4 text-sm text-slate-600">Nothing yet.</p>}
      <ul aria-label="Notifications" className="divide-y divide-slate-200 bg-white">
        {items.map((n, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: notifications have no id
          <Item key={i} n={n} />
        ))}
      </ul>
    </div>
  );
}
