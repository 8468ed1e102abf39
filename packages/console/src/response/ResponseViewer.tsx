// Status, time, size, headers and body of the last send, or its designed empty/loading/error states.
import { useEffect, useState } from 'react';
import type { Outcome } from '../api/send';
import { ErrorView } from './ErrorView';
import { formatBytes, formatMs, statusText } from './format';
import { JsonTree } from './JsonTree';

interface Props {
  outcome: Outcome | undefined;
  pending: boolean;
}

export function ResponseViewer({ outcome, pending }: Props) {
  return (
    <section aria-labelledby="response-title" aria-busy={pending} className="space-y-2">
      <h2 id="response-title" className="text-xs font-semibold uppercase tracking-wide text-slate-600">
        Response
      </h2>
      {pending ? <Pending /> : !outcome ? <Empty /> : <Result outcome={outcome} />}
    </section>
  );
}

function Empty() {
  return (
    <p className="rounded border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
      No response yet. Fill the form and press <strong>Send request</strong>; the request preview shows
      exactly what will go out.
    </p>
  );
}

function Pending() {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const started = performance.now();
    const t = setInterval(() => setElapsed(performance.now() - started), 100);
    return () => clearInterval(t);
  }, []);
  return (
    <div
      role="status"
      className="flex items-center gap-3 rounded border border-slate-200 bg-white p-4 text-sm text-slate-700"
    >
      <span
        aria-hidden
        className="h-4 w-4 animate-spin rounded-full border-2 border-indigo-600 border-t-transparent"
      />
      Waiting for the response… {formatMs(elapsed)}
    </div>
  );
}

function Result({ outcome }: { outcome: Outcome }) {
  if (outcome.kind === 'error') {
    return (
      <div className="space-y-2">
        <p className="text-xs text-slate-600">after {formatMs(outcome.ms)}</p>
        <ErrorView error={outcome.error} />
      </div>
    );
  }
  const ok = outcome.status < 400;
  const headers = Object.entries(outcome.headers);
  return (
    <div className="space-y-2">
      <dl className="flex flex-wrap gap-4 text-sm">
        <div className="flex gap-1">
          <dt className="text-slate-600">Status</dt>
          <dd
            data-testid="response-status"
            className={`font-semibold ${ok ? 'text-emerald-800' : 'text-red-800'}`}
          >
            {statusText(outcome.status)}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-slate-600">Time</dt>
          <dd data-testid="response-time">{formatMs(outcome.ms)}</dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-slate-600">Size</dt>
          <dd data-testid="response-size">{formatBytes(outcome.bytes)}</dd>
        </div>
      </dl>
      <details className="rounded border border-slate-200 bg-white text-xs">
        <summary className="cursor-pointer px-2 py-1 font-medium">Headers ({headers.length})</summary>
        <table className="w-full font-mono">
          <tbody>
            {headers.map(([k, v]) => (
              <tr key={k}>
                <th scope="row" className="px-2 py-0.5 text-left font-normal text-slate-600">
                  {k}
                </th>
                <td className="px-2 py-0.5 break-all">{v}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      {outcome.data === undefined ? (
        <p className="text-sm text-slate-600">Empty body.</p>
      ) : (
        <div
          data-testid="response-body"
          className="max-h-[60vh] overflow-auto rounded border border-slate-200"
        >
          <JsonTree value={outcome.data} />
        </div>
      )}
    </div>
  );
}
