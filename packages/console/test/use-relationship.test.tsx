// @vitest-environment jsdom
// Follow, mute and block as the acting user (useRelationship), against a real emulator: each write
// reaches the API as alice, `muted` follows alice's mute list, and the profile and feed caches are
// marked stale after a write.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useRelationship } from '../src/client/profile/use-relationship';
import { queryKeys } from '../src/data/query-keys';
import {
  alice,
  carol,
  type HookEmulator,
  type HookHarness,
  hookHarness,
  startHookEmulator,
} from './support/hooks';

let emu: HookEmulator;
let h: HookHarness;

beforeAll(async () => {
  emu = await startHookEmulator();
}, 60_000);
beforeEach(async () => {
  await emu.reset();
  h = hookHarness(emu);
});
afterEach(cleanup);

const render = (target: number) => renderHook(() => useRelationship(target), { wrapper: h.wrapper });

/** carol as alice sees her through the API. */
const carolAsAlice = async () =>
  (await emu.api.fetchBulkUsers({ fids: [carol.fid], viewerFid: alice.fid })).users[0]!;
const mutedByAlice = async () =>
  (await emu.api.fetchMuteList({ fid: alice.fid })).mutes.map((m) => m.muted.fid);

describe('useRelationship', () => {
  it('says muted when alice has muted the target, from her mute list', async () => {
    await emu.api.publishMute({ fid: alice.fid, mutedFid: carol.fid });
    const { result } = render(carol.fid);
    await waitFor(() => expect(result.current.muted).toBe(true));
    const other = render(2);
    // The list has loaded (carol is in it) and bob is not.
    await waitFor(() =>
      expect(h.queryClient.getQueryState(queryKeys.users.mutes(alice.fid))?.status).toBe('success'),
    );
    expect(other.result.current.muted).toBe(false);
  });

  it('an unfollow and a follow reach the API as alice, and mark profiles and feeds stale', async () => {
    const before = await carolAsAlice();
    // The seed has alice following carol.
    expect(before.viewer_context?.following).toBe(true);
    const profileKey = queryKeys.users.profile(carol.fid, alice.fid);
    const feedKey = queryKeys.feeds.following(alice.fid);
    const channelKey = queryKeys.channels.list();
    for (const key of [profileKey, feedKey, channelKey]) h.queryClient.setQueryData(key, { held: true });
    const { result } = render(carol.fid);
    await act(() => result.current.follow.mutateAsync(false));
    const after = await carolAsAlice();
    expect(after.viewer_context?.following).toBe(false);
    expect(after.follower_count).toBe(before.follower_count - 1);
    expect(h.queryClient.getQueryState(profileKey)?.isInvalidated).toBe(true);
    expect(h.queryClient.getQueryState(feedKey)?.isInvalidated).toBe(true);
    expect(h.queryClient.getQueryState(channelKey)?.isInvalidated).toBe(false);
    await act(() => result.current.follow.mutateAsync(true));
    const again = await carolAsAlice();
    expect(again.viewer_context?.following).toBe(true);
    expect(again.follower_count).toBe(before.follower_count);
  });

  it('a mute shows as muted once the list is read again, and an unmute takes it back', async () => {
    const { result } = render(carol.fid);
    await waitFor(() =>
      expect(h.queryClient.getQueryState(queryKeys.users.mutes(alice.fid))?.status).toBe('success'),
    );
    expect(result.current.muted).toBe(false);
    await act(() => result.current.mute.mutateAsync(true));
    expect(await mutedByAlice()).toContain(carol.fid);
    await waitFor(() => expect(result.current.muted).toBe(true));
    await act(() => result.current.mute.mutateAsync(false));
    expect(await mutedByAlice()).not.toContain(carol.fid);
    await waitFor(() => expect(result.current.muted).toBe(false));
  });

  it('a block and an unblock reach the API as alice', async () => {
    const { result } = render(carol.fid);
    await act(() => result.current.block.mutateAsync(true));
    expect((await carolAsAlice()).viewer_context?.blocking).toBe(true);
    await act(() => result.current.block.mutateAsync(false));
    expect((await carolAsAlice()).viewer_context?.blocking).toBe(false);
  });

  it('reports a refused write', async () => {
    await emu.fault({ operation: 'followUser', effect: 'error', status: 503, times: 1 });
    const { result } = render(carol.fid);
    await act(() => result.current.follow.mutateAsync(true).catch(() => undefined));
    await waitFor(() => expect(result.current.error).toMatchObject({ status: 503 }));
  });
});
