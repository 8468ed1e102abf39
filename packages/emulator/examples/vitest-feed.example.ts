// A second file of the same suite: it gets an emulator of its own worker, at the seed.
import { SEED_USERS, useEmulator } from '@castkit/emulator/testing';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';

const emu = useEmulator({ beforeAll, afterAll, beforeEach });
const [alice, bob] = SEED_USERS;

it('a new user follows alice and sees her cast in the following feed', async () => {
  const user = await emu.fixtures.user({ username: 'feedreader' });
  await emu.fixtures.follow(user, alice.fid);
  const hash = await emu.fixtures.cast(alice, 'for my followers');
  const feed = await emu.api.fetchUserFollowingFeed({ fid: user.fid, limit: 10 });
  expect(feed.casts.map((c) => c.hash)).toContain(hash);
});

it('starts from the seed: the user of the test before is gone', async () => {
  const { result } = await emu.api.searchUser({ q: 'feedreader', limit: 5 });
  expect(result.users.map((u) => u.username)).not.toContain('feedreader');
  expect((await emu.api.fetchBulkUsers({ fids: [bob.fid] })).users[0]?.username).toBe(bob.username);
});
