// @vitest-environment jsdom
// New casts on top of a feed without reloading (useLiveCasts), against a real emulator: the event
// stream says a cast was created and the feed's first page says which casts are new to this feed;
// without a stream (an upstream) the first page is polled. Casts already shown are not added again.
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleEnv } from '../src/api/env';
import { feedSource } from '../src/client/feed/feed-source';
import { useCastPages } from '../src/client/feed/use-cast-pages';
import { useLiveCasts } from '../src/client/feed/use-live-casts';
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
let channel: string;

beforeAll(async () => {
  emu = await startHookEmulator();
  channel = (await emu.api.fetchAllChannels({ limit: 1 })).channels[0]!.id;
}, 60_000);
beforeEach(() => emu.reset());
afterEach(cleanup);

/** The channel's feed as CastList shows it: its pages, and live casts once they have loaded. */
function renderFeed(environment: ConsoleEnv['environment']) {
  h = hookHarness(emu, environment);
  const source = feedSource({ kind: 'channel', channel }, alice.fid);
  const { result } = renderHook(
    () => {
      const pages = useCastPages(source);
      return { pages, stream: useLiveCasts(source, pages.isSuccess) };
    },
    { wrapper: h.wrapper },
  );
  const shown = () => result.current.pages.data?.pages.flatMap((p) => p.casts.map((c) => c.hash)) ?? [];
  return { result, shown, liveKey: [...source.key, 'live'] };
}

const post = async (text: string) =>
  (await emu.api.publishCast({ signerUuid: bob.signerUuid, text, channelId: channel })).cast.hash;

describe('useLiveCasts', () => {
  it('puts a cast created in the feed on top of its first page once the stream says so', async () => {
    const { result, shown } = renderFeed('emulator');
    await waitFor(() => expect(result.current.stream).toBe('open'));
    const before = shown();
    expect(before.length).toBeGreaterThan(0);
    const hash = await post('live from the channel');
    await waitFor(() => expect(shown()[0]).toBe(hash));
    expect(shown()).toEqual([hash, ...before]);
  });

  it('adds no cast twice when the first page is read again after another cast', async () => {
    const { result, shown, liveKey } = renderFeed('emulator');
    await waitFor(() => expect(result.current.stream).toBe('open'));
    const before = shown();
    const first = await post('first of two');
    await waitFor(() => expect(shown()[0]).toBe(first));
    const reads = h.queryClient.getQueryState(liveKey)!.dataUpdateCount;
    // A cast elsewhere wakes the feed: its first page is read again and holds nothing new.
    await emu.api.publishCast({ signerUuid: bob.signerUuid, text: 'in no channel' });
    await waitFor(() => expect(h.queryClient.getQueryState(liveKey)!.dataUpdateCount).toBeGreaterThan(reads));
    // And a third in the feed: once it shows, every read before it has been merged.
    const third = await post('third');
    await waitFor(() => expect(shown()[0]).toBe(third));
    expect(shown()).toEqual([third, first, ...before]);
  });

  it('polls the first page when there is no stream, as against an upstream', async () => {
    const { result, shown } = renderFeed('upstream');
    await waitFor(() => expect(result.current.pages.isSuccess).toBe(true));
    expect(result.current.stream).toBe('unavailable');
    const before = shown();
    const hash = await post('found by polling');
    // One poll interval (2 s) and the read after it.
    await waitFor(() => expect(shown()[0]).toBe(hash), { timeout: 10_000 });
    expect(shown()).toEqual([hash, ...before]);
  });
});
