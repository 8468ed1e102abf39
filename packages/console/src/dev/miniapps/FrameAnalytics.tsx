// Mini-app analytics (fetchValidateFrameAnalytics): who interacted with a validated frame, how
// often, per cast over time, and the text they typed, between two instants; counts drawn as a chart.
import {
  type FetchValidateFrameAnalyticsResponse,
  fetchValidateFrameAnalytics,
  fetchValidateFrameList,
} from '@castkit/sdk/2.x';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { queryKeys } from '../../data/query-keys';
import { useApi } from '../../data/use-api';
import { ErrorNote, inputClass, Section } from '../DevPage';
import type { CountPoint } from '../metrics/CountChart';

// The same recharts chunk as /metrics, loaded when there is something to draw.
const CountChart = lazy(() => import('../metrics/CountChart'));

const TYPES = ['total-interactors', 'interactors', 'interactions-per-cast', 'input-text'] as const;
type AnalyticsType = (typeof TYPES)[number];
const WINDOWS = ['10s', '1m', '2m', '5m', '10m', '20m', '30m', '2h', '12h', '1d', '7d'] as const;
type AggregateWindow = (typeof WINDOWS)[number];

const HOUR = 3_600_000;
const isoMinute = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();

/** The counts a response holds, as bars; undefined for input texts (a list, not counts). */
function toPoints(data: FetchValidateFrameAnalyticsResponse): CountPoint[] | undefined {
  if ('total_interactors' in data) return [{ label: 'Total interactors', count: data.total_interactors }];
  if ('interactors' in data)
    return data.interactors.map((i) => ({ label: `@${i.username}`, count: i.interaction_count }));
  if ('interactions_per_cast' in data)
    return data.interactions_per_cast.map((b) => ({
      label: `${new Date(b.start).toISOString().slice(11, 19)} ${b.cast_url.split('/').at(-1) ?? ''}`,
      count: b.interaction_count,
    }));
  return undefined;
}

export function FrameAnalytics() {
  const api = useApi();
  const id = useId();
  const [frameUrl, setFrameUrl] = useState('');
  const [type, setType] = useState<AnalyticsType>('interactors');
  const [windowSize, setWindowSize] = useState<AggregateWindow>('1m');
  const [start, setStart] = useState(() => isoMinute(Date.now() - 24 * HOUR));
  const [stop, setStop] = useState(() => isoMinute(Date.now() + HOUR));
  const frames = useQuery({
    queryKey: queryKeys.dev.miniApps('validated-frames'),
    queryFn: () => api.call(fetchValidateFrameList, {}),
  });
  const url = frameUrl.trim();
  const aggregate = type === 'interactions-per-cast' ? windowSize : undefined;
  const query = useQuery({
    queryKey: queryKeys.dev.miniApps('analytics', url, type, start, stop, aggregate),
    queryFn: () =>
      api.call(fetchValidateFrameAnalytics, {
        frameUrl: url,
        analyticsType: type,
        start,
        stop,
        aggregateWindow: aggregate,
      }),
    enabled: url !== '',
  });
  const points = query.data && toPoints(query.data);
  const total = points?.reduce((sum, p) => sum + p.count, 0);
  const field = 'flex flex-col gap-1';
  const labelClass = 'text-sm font-medium';
  return (
    <Section title="Mini-app analytics">
      <p className="text-sm text-slate-700">
        Interactions with a frame whose actions were validated (validateFrameAction).
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <div className={`${field} min-w-64 flex-1`}>
          <label htmlFor={`${id}-url`} className={labelClass}>
            Frame URL
          </label>
          <input
            id={`${id}-url`}
            className={inputClass}
            list={`${id}-frames`}
            value={frameUrl}
            onChange={(e) => setFrameUrl(e.target.value)}
          />
          <datalist id={`${id}-frames`}>
            {frames.data?.frames.map((f) => (
              <option key={f} value={f} />
            ))}
          </datalist>
        </div>
        <div className={field}>
          <label htmlFor={`${id}-type`} className={labelClass}>
            Analytics
          </label>
          <select
            id={`${id}-type`}
            className={inputClass}
            value={type}
            onChange={(e) => setType(e.target.value as AnalyticsType)}
          >
            {TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        {type === 'interactions-per-cast' && (
          <div className={field}>
            <label htmlFor={`${id}-window`} className={labelClass}>
              Aggregate window
            </label>
            <select
              id={`${id}-window`}
              className={inputClass}
              value={aggregate}
              onChange={(e) => setWindowSize(e.target.value as AggregateWindow)}
            >
              {WINDOWS.map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className={field}>
          <label htmlFor={`${id}-start`} className={labelClass}>
            Start (ISO 8601)
          </label>
          <input
            id={`${id}-start`}
            className={inputClass}
            value={start}
            onChange={(e) => setStart(e.target.value)}
          />
        </div>
        <div className={field}>
          <label htmlFor={`${id}-stop`} className={labelClass}>
            Stop (ISO 8601)
          </label>
          <input
            id={`${id}-stop`}
            className={inputClass}
            value={stop}
            onChange={(e) => setStop(e.target.value)}
          />
        </div>
      </div>
      <ErrorNote error={frames.error ?? query.error} />
      {query.data && points && (
        <>
          <p className="text-sm text-slate-700" data-testid="analytics-total" aria-live="polite">
            {type}: {total} in {points.length} {points.length === 1 ? 'bar' : 'bars'}.
          </p>
          <Suspense fallback={<p>Loading chart…</p>}>
            <CountChart
              title={`${type} of ${url}`}
              points={points}
              series={type === 'total-interactors' ? 'Interactors' : 'Interactions'}
              testId="analytics-chart"
            />
          </Suspense>
        </>
      )}
      {query.data && 'input_texts' in query.data && (
        <ul className="space-y-1 text-sm" aria-label="Input texts" data-testid="analytics-texts">
          {query.data.input_texts.length === 0 && <li>No text typed in this window.</li>}
          {query.data.input_texts.map((t, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one user may type the same text twice
            <li key={i}>
              @{t.username}: {t.input_text}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
