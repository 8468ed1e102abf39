// The change tags the read caches drain (store/change-tags.ts) are written by TEMP triggers inside
// the statement that changed a row. SQLite lets an outer statement's conflict handling (an upsert's
// DO UPDATE) override the triggers' own INSERT OR IGNORE, so a trigger that offers one tag twice
// (OLD and NEW of an update name the same object) must not depend on IGNORE to drop the second.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTagging, takeTags } from '../src/store/change-tags.js';
import { memberRole, upsertMember } from '../src/store/queries/channels.js';
import { Store } from '../src/store/store.js';

describe('change tags', () => {
  let store: Store;
  beforeEach(() => {
    store = new Store({ path: ':memory:' });
    startTagging(store.db);
    store.db.exec(
      `INSERT INTO channels (id, url, name, created_at) VALUES ('probe', 'chain://probe', 'Probe', 0)`,
    );
  });
  afterEach(() => store.close());

  it('survive an upsert that updates a row whose old and new state tag the same object', () => {
    upsertMember(store, 'probe', 7, 'member', 1);
    takeTags(store.db);
    expect(() => upsertMember(store, 'probe', 7, 'moderator', 2)).not.toThrow();
    expect(memberRole(store, 'probe', 7)).toBe('moderator');
    expect(takeTags(store.db)).toEqual(['channel:probe']);
  });
});
