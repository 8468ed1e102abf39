// @vitest-environment jsdom
// Like, recast and delete as the acting user (useCastActions), against a real emulator: every cached
// copy of the cast changes at once, the API keeps the reaction, a refusal puts the copies back, and
// the caches that count reactions are refetched.
import type { CastWithInteractions } from '@castkit/sdk/2.x';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useCastActions } from '../src/client/cast/use-cast-actions';
import { queryKeys } from '../src/data/query-keys';
import {
  alice,
  bob,
  type HookEmulator,
  type HookHarness,
  hookHarness,
  startHookEmulator,
} from './support/hooks';

let emu: HookEmulator;
let h: HookHarness;
let hash: string;

beforeAll(async () => {
  emu = await startHookEmulator();
}, 60_000);
beforeEach(async () => {
  await emu.reset();
  h = hookHarness(emu);
  hash = (await emu.api.publishCast({ signerUuid: bob.signerUuid, text: 'a cast to react to' })).cast.hash;
});
afterEach(cleanup);

/** The cast as alice sees it through the API. */
const asAlice = async () =>
  (await emu.api.lookupCastByHashOrWarpcastUrl({ identifier: hash, type: 'hash', viewerFid: alice.fid }))
    .cast;

/** Two cached answers holding the cast, as a feed and the cast's own page would: returns readers. */
async function cacheTwoCopies() {
  const cast = await asAlice();
  const feedKey = queryKeys.feeds.following(alice.fid);
  const detailKey = queryKeys.casts.detail(hash, alice.fid);
  h.queryClient.setQueryData(feedKey, { pages: [{ casts: [cast] }], pageParams: [undefined] });
  h.queryClient.setQueryData(detailKey, { cast });
  const copies = () => {
    const feed = h.queryClient.getQueryData<{ pages: { casts: CastWithInteractions[] }[] }>(feedKey);
    const detail = h.queryClient.getQueryData<{ cast: CastWithInteractions }>(detailKey);
    return [feed!.pages[0]!.casts[0]!, detail!.cast];
  };
  return { cast, copies };
}

const render = () => renderHook(() => useCastActions(), { wrapper: h.wrapper });

describe('useCastActions', () => {
  it('a like changes every cached copy before the API answers', async () => {
    // The API never answers the like and keeps nothing: what the copies show came from the hook.
    await emu.fault({ operation: 'publishReaction', effect: 'timeout' });
    const { cast, copies } = await cacheTwoCopies();
    const { result } = render();
    act(() => result.current.toggle(cast, 'like'));
    await waitFor(() => {
      for (const c of copies()) {
        expect(c.reactions.likes_count).toBe(cast.reactions.likes_count + 1);
        expect(c.viewer_context?.liked).toBe(true);
      }
    });
    expect((await asAlice()).viewer_context?.liked).toBe(false);
  });

  it('a like is kept by the API as alice, and the reaction lists of the cast are refetched', async () => {
    const { cast } = await cacheTwoCopies();
    const reactionsKey = queryKeys.casts.reactions(hash, 'likes');
    const conversationKey = queryKeys.casts.conversation(hash, 2, alice.fid);
    const otherKey = queryKeys.casts.reactions('0xother', 'likes');
    for (const key of [reactionsKey, conversationKey, otherKey])
      h.queryClient.setQueryData(key, { held: true });
    const { result } = render();
    act(() => result.current.toggle(cast, 'like'));
    await waitFor(() => expect(h.queryClient.getQueryState(reactionsKey)?.isInvalidated).toBe(true));
    expect(h.queryClient.getQueryState(conversationKey)?.isInvalidated).toBe(true);
    expect(h.queryClient.getQueryState(otherKey)?.isInvalidated).toBe(false);
    const kept = await asAlice();
    expect(kept.viewer_context?.liked).toBe(true);
    expect(kept.reactions.likes_count).toBe(cast.reactions.likes_count + 1);
    expect(kept.reactions.likes.map((l) => l.fid)).toContain(alice.fid);
    expect(result.current.error).toBeNull();
  });

  it('toggling a cast alice has recast takes the recast back', async () => {
    await emu.api.publishReaction({ signerUuid: alice.signerUuid, reactionType: 'recast', target: hash });
    const { cast, copies } = await cacheTwoCopies();
    expect(cast.viewer_context?.recasted).toBe(true);
    const { result } = render();
    act(() => result.current.toggle(cast, 'recast'));
    await waitFor(async () => expect((await asAlice()).viewer_context?.recasted).toBe(false));
    for (const c of copies()) {
      expect(c.viewer_context?.recasted).toBe(false);
      expect(c.reactions.recasts_count).toBe(cast.reactions.recasts_count - 1);
    }
  });

  it('a like the API refuses puts every copy back and reports the error', async () => {
    await emu.fault({ operation: 'publishReaction', effect: 'error', status: 503, times: 1 });
    const { cast, copies } = await cacheTwoCopies();
    const { result } = render();
    act(() => result.current.toggle(cast, 'like'));
    await waitFor(() => expect(result.current.error).toMatchObject({ status: 503 }));
    expect(copies()).toEqual([cast, cast]);
    expect((await asAlice()).viewer_context?.liked).toBe(false);
  });

  it('a delete removes the cast from the API and marks every cached answer stale', async () => {
    const posted = await emu.api.publishCast({ signerUuid: alice.signerUuid, text: 'to be deleted' });
    const { cast: mine } = await emu.api.lookupCastByHashOrWarpcastUrl({
      identifier: posted.cast.hash,
      type: 'hash',
    });
    const { copies } = await cacheTwoCopies();
    const { result } = render();
    act(() => result.current.remove(mine));
    await waitFor(() =>
      expect(h.queryClient.getQueryState(queryKeys.feeds.following(alice.fid))?.isInvalidated).toBe(true),
    );
    expect(h.queryClient.getQueryState(queryKeys.casts.detail(hash, alice.fid))?.isInvalidated).toBe(true);
    expect(copies()).toHaveLength(2);
    await expect(
      emu.api.lookupCastByHashOrWarpcastUrl({ identifier: mine.hash, type: 'hash' }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
