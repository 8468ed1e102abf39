import { Link, Outlet } from '@tanstack/react-router';
import { DevNav } from '../dev/DevNav';
import { CommandPalette, useCommandPaletteHotkey } from '../explorer/CommandPalette';
import { EnvBadge } from './EnvBadge';

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
        <EnvBadge />
        <DevNav />
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
      {palette.open && <CommandPalette onClose={palette.hide} />}
    </div>
  );
}
