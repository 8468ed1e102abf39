// @vitest-environment jsdom
// The stream screen's connection (useStream), against a real emulator's /realtime: events arrive
// newest first with the raw JSON-RPC frames of the same connection, a pause holds events back and a
// resume shows every one of them, the filters chosen reach the subscription, and a refused login
// ends in a closed state that says why.
import type { WebhookEvent } from '@castkit/sdk/2.x';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useStream } from '../src/dev/stream/use-stream';
import { alice, bob, type HookEmulator, startHookEmulator } from './support/hooks';

let emu: HookEmulator;

beforeAll(async () => {
  emu = await startHookEmulator();
}, 60_000);
beforeEach(() => emu.reset());
afterEach(cleanup);

const post = async (by: { signerUuid: string }, text: string) =>
  (await emu.api.publishCast({ signerUuid: by.signerUuid, text })).cast.hash;

/** The hash of a cast.created event's cast. */
const hashOf = (e: WebhookEvent) => (e.type === 'cast.created' ? e.data.hash : undefined);

/** useStream connected to the emulator and subscribed to cast.created with `filters`. */
async function live(filters: Parameters<ReturnType<typeof useStream>['start']>[1] = {}) {
  const rendered = renderHook(() => useStream(emu.url, emu.apiKey));
  await act(() => rendered.result.current.start(['cast.created'], filters));
  await waitFor(() => expect(rendered.result.current.status.state).toBe('live'));
  return rendered;
}

describe('useStream', () => {
  it('shows created casts newest first, with the frames of the connection they came on', async () => {
    const { result } = await live();
    const first = await post(alice, 'first on the stream');
    const second = await post(bob, 'second on the stream');
    await waitFor(() => expect(result.current.events.map((e) => hashOf(e.event))).toEqual([second, first]));
    expect(result.current.events[0]!.eventId).toBeGreaterThan(result.current.events[1]!.eventId);
    const frames = result.current.frames;
    // Newest first, numbered in order; the subscribe request went out and each event came in on it.
    expect(frames.map((f) => f.seq)).toEqual([...frames.map((f) => f.seq)].sort((a, b) => b - a));
    const sent = frames.filter((f) => f.direction === 'sent').map((f) => JSON.parse(f.text).method);
    expect(sent).toContain('subscribe');
    const received = frames.filter((f) => f.direction === 'received').map((f) => f.text);
    for (const hash of [first, second]) expect(received.some((t) => t.includes(hash))).toBe(true);
  });

  it('holds events back while paused and shows every one on resume, newest first', async () => {
    const { result } = await live();
    const before = await post(alice, 'before the pause');
    await waitFor(() => expect(result.current.events).toHaveLength(1));
    act(() => result.current.setPaused(true));
    const held = [await post(alice, 'held one'), await post(bob, 'held two')];
    await waitFor(() => expect(result.current.held).toBe(2));
    expect(result.current.events.map((e) => hashOf(e.event))).toEqual([before]);
    act(() => result.current.setPaused(false));
    expect(result.current.held).toBe(0);
    expect(result.current.events.map((e) => hashOf(e.event))).toEqual([held[1], held[0], before]);
  });

  it('subscribes with the filters chosen: only the casts of the authors named', async () => {
    const { result } = await live({ 'cast.created': { author_fids: [bob.fid] } });
    await post(alice, 'not for this subscription');
    const bobs = await post(bob, 'for this subscription');
    await waitFor(() => expect(result.current.events.length).toBeGreaterThan(0));
    expect(result.current.events.map((e) => hashOf(e.event))).toEqual([bobs]);
  });

  it('stops and says closed; clear empties what was shown', async () => {
    const { result } = await live();
    await post(alice, 'one');
    await waitFor(() => expect(result.current.events).toHaveLength(1));
    act(() => result.current.stop());
    expect(result.current.status).toEqual({ state: 'closed' });
    act(() => result.current.clear());
    expect([result.current.events, result.current.frames]).toEqual([[], []]);
  });

  it('ends closed with the reason when the login is refused', async () => {
    const { result } = renderHook(() => useStream(emu.url, 'not-the-key'));
    await act(() => result.current.start(['cast.created'], {}));
    expect(result.current.status.state).toBe('closed');
    expect(result.current.status).toEqual({
      state: 'closed',
      error: 'login: authentication failed (JSON-RPC error -32001)',
    });
  });
});
