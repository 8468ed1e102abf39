// Metrics (/metrics): how many casts match a query over the last day, week or month
// (fetchCastMetrics), drawn as a chart.
import { fetchCastMetrics } from '@castkit/sdk/2.x';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { queryKeys } from '../../data/query-keys';
import { useApi } from '../../data/use-api';
import { DevPage, ErrorNote, inputClass, Section } from '../DevPage';

// recharts is the largest part of this screen: the form shows while it loads.
const CountChart = lazy(() => import('./CountChart'));

const INTERVALS = ['1d', '7d', '30d'] as const;

const bucketLabel = (iso: string, hourly: boolean) => {
  const d = new Date(iso);
  return hourly
    ? d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
};
type Interval = (typeof INTERVALS)[number];

export function MetricsPage() {
  return (
    <DevPage title="Metrics" intro="Casts matching a search over time, and your mini apps' analytics.">
      <CastMetrics />
    </DevPage>
  );
}

function CastMetrics() {
  const api = useApi();
  const ids = { q: useId(), author: useId() };
  const [q, setQ] = useState('gm');
  const [interval, setInterval] = useState<Interval>('7d');
  const [authorText, setAuthorText] = useState('');
  const author = authorText.trim() === '' ? undefined : Number(authorText);
  const authorValid = author === undefined || (Number.isInteger(author) && author > 0);
  const query = useQuery({
    queryKey: [...queryKeys.dev.castMetrics(q, interval), author ?? null],
    queryFn: () => api.call(fetchCastMetrics, { q, interval, authorFid: author }),
    enabled: q.trim() !== '' && authorValid,
  });
  const points = (query.data?.metrics ?? []).map((m) => ({
    label: bucketLabel(m.start, interval === '1d'),
    count: m.cast_count,
  }));
  const total = points.reduce((sum, p) => sum + p.count, 0);

  return (
    <Section title="Cast metrics">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.q} className="text-sm font-medium">
            Search query
          </label>
          <input id={ids.q} className={inputClass} value={q} onChange={(e) => setQ(e.target.value)} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.author} className="text-sm font-medium">
            Author fid (optional)
          </label>
          <input
            id={ids.author}
            className={inputClass}
            inputMode="numeric"
            value={authorText}
            onChange={(e) => setAuthorText(e.target.value)}
          />
        </div>
        <fieldset className="flex gap-1">
          <legend className="mb-1 text-sm font-medium">Window</legend>
          {INTERVALS.map((i) => (
            <label
              key={i}
              className={`cursor-pointer rounded-md border px-3 py-1 text-sm has-[:focus-visible]:outline-2 ${
                interval === i ? 'border-indigo-700 bg-indigo-700 text-white' : 'border-slate-300 bg-white'
              }`}
            >
              <input
                type="radio"
                name="metrics-interval"
                value={i}
                checked={interval === i}
                onChange={() => setInterval(i)}
                className="sr-only"
              />
              {i}
            </label>
          ))}
        </fieldset>
      </div>
      {!authorValid && <p role="alert">Author fid must be a positive integer.</p>}
      <ErrorNote error={query.error} />
      {query.data && (
        <>
          <p className="text-sm text-slate-700" data-testid="metrics-total" aria-live="polite">
            {total} {total === 1 ? 'cast' : 'casts'} matching “{q}” in the last {interval}, in {points.length}{' '}
            buckets.
          </p>
          <Suspense fallback={<p>Loading chart…</p>}>
            <CountChart title={`Casts matching ${q} over ${interval}`} points={points} series="Casts" />
          </Suspense>
        </>
      )}
    </Section>
  );
}
