// Routes and their typed search params: the explorer's URL holds the operation and its inputs, so a
// link reproduces a request.
import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { ExplorerPage } from './explorer/ExplorerPage';
import { type ExplorerSearch, parseExplorerSearch } from './explorer/explorer-search';
import { AppShell } from './shell/AppShell';

const rootRoute = createRootRoute({ component: AppShell });

export const explorerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: (search: Record<string, unknown>): ExplorerSearch => parseExplorerSearch(search),
  component: ExplorerPage,
});

export const router = createRouter({ routeTree: rootRoute.addChildren([explorerRoute]) });

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
