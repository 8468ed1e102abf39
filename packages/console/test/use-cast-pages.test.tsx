// @vitest-environment jsdom
// Infinite pages of casts over cursors (useCastPages), against a real emulator: each next page is
// the one the API's cursor names, a feed ends where the API stops giving a cursor, and a disabled
// list reads nothing.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { feedSource } from '../src/client/feed/feed-source';
import { useCastPages } from '../src/client/feed/use-cast-pages';
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

beforeAll(async () => {
  emu = await startHookEmulator();
}, 60_000);
beforeEach(async () => {
  await emu.reset();
  h = hookHarness(emu);
});
afterEach(cleanup);

type Rendered = { current: ReturnType<typeof useCastPages> };

/** Asks for the next page and waits until the hook shows it (the query notifies React a tick later). */
async function nextPage(result: Rendered) {
  const pages = result.current.data!.pages.length;
  await act(() => result.current.fetchNextPage());
  await waitFor(() => expect(result.current.data!.pages.length).toBe(pages + 1));
}

describe('useCastPages', () => {
  it("walks alice's following feed page by page, each page the one the API's cursor names", async () => {
    const source = feedSource({ kind: 'following' }, alice.fid);
    const { result } = renderHook(() => useCastPages(source), { wrapper: h.wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    for (let i = 0; i < 2; i++) await nextPage(result);
    const shown = result.current.data!.pages.map((p) => p.casts.map((c) => c.hash));
    // The same three pages read through the SDK, following next.cursor.
    const expected: string[][] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 3; i++) {
      const page = await emu.api.fetchUserFollowingFeed({
        fid: alice.fid,
        viewerFid: alice.fid,
        limit: 25,
        cursor,
      });
      expected.push(page.casts.map((c) => c.hash));
      cursor = page.next.cursor ?? undefined;
    }
    expect(shown).toEqual(expected);
    expect(shown.map((p) => p.length)).toEqual([25, 25, 25]);
    expect(new Set(shown.flat()).size).toBe(75);
    expect(result.current.hasNextPage).toBe(true);
  });

  it('ends where the API gives no cursor', async () => {
    const { channels } = await emu.api.fetchAllChannels({ limit: 1 });
    const id = channels[0]!.id;
    // More casts than a page holds and fewer than the API's largest page, so one read has them all.
    const before = (await emu.api.fetchFeedByChannelIds({ channelIds: [id], limit: 100 })).casts.length;
    for (let i = before; i < 30; i++) {
      await emu.api.publishCast({ signerUuid: bob.signerUuid, text: `filler ${i}`, channelId: id });
    }
    const total = Math.max(before, 30);
    const source = feedSource({ kind: 'channel', channel: id }, alice.fid);
    const { result } = renderHook(() => useCastPages(source), { wrapper: h.wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    while (result.current.hasNextPage) await nextPage(result);
    const hashes = result.current.data!.pages.flatMap((p) => p.casts.map((c) => c.hash));
    const all = await emu.api.fetchFeedByChannelIds({ channelIds: [id], viewerFid: alice.fid, limit: 100 });
    expect(total).toBeLessThanOrEqual(100);
    expect(hashes).toEqual(all.casts.map((c) => c.hash));
    expect(result.current.data!.pages.length).toBe(Math.ceil(total / 25));
  });

  it('reads nothing while disabled', async () => {
    const source = feedSource({ kind: 'following' }, alice.fid);
    const { result } = renderHook(() => useCastPages(source, false), { wrapper: h.wrapper });
    expect(result.current.fetchStatus).toBe('idle');
    expect(result.current.data).toBeUndefined();
    expect(h.queryClient.getQueryState(source.key)?.dataUpdatedAt).toBe(0);
  });
});
