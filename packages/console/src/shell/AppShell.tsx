import { Link, Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useCommandPaletteHotkey } from '../explorer/palette-hotkey';
import { EnvBadge } from './EnvBadge';

const CommandPalette = lazy(() =>
  import('../explorer/CommandPalette').then((m) => ({ default: m.CommandPalette })),
);

export function AppShell() {
  const palette = useCommandPaletteHotkey();
  return (
    <div className="flex h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="flex items-center gap-4 border-b border-slate-200 bg-white px-4 py-2">
        <Link to="/" search={{}} className="font-semibold text-indigo-700">
          castkit console
        </Link>
        <Link
          to="/client"
          search={{}}
          className="text-sm text-slate-700 hover:text-indigo-700"
          activeProps={{ className: 'font-medium text-indigo-700' }}
        >
          Client
        </Link>
        <EnvBadge />
        <button
          type="button"
          onClick={palette.show}
          className="ml-auto flex items-center gap-3 rounded-md border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:bg-slate-50"
        >
          Search operations
          <kbd className="rounded border border-slate-300 bg-slate-100 px-1 text-xs">{palette.shortcut}</kbd>
        </button>
      </header>
      <Outlet />
      {palette.open && (
        <Suspense fallback={null}>
          <CommandPalette onClose={palette.hide} />
        </Suspense>
      )}
    </div>
  );
}
