// A collapsible JSON tree that stays fast on megabyte responses: children render only when their
// node is open, nodes start open only near the root and when small, and long lists render in pages.
import { memo, useState } from 'react';

const PAGE = 100;
const AUTO_OPEN_DEPTH = 2;
const AUTO_OPEN_MAX_CHILDREN = 50;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export function JsonTree({ value, label = 'response body' }: { value: unknown; label?: string }) {
  return (
    <div data-label={label} className="overflow-x-auto rounded bg-white p-2 font-mono text-xs leading-5">
      <Node name={undefined} value={value as Json} depth={0} />
    </div>
  );
}

const childCount = (v: Json) =>
  Array.isArray(v) ? v.length : v !== null && typeof v === 'object' ? Object.keys(v).length : 0;

const Node = memo(function Node({
  name,
  value,
  depth,
}: {
  name: string | undefined;
  value: Json;
  depth: number;
}) {
  const isContainer = value !== null && typeof value === 'object';
  const count = isContainer ? childCount(value) : 0;
  const [open, setOpen] = useState(
    depth === 0 || (depth < AUTO_OPEN_DEPTH && count <= AUTO_OPEN_MAX_CHILDREN),
  );
  const [shown, setShown] = useState(PAGE);
  const key = name === undefined ? null : <span className="text-purple-800">{name}:</span>;

  if (!isContainer) {
    return (
      <div className="pl-4">
        {key} <Scalar value={value} />
      </div>
    );
  }
  const array = Array.isArray(value);
  const summary = array
    ? `[${count} ${count === 1 ? 'item' : 'items'}]`
    : `{${count} ${count === 1 ? 'key' : 'keys'}}`;
  const entries: [string, Json][] = array
    ? (value as Json[]).slice(0, open ? shown : 0).map((v, i) => [String(i), v])
    : Object.entries(value as Record<string, Json>).slice(0, open ? shown : 0);

  return (
    <div className={depth === 0 ? '' : 'pl-4'}>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        disabled={count === 0}
        className="rounded text-left hover:bg-slate-100"
      >
        <span aria-hidden className="inline-block w-3 text-slate-600">
          {count === 0 ? '' : open ? '▾' : '▸'}
        </span>
        {key} <span className="text-slate-600">{summary}</span>
      </button>
      {open && entries.map(([k, v]) => <Node key={k} name={k} value={v} depth={depth + 1} />)}
      {open && count > shown && (
        <button
          type="button"
          className="ml-4 text-indigo-700 underline"
          onClick={() => setShown(shown + PAGE)}
        >
          Show {Math.min(PAGE, count - shown)} more of {count - shown} remaining
        </button>
      )}
    </div>
  );
});

function Scalar({ value }: { value: Json }) {
  if (typeof value === 'string')
    return <span className="break-all text-emerald-800">{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className="text-sky-800">{value}</span>;
  if (typeof value === 'boolean') return <span className="text-amber-800">{String(value)}</span>;
  return <span className="text-slate-600">null</span>;
}
