// The sidebar: the chosen generation's operations grouped by tag, filterable, with arrow-key
// navigation between links, under the generation switch.
import { searchOperations } from '@castkit/sdk';
import { Link } from '@tanstack/react-router';
import { memo, useMemo, useState } from 'react';
import { type Catalog, groupByTag, operationKey } from '../api/catalog';
import { type Generation, linkApi } from '../api/generation';
import { GenerationSwitch } from './GenerationSwitch';
import { MethodBadge } from './MethodBadge';

// Memoised: the explorer re-renders on every keystroke (the URL holds the form), the list need not.
export const OperationList = memo(function OperationList({
  current,
  generation,
  catalog,
}: {
  current: string | undefined;
  generation: Generation;
  /** Undefined while the generation's table loads. */
  catalog: Catalog | undefined;
}) {
  const [filter, setFilter] = useState('');
  const groups = useMemo(() => {
    const ops = catalog?.operations ?? [];
    return groupByTag(filter ? searchOperations(ops, filter, ops.length) : ops);
  }, [filter, catalog]);

  const onKeyDown = (e: React.KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    const links = [...e.currentTarget.querySelectorAll<HTMLAnchorElement>('a[data-op]')];
    const i = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next = links[e.key === 'ArrowDown' ? i + 1 : Math.max(i - 1, 0)];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  };

  return (
    <nav aria-label="Operations" className="flex w-72 shrink-0 flex-col border-r border-slate-200 bg-white">
      <GenerationSwitch current={generation} />
      <div className="p-2">
        <label htmlFor="operation-filter" className="sr-only">
          Filter operations
        </label>
        <input
          id="operation-filter"
          type="search"
          placeholder="Filter operations"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          className="w-full rounded border border-slate-300 px-2 py-1 text-sm"
        />
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: arrow keys move focus between the links inside; the links are the controls. */}
      <div className="flex-1 overflow-y-auto pb-4" onKeyDown={onKeyDown}>
        {!catalog && <p className="px-3 py-4 text-sm text-slate-600">Loading the operations…</p>}
        {catalog && groups.length === 0 && (
          <p className="px-3 py-4 text-sm text-slate-600">No operation matches.</p>
        )}
        {groups.map((g) => (
          <section key={g.label} aria-label={g.label}>
            <h2 className="sticky top-0 bg-white px-3 pt-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
              {g.label}
            </h2>
            <ul>
              {g.operations.map((op) => {
                const key = operationKey(op);
                return (
                  <li key={key}>
                    <Link
                      to="/"
                      search={{ api: linkApi(generation), op: key }}
                      data-op={key}
                      aria-current={current === key ? 'page' : undefined}
                      className={`flex items-center gap-2 px-3 py-1 text-sm hover:bg-slate-100 ${
                        current === key ? 'bg-indigo-50 font-medium text-indigo-900' : 'text-slate-800'
                      }`}
                    >
                      <MethodBadge method={op.method} />
                      <span className="truncate">{op.name}</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </nav>
  );
});
