// Routes and their typed search params: the explorer's URL holds the operation and its inputs, so a
// link reproduces a request.
import { createRootRoute, createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { clientRouteTree } from './client/routes';
import { type ExplorerSearch, parseExplorerSearch } from './explorer/explorer-search';
import { AppShell } from './shell/AppShell';

export const rootRoute = createRootRoute({ component: AppShell });

export const explorerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: (search: Record<string, unknown>): ExplorerSearch => parseExplorerSearch(search),
  // Lazy, as the client's pages are: each screen's first load carries only its own code.
  component: lazyRouteComponent(() => import('./explorer/ExplorerPage'), 'ExplorerPage'),
});

// Developer screens: each its own chunk, loaded when first opened, so the explorer's first load
// carries none of them.
const signersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signers',
  component: lazyRouteComponent(() => import('./dev/signers/SignersPage'), 'SignersPage'),
});
const signerApprovalRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signers/approve/$signerUuid',
  component: lazyRouteComponent(() => import('./dev/signers/ApprovePage'), 'ApprovePage'),
});
const metricsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/metrics',
  component: lazyRouteComponent(() => import('./dev/metrics/MetricsPage'), 'MetricsPage'),
});
const storageRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/storage',
  component: lazyRouteComponent(() => import('./dev/storage/StoragePage'), 'StoragePage'),
});
const webhooksRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/webhooks',
  component: lazyRouteComponent(() => import('./dev/webhooks/WebhooksPage'), 'WebhooksPage'),
});
const streamRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/stream',
  component: lazyRouteComponent(() => import('./dev/stream/StreamPage'), 'StreamPage'),
});
const miniappsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/miniapps',
  component: lazyRouteComponent(() => import('./dev/miniapps/MiniappsPage'), 'MiniappsPage'),
});
const walletsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/wallets',
  component: lazyRouteComponent(() => import('./dev/wallets/WalletsPage'), 'WalletsPage'),
});
const controlsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/controls',
  component: lazyRouteComponent(() => import('./dev/controls/ControlsPage'), 'ControlsPage'),
});

export const router = createRouter({
  routeTree: rootRoute.addChildren([
    explorerRoute,
    signersRoute,
    signerApprovalRoute,
    metricsRoute,
    storageRoute,
    webhooksRoute,
    streamRoute,
    miniappsRoute,
    walletsRoute,
    controlsRoute,
    clientRouteTree,
  ]),
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
