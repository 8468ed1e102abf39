// @vitest-environment jsdom
// The response tree must stay usable on a 1 MB body: only the top of it renders until opened.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { JsonTree } from '../src/response/JsonTree';
import { megabyteFeed } from './support/megabyte-feed';

afterEach(cleanup);

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
