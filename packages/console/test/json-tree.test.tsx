// @vitest-environment jsdom
// The response tree must stay usable on a 1 MB body: only the top of it renders until opened.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JsonTree } from '../src/response/JsonTree';

afterEach(cleanup);

function megabyteFeed() {
  const casts = Array.from({ length: 2600 }, (_, i) => ({
    hash: `0x${i.toString(16).padStart(40, '0')}`,
    author: {
      fid: i,
      username: `user${i}`,
      display_name: `User ${i}`,
      pfp_url: `https://example.com/${i}.png`,
    },
    text: 'gm '.repeat(40),
    reactions: { likes_count: i, recasts_count: i % 7, likes: [{ fid: 1 }, { fid: 2 }] },
    replies: { count: i % 3 },
  }));
  return { casts, next: { cursor: 'abc' } };
}

describe('JsonTree', () => {
  it('renders a 1 MB response in well under a second with a bounded number of nodes', () => {
    const data = megabyteFeed();
    const bytes = JSON.stringify(data).length;
    expect(bytes).toBeGreaterThan(1_000_000);
    const started = performance.now();
    const { container } = render(<JsonTree value={data} />);
    const ms = performance.now() - started;
    const nodes = container.querySelectorAll('*').length;
    console.info(
      `JsonTree: ${(bytes / 1e6).toFixed(2)} MB rendered in ${ms.toFixed(0)} ms (jsdom), ${nodes} elements`,
    );
    expect(ms).toBeLessThan(1000);
    expect(nodes).toBeLessThan(200);
  });

  it('opens a collapsed node on click and pages long lists by 100', () => {
    render(<JsonTree value={megabyteFeed()} />);
    const casts = screen.getByRole('button', { name: 'casts: [2600 items]' });
    expect(casts.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(casts);
    expect(casts.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('button', { name: /^\d+: \{5 keys\}$/ })).toHaveLength(100);
    fireEvent.click(screen.getByRole('button', { name: 'Show 100 more of 2500 remaining' }));
    expect(screen.getAllByRole('button', { name: /^\d+: \{5 keys\}$/ })).toHaveLength(200);
  });
});
