// Every route the emulator serves, in the order the edge tries them: both APIs, the developer
// controls (one handler for each route control/routes.ts declares) and the public pages under
// /_emulator, then what a host command adds. One list, so the server, the declaration and the
// README's table of controls (test/readme-controls.test.ts) cannot drift apart.
import type { Snapshots } from '../domain/snapshots.js';
import type { Route } from '../edge/router.js';
import type { Store } from '../store/store.js';
import { type AdminState, adminHandlers } from './admin.js';
import { clockHandlers } from './admin-clock.js';
import { miniappHandlers } from './admin-miniapps.js';
import { snapshotFileHandlers } from './admin-snapshot-files.js';
import { snapshotHandlers } from './admin-snapshots.js';
import { walletHandlers } from './admin-wallets.js';
import { webhookControlHandlers } from './admin-webhooks.js';
import { assetRoutes } from './assets.js';
import { authAddressApprovalHandlers, browserRoutes, signerApprovalHandlers } from './browser.js';
import { catalogPageRoutes } from './catalog-pages.js';
import { type ControlHandlers, controlRoutes } from './control-routes.js';
import { type Faults, faultHandlers } from './faults.js';
import { framePageRoutes } from './frame-pages.js';
import { onchainPageRoutes } from './onchain-pages.js';
import { type RateLimits, rateLimitHandlers } from './rate-limits.js';

export interface RouteParts {
  api: Route[];
  state: AdminState;
  store: Store;
  snapshots: Snapshots;
  faults: Faults;
  rateLimits: RateLimits;
  signerApprovalPage?: string;
  extra?: Route[];
}

export function emulatorRoutes(parts: RouteParts): Route[] {
  const { store } = parts;
  const controls: ControlHandlers = {
    ...adminHandlers(parts.state, store),
    ...snapshotHandlers(parts.snapshots),
    ...snapshotFileHandlers(parts.snapshots),
    ...clockHandlers(store),
    ...faultHandlers(parts.faults),
    ...rateLimitHandlers(parts.rateLimits),
    ...webhookControlHandlers(store),
    ...miniappHandlers(store),
    ...walletHandlers(store),
    ...signerApprovalHandlers(store, parts.signerApprovalPage),
    ...authAddressApprovalHandlers(store),
  };
  return [
    ...parts.api,
    ...controlRoutes(controls),
    ...framePageRoutes(store),
    ...catalogPageRoutes(store),
    ...onchainPageRoutes(store),
    ...assetRoutes,
    ...browserRoutes,
    ...(parts.extra ?? []),
  ];
}
