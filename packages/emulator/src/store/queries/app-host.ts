// The app host operations' reads: mini apps by the domain the API names them with, and the apps a
// user has notifications on for.
import { rows } from '../statements.js';
import type { Store } from '../store.js';
import type { MiniappRow } from './miniapps.js';

const APPS_MENTIONING = rows<[text: string], MiniappRow>(
  'SELECT * FROM miniapps WHERE instr(url, ?) > 0 ORDER BY developer DESC, id',
);

/** Apps whose URL contains `text` (the caller checks the host): the developer's first, then by id. */
export function appsMentioning(store: Store, text: string): MiniappRow[] {
  return APPS_MENTIONING.all(store, text);
}

export type EnabledApp = { url: string; updated_at: number };

const ENABLED_APPS = rows<[fid: number], EnabledApp>(
  `SELECT a.url, u.updated_at FROM miniapp_users u JOIN miniapps a ON a.id = u.app_id
     WHERE u.fid = ? AND u.enabled = 1 ORDER BY u.updated_at DESC, a.id`,
);

/** The apps `fid` has notifications on for, most recently changed first. */
export function enabledApps(store: Store, fid: number): EnabledApp[] {
  return ENABLED_APPS.all(store, fid);
}
