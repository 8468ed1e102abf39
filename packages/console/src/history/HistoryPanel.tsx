import { Link } from '@tanstack/react-router';
import { generationLabel, linkApi } from '../api/generation';
import { formatMs } from '../response/format';
import type { HistoryEntry } from './history-store';

export function HistoryPanel({ entries, onClear }: { entries: HistoryEntry[]; onClear: () => void }) {
  return (
    <section aria-labelledby="history-title" className="space-y-2">
      <div className="flex items-center justify-between">
        <h2 id="history-title" className="text-xs font-semibold uppercase tracking-wide text-slate-600">
          History
        </h2>
        {entries.length > 0 && (
          <button type="button" onClick={onClear} className="text-xs text-slate-700 underline">
            Clear history
          </button>
        )}
      </div>
      {entries.length === 0 ? (
        <p className="text-sm text-slate-600">Requests you send appear here, kept in this browser only.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded border border-slate-200 bg-white text-sm">
          {entries.slice(0, 15).map((h) => (
            <li key={h.id}>
              <Link
                to="/"
                search={{ api: linkApi(h.api ?? '2.44'), op: h.op, in: h.in, raw: h.raw }}
                className="flex items-center gap-2 px-2 py-1 hover:bg-slate-50"
              >
                <span
                  className={`w-10 font-mono text-xs ${h.status && h.status < 400 ? 'text-emerald-800' : 'text-red-800'}`}
                >
                  {h.status ?? 'ERR'}
                </span>
                <span className="truncate">{h.op.split('.')[1]}</span>
                <span className="text-xs text-slate-600">{generationLabel(h.api ?? '2.44')}</span>
                <span className="ml-auto text-xs text-slate-600">{formatMs(h.ms)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
