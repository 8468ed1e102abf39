// The test kit under vitest: one emulator per worker, back to the seed before each test, with the
// clock and fault rules at hand.
import { SEED_USERS, useEmulator } from '@castkit/emulator/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const emu = useEmulator({ beforeAll, afterAll, beforeEach });
const alice = SEED_USERS[0];

describe('with the test kit', () => {
  it('a like counts on the cast', async () => {
    const hash = await emu.fixtures.cast(alice, 'like me');
    await emu.fixtures.like(SEED_USERS[1], hash);
    const { cast } = await emu.api.lookupCastByHashOrWarpcastUrl({ identifier: hash, type: 'hash' });
    expect(cast.reactions.likes_count).toBe(1);
  });

  it('a fault rule makes the next call fail the way the service does', async () => {
    emu.faults.add({ operation: 'fetchBulkUsers', effect: 'error', status: 503, times: 1 });
    await expect(emu.api.fetchBulkUsers({ fids: [1] })).rejects.toMatchObject({ status: 503 });
    expect((await emu.api.fetchBulkUsers({ fids: [1] })).users).toHaveLength(1);
  });

  it('casts carry the time the clock was set to', async () => {
    await emu.clock.freeze(Date.parse('2030-01-01T00:00:00Z'));
    const hash = await emu.fixtures.cast(alice, 'from 2030');
    const { cast } = await emu.api.lookupCastByHashOrWarpcastUrl({ identifier: hash, type: 'hash' });
    expect(cast.timestamp).toBe('2030-01-01T00:00:00.000Z');
  });
});
