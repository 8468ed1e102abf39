// The client's frame: the acting-as switcher, its sections, the composer and one scrolling <main>.
import { Link, Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { ActingAsSwitcher } from './acting-as/ActingAsSwitcher';
import { ActingAsProvider } from './acting-as/acting-as';
import { ComposerProvider } from './compose/composer-context';
import { ScrollContext } from './feed/scroll-context';

// The composer (autocomplete, counters, channel list) loads beside the feed, not before it.
const Composer = lazy(() => import('./compose/Composer').then((m) => ({ default: m.Composer })));

const nav = 'rounded px-2 py-1 text-sm text-slate-700 hover:bg-slate-100';
const activeNav = { className: 'bg-indigo-100 text-indigo-900' };

export function ClientLayout() {
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  return (
    <ActingAsProvider>
      <ComposerProvider>
        <div className="flex min-h-0 flex-1 flex-col bg-slate-50">
          <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-2">
            <nav aria-label="Client" className="flex gap-1">
              <Link
                to="/client"
                search={{}}
                activeOptions={{ exact: true }}
                className={nav}
                activeProps={activeNav}
              >
                Home
              </Link>
              <Link to="/client/channels" search={{}} className={nav} activeProps={activeNav}>
                Channels
              </Link>
              <Link to="/client/notifications" search={{}} className={nav} activeProps={activeNav}>
                Notifications
              </Link>
              <Link to="/client/search" search={{}} className={nav} activeProps={activeNav}>
                Search
              </Link>
            </nav>
            <div className="ml-auto">
              <ActingAsSwitcher />
            </div>
          </div>
          <main id="main" ref={setScroller} className="min-h-0 flex-1 overflow-y-auto">
            <ScrollContext.Provider value={scroller}>
              <div className="mx-auto max-w-2xl">
                <Suspense fallback={<div className="h-36 border-b border-slate-200 bg-white" />}>
                  <Composer />
                </Suspense>
                {scroller && <Outlet />}
              </div>
            </ScrollContext.Provider>
          </main>
        </div>
      </ComposerProvider>
    </ActingAsProvider>
  );
}
