// Channels, their members, followers and invites.
import type { Store } from '../store.js';

/** The channel whose url casts use as parent_url. */
export function channelIdByUrl(store: Store, url: string): string | undefined {
  return store.stmt('SELECT id FROM channels WHERE url = ?').pluck().get(url) as string | undefined;
}
