// Every route the emulator serves, in the order the edge tries them: both APIs, the developer
// controls and public pages under /_emulator, then what a host command adds. One list, so the
// server and the README's table of controls (test/readme-controls.test.ts) cannot drift apart.
import type { Snapshots } from '../domain/snapshots.js';
import type { Route } from '../edge/router.js';
import type { Store } from '../store/store.js';
import { type AdminState, adminRoutes } from './admin.js';
import { clockRoutes } from './admin-clock.js';
import { miniappRoutes } from './admin-miniapps.js';
import { snapshotRoutes } from './admin-snapshots.js';
import { adminWebhookRoutes } from './admin-webhooks.js';
import { assetRoutes } from './assets.js';
import { browserRoutes } from './browser.js';
import { catalogPageRoutes } from './catalog-pages.js';
import { type Faults, faultRoutes } from './faults.js';
import { framePageRoutes } from './frame-pages.js';
import { type RateLimits, rateLimitRoutes } from './rate-limits.js';

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
  return [
    ...parts.api,
    ...adminRoutes(parts.state, store),
    ...clockRoutes(store),
    ...miniappRoutes(store),
    ...adminWebhookRoutes(store),
    ...snapshotRoutes(parts.snapshots),
    ...faultRoutes(parts.faults),
    ...rateLimitRoutes(parts.rateLimits),
    ...framePageRoutes(store),
    ...catalogPageRoutes(store),
    ...assetRoutes,
    ...browserRoutes(store, parts.signerApprovalPage),
    ...(parts.extra ?? []),
  ];
}
