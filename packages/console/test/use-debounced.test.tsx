// @vitest-environment jsdom
// useDebounced: the value once it has stopped changing for the given time, so a lookup runs once per
// pause in typing. On vitest's fake clock: what is pinned is the order of changes and the wait, not
// how long the machine took.
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDebounced } from '../src/explorer/use-debounced';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const typing = (ms: number) =>
  renderHook(({ value }: { value: string }) => useDebounced(value, ms), { initialProps: { value: 'a' } });

describe('useDebounced', () => {
  it('starts with the first value', () => {
    expect(typing(300).result.current).toBe('a');
  });

  it('keeps the settled value while changes come faster than the wait, then takes the last', () => {
    const { result, rerender } = typing(300);
    for (const value of ['al', 'ali', 'alic']) {
      rerender({ value });
      act(() => vi.advanceTimersByTime(299));
      expect(result.current).toBe('a');
    }
    rerender({ value: 'alice' });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe('a');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('alice');
  });

  it('settles on each pause: two pauses, two values', () => {
    const { result, rerender } = typing(100);
    const seen: string[] = [];
    for (const value of ['b', 'bo', 'bob']) {
      rerender({ value });
      if (value !== 'bo') {
        act(() => vi.advanceTimersByTime(100));
        seen.push(result.current);
      }
    }
    expect(seen).toEqual(['b', 'bob']);
  });

  it('waits the new time when the wait changes', () => {
    const { result, rerender } = renderHook(({ value, ms }) => useDebounced(value, ms), {
      initialProps: { value: 'a', ms: 100 },
    });
    rerender({ value: 'ab', ms: 500 });
    act(() => vi.advanceTimersByTime(499));
    expect(result.current).toBe('a');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('ab');
  });
});
