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

export const router = createRouter({
  routeTree: rootRoute.addChildren([explorerRoute, clientRouteTree]),
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
