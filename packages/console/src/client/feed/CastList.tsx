// A virtualized, infinitely scrolling list of casts: only the rows near the viewport are in the
// DOM, rows are measured as they render, and the next page loads as the end comes into view.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CastCard } from '../cast/CastCard';
import type { CastSource } from './feed-source';
import { useScrollElement } from './scroll-context';
import { useCastPages } from './use-cast-pages';
import { useLiveCasts } from './use-live-casts';

export function CastList({
  source,
  label,
  live = false,
}: {
  source: CastSource;
  label: string;
  live?: boolean;
}) {
  const scroller = useScrollElement();
  const query = useCastPages(source);
  useLiveCasts(source, live && query.isSuccess);
  const casts = query.data?.pages.flatMap((p) => p.casts) ?? [];
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    if (listRef.current && scroller) {
      setMargin(
        listRef.current.getBoundingClientRect().top -
          scroller.getBoundingClientRect().top +
          scroller.scrollTop,
      );
    }
  }, [scroller]);
  const virtualizer = useVirtualizer({
    count: casts.length,
    getScrollElement: () => scroller,
    estimateSize: () => 120,
    overscan: 6,
    scrollMargin: margin,
    getItemKey: (i) => casts[i]!.hash,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= casts.length - 5) fetchNextPage();
  }, [lastIndex, casts.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (query.isPending) return <p className="p-4 text-sm text-slate-600">Loading…</p>;
  if (query.isError) {
    return (
      <p role="alert" className="p-4 text-sm text-red-700">
        {query.error.message}
      </p>
    );
  }
  if (!casts.length) return <p className="p-4 text-sm text-slate-600">No casts here yet.</p>;
  return (
    <section aria-label={label}>
      <div
        ref={listRef}
        data-testid="cast-list"
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {items.map((item) => (
          <div
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${item.start - margin}px)`,
            }}
          >
            <CastCard cast={casts[item.index]!} />
          </div>
        ))}
      </div>
      {isFetchingNextPage && <p className="p-4 text-sm text-slate-600">Loading more…</p>}
    </section>
  );
}
