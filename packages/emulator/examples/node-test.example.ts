// The test kit under node:test: one emulator for the file, back to the seed before each test.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { SEED_USERS, useEmulator } from '@castkit/emulator/testing';

const emu = useEmulator({ before, after, beforeEach });
const alice = SEED_USERS[0];

describe('a new user', () => {
  it('casts, and alice follows them', async () => {
    const dana = await emu.fixtures.user({ username: 'dana' });
    const hash = await emu.fixtures.cast(dana, 'hello from node:test');
    await emu.fixtures.follow(alice, dana.fid);
    const { users } = await emu.api.fetchBulkUsers({ fids: [dana.fid] });
    assert.equal(users[0]?.follower_count, 1);
    const { cast } = await emu.api.lookupCastByHashOrWarpcastUrl({ identifier: hash, type: 'hash' });
    assert.equal(cast.author.username, 'dana');
  });

  it('is gone in the next test: each starts from the seed', async () => {
    const { available } = await emu.api.isFnameAvailable({ fname: 'dana' });
    assert.equal(available, true);
  });
});
