// A row of links that switch a page's view through its URL; the current one is marked for
// assistive technology too.
import { Link, type LinkProps } from '@tanstack/react-router';

export interface TabLink {
  label: string;
  active: boolean;
  link: LinkProps;
}

export function Tabs({ label, tabs }: { label: string; tabs: TabLink[] }) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-1 border-b border-slate-200 bg-white px-4 py-2">
      {tabs.map((t) => (
        <Link
          key={t.label}
          {...t.link}
          aria-current={t.active ? 'page' : undefined}
          className={`rounded px-2 py-1 text-sm ${t.active ? 'bg-indigo-100 text-indigo-900' : 'text-slate-700 hover:bg-slate-100'}`}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
