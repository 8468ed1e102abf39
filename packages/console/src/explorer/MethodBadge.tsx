const COLORS: Record<string, string> = {
  GET: 'bg-emerald-100 text-emerald-900',
  POST: 'bg-sky-100 text-sky-900',
  PUT: 'bg-amber-100 text-amber-900',
  PATCH: 'bg-amber-100 text-amber-900',
  DELETE: 'bg-red-100 text-red-900',
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={`inline-block w-14 shrink-0 rounded px-1 text-center font-mono text-[11px] font-semibold ${COLORS[method] ?? ''}`}
    >
      {method}
    </span>
  );
}
