// The client's routes under /client, added to the app's tree in one line. Pages load lazily, so the
// explorer's first load carries none of the client and the client's none of the explorer. The
// parent is read lazily (getParentRoute), so importing it from the router is no cycle at load time.
// Each route is its own const: routes built inline in addChildren lose their typed ids.
import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../router';
import {
  parseCastSearch,
  parseChannelSearch,
  parseChannelsSearch,
  parseFeedSearch,
  parseNotificationsSearch,
  parseProfileSearch,
  parseSearchSearch,
} from './search-params';

const layout = createRoute({
  getParentRoute: () => rootRoute,
  path: 'client',
  component: lazyRouteComponent(() => import('./ClientLayout'), 'ClientLayout'),
});
const feed = createRoute({
  getParentRoute: () => layout,
  path: '/',
  validateSearch: parseFeedSearch,
  component: lazyRouteComponent(() => import('./feed/FeedPage'), 'FeedPage'),
});
const cast = createRoute({
  getParentRoute: () => layout,
  path: 'cast/$hash',
  validateSearch: parseCastSearch,
  component: lazyRouteComponent(() => import('./cast/CastPage'), 'CastPage'),
});
const profile = createRoute({
  getParentRoute: () => layout,
  path: 'profile/$fid',
  validateSearch: parseProfileSearch,
  component: lazyRouteComponent(() => import('./profile/ProfilePage'), 'ProfilePage'),
});
const channels = createRoute({
  getParentRoute: () => layout,
  path: 'channels',
  validateSearch: parseChannelsSearch,
  component: lazyRouteComponent(() => import('./channels/ChannelsPage'), 'ChannelsPage'),
});
const channel = createRoute({
  getParentRoute: () => layout,
  path: 'channel/$id',
  validateSearch: parseChannelSearch,
  component: lazyRouteComponent(() => import('./channels/ChannelPage'), 'ChannelPage'),
});
const notifications = createRoute({
  getParentRoute: () => layout,
  path: 'notifications',
  validateSearch: parseNotificationsSearch,
  component: lazyRouteComponent(() => import('./notifications/NotificationsPage'), 'NotificationsPage'),
});
const search = createRoute({
  getParentRoute: () => layout,
  path: 'search',
  validateSearch: parseSearchSearch,
  component: lazyRouteComponent(() => import('./search/SearchPage'), 'SearchPage'),
});

export const clientRouteTree = layout.addChildren([
  feed,
  cast,
  profile,
  channels,
  channel,
  notifications,
  search,
]);
