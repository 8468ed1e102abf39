// The mini-app catalog by category and time window, search, and the apps relevant to a viewer;
// choosing an app opens its page (onOpen).
import {
  FetchFrameCatalogCategoriesEnum,
  type FrameV2WithFullAuthor,
  fetchFrameCatalog,
  fetchRelevantFrames,
  type MiniAppTimeWindow,
  searchFrames,
} from '@castkit/sdk/2.x';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { queryKeys } from '../../data/query-keys';
import { useApi } from '../../data/use-api';
import { ErrorNote, inputClass, Section, secondaryButtonClass } from '../DevPage';

/** The catalogue's categories, as the spec enumerates them. */
export const CATEGORIES = Object.values(FetchFrameCatalogCategoriesEnum);
type Category = FetchFrameCatalogCategoriesEnum;
const WINDOWS: MiniAppTimeWindow[] = ['1h', '6h', '12h', '24h', '7d'];

/** The manifest's name (catalog entries always carry one), else the URL. */
const appName = (a: FrameV2WithFullAuthor) => a.manifest?.frame?.name ?? a.frames_url;

function AppList({
  apps,
  onOpen,
  label,
}: {
  apps: FrameV2WithFullAuthor[];
  onOpen: (url: string) => void;
  label: string;
}) {
  if (apps.length === 0) return <p className="text-sm text-slate-700">No mini apps.</p>;
  return (
    <ul className="divide-y divide-slate-200" aria-label={label}>
      {apps.map((a) => (
        <li key={a.frames_url} className="flex items-center gap-3 py-2" data-testid="miniapp">
          <div className="min-w-0 flex-1">
            <p className="font-medium">{appName(a)}</p>
            <p className="truncate text-sm text-slate-700">
              {a.manifest?.frame?.primary_category ?? 'uncategorised'} · by @{a.author?.username ?? 'unknown'}
            </p>
          </div>
          <button type="button" className={secondaryButtonClass} onClick={() => onOpen(a.frames_url)}>
            Open {appName(a)}
          </button>
        </li>
      ))}
    </ul>
  );
}

export function Catalog({ onOpen }: { onOpen: (url: string) => void }) {
  const api = useApi();
  const ids = { category: useId(), window: useId(), q: useId() };
  const [category, setCategory] = useState<Category | ''>('');
  const [timeWindow, setTimeWindow] = useState<MiniAppTimeWindow>('7d');
  const [q, setQ] = useState('');
  const search = q.trim();
  const query = useQuery({
    queryKey: queryKeys.dev.miniApps(search ? 'search' : 'catalog', search || category, timeWindow),
    queryFn: () =>
      search
        ? api.call(searchFrames, { q: search, limit: 50 })
        : api.call(fetchFrameCatalog, {
            timeWindow,
            categories: category ? [category] : undefined,
            limit: 50,
          }),
  });
  return (
    <Section title="Catalog">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.category} className="text-sm font-medium">
            Category
          </label>
          <select
            id={ids.category}
            className={inputClass}
            value={category}
            onChange={(e) => setCategory(e.target.value as Category | '')}
          >
            <option value="">All</option>
            {CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.window} className="text-sm font-medium">
            Time window
          </label>
          <select
            id={ids.window}
            className={inputClass}
            value={timeWindow}
            onChange={(e) => setTimeWindow(e.target.value as MiniAppTimeWindow)}
          >
            {WINDOWS.map((w) => (
              <option key={w}>{w}</option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.q} className="text-sm font-medium">
            Search mini apps
          </label>
          <input
            id={ids.q}
            type="search"
            className={inputClass}
            value={q}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
      </div>
      {search && (
        <p className="text-sm text-slate-700">Searching all mini apps; category and window do not apply.</p>
      )}
      <ErrorNote error={query.error} />
      {query.data && <AppList apps={query.data.frames ?? []} onOpen={onOpen} label="Catalog" />}
    </Section>
  );
}

export function Relevant({ onOpen }: { onOpen: (url: string) => void }) {
  const api = useApi();
  const id = useId();
  const [fidText, setFidText] = useState('2');
  const fid = Number(fidText);
  const valid = Number.isInteger(fid) && fid > 0;
  const query = useQuery({
    queryKey: queryKeys.dev.miniApps('relevant', fid),
    queryFn: () => api.call(fetchRelevantFrames, { viewerFid: fid }),
    enabled: valid,
  });
  return (
    <Section title="Relevant to a viewer">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Viewer fid
        </label>
        <input
          id={id}
          className={`${inputClass} w-32`}
          inputMode="numeric"
          value={fidText}
          onChange={(e) => setFidText(e.target.value)}
        />
      </div>
      {!valid && <p role="alert">Viewer fid must be a positive integer.</p>}
      <ErrorNote error={query.error} />
      {query.data && (
        <ul className="space-y-2" aria-label="Relevant mini apps">
          {query.data.relevant_frames.map((r) => (
            <li key={r.frames[0]?.frames_url} data-testid="relevant-miniapp">
              <AppList apps={r.frames} onOpen={onOpen} label="Relevant app" />
              <p className="text-sm text-slate-700">
                Used by {r.top_relevant_users.map((u) => `@${u.username}`).join(', ') || 'nobody you follow'}
                {r.remaining_relevant_users.length > 0 && ` and ${r.remaining_relevant_users.length} more`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
