// Cmd/Ctrl-K: a searchable list of every operation; arrows move, Enter opens, Escape closes.
import { searchOperations } from '@castkit/sdk';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { apiLabel, operationKey, useCatalog } from '../api/catalog';
import { DEFAULT_GENERATION, linkApi, parseGeneration } from '../api/generation';
import { MethodBadge } from './MethodBadge';

export function CommandPalette({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const restoreFocus = useRef<Element | null>(null);
  // The generation the explorer shows, when it is open; 3.x elsewhere.
  const generation = parseGeneration(useSearch({ strict: false }).api) ?? DEFAULT_GENERATION;
  const catalog = useCatalog(generation);
  const results = useMemo(() => searchOperations(catalog?.operations ?? [], query, 30), [query, catalog]);

  useEffect(() => {
    restoreFocus.current = document.activeElement;
    inputRef.current?.focus();
    return () => (restoreFocus.current as HTMLElement | null)?.focus?.();
  }, []);

  const choose = (index: number) => {
    const op = results[index];
    if (!op) return;
    onClose();
    navigate({ to: '/', search: { api: linkApi(generation), op: operationKey(op) } });
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, results.length - 1));
    else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
    else if (e.key === 'Enter') choose(active);
    else if (e.key === 'Escape') onClose();
    // The input is the dialog's only control: Tab stays in it rather than leaving the modal.
    else if (e.key !== 'Tab') return;
    e.preventDefault();
  };

  useEffect(() => {
    document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center bg-slate-900/40 pt-24">
      <button
        type="button"
        aria-label="Close search"
        tabIndex={-1}
        className="absolute inset-0 cursor-default"
        onClick={onClose}
      />
      <div
        role="dialog"
        aria-modal="true"
        aria-label="Search operations"
        className="relative w-full max-w-xl rounded-lg bg-white shadow-xl"
      >
        <input
          ref={inputRef}
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={results[active] ? `${listId}-${active}` : undefined}
          aria-label="Search operations by name, path or summary"
          placeholder="Search operations by name, path or summary…"
          className="w-full rounded-t-lg border-b border-slate-200 px-4 py-3 text-base outline-none"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <div id={listId} role="listbox" aria-label="Operations" className="max-h-96 overflow-y-auto py-1">
          {results.length === 0 && (
            <p className="px-4 py-6 text-center text-sm text-slate-600">No operation matches “{query}”.</p>
          )}
          {results.map((op, i) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input owns the keyboard (arrows + Enter).
            <div
              key={operationKey(op)}
              tabIndex={-1}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseMove={() => setActive(i)}
              onClick={() => choose(i)}
              className={`flex cursor-pointer items-center gap-3 px-4 py-2 text-sm ${i === active ? 'bg-indigo-50' : ''}`}
            >
              <MethodBadge method={op.method} />
              <span className="font-medium">{op.name}</span>
              <span className="truncate text-slate-600">{op.path}</span>
              <span className="ml-auto text-xs text-slate-600">{apiLabel(op.api)}</span>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
