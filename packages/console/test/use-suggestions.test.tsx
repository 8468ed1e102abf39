// @vitest-environment jsdom
// The composer's @mention and /channel suggestions (useSuggestions), against a real emulator: what
// is typed after the sigil is searched, users and channels come back as the value to insert and a
// label, and nothing is searched while no mention or channel is being typed.
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Partial, partialAt } from '../src/client/compose/autocomplete';
import { useSuggestions } from '../src/client/compose/use-suggestions';
import { queryKeys } from '../src/data/query-keys';
import { alice, type HookEmulator, type HookHarness, hookHarness, startHookEmulator } from './support/hooks';

let emu: HookEmulator;
let h: HookHarness;

beforeAll(async () => {
  emu = await startHookEmulator();
}, 60_000);
beforeEach(() => {
  h = hookHarness(emu);
});
afterEach(cleanup);

/** The suggestions for `text` with the caret at its end, as the composer asks for them. */
const suggest = (text: string) =>
  renderHook(({ partial }: { partial: Partial | undefined }) => useSuggestions(partial, alice.fid), {
    wrapper: h.wrapper,
    initialProps: { partial: partialAt(text, text.length) },
  });

describe('useSuggestions', () => {
  it('offers users matching what follows @, as the username to insert and a label with the display name', async () => {
    const { result } = suggest('hello @alic');
    await waitFor(() => expect(result.current.length).toBeGreaterThan(0));
    expect(result.current).toContainEqual({ value: 'alice', label: `@alice ${alice.displayName}` });
    expect(result.current.length).toBeLessThanOrEqual(5);
  });

  it('offers channels matching what follows /, as the id to insert and a label with the name', async () => {
    const [channel] = (await emu.api.fetchAllChannels({ limit: 1 })).channels;
    const { result } = suggest(`in /${channel!.id}`);
    await waitFor(() => expect(result.current.length).toBeGreaterThan(0));
    expect(result.current).toContainEqual({ value: channel!.id, label: `/${channel!.id} ${channel!.name}` });
  });

  it('follows the text as it changes from a mention to a channel', async () => {
    const { result, rerender } = suggest('@bo');
    await waitFor(() => expect(result.current.map((s) => s.value)).toContain('bob'));
    const [channel] = (await emu.api.fetchAllChannels({ limit: 1 })).channels;
    const text = `@bob /${channel!.id}`;
    rerender({ partial: partialAt(text, text.length) });
    await waitFor(() => expect(result.current.map((s) => s.value)).toContain(channel!.id));
    expect(result.current.every((s) => s.label.startsWith('/'))).toBe(true);
  });

  it('searches nothing while no mention or channel is being typed', async () => {
    const { result } = suggest('just text');
    expect(result.current).toEqual([]);
    const searches = h.queryClient.getQueryCache().findAll({ queryKey: queryKeys.search.all });
    expect(searches.length).toBe(2);
    for (const q of searches) expect([q.state.fetchStatus, q.state.dataUpdatedAt]).toEqual(['idle', 0]);
  });
});
