import { envLabel } from '../api/env';
import { useEnv } from './env-context';

/** Always visible in the header: which backend every request of this tab goes to. */
export function EnvBadge() {
  const { env, status, error } = useEnv();
  if (status === 'loading') {
    return <span className="rounded-full bg-slate-200 px-3 py-1 text-xs text-slate-700">Connecting…</span>;
  }
  if (status === 'error' || !env) {
    return (
      <span
        className="rounded-full bg-red-100 px-3 py-1 text-xs font-medium text-red-800"
        title={error?.message}
      >
        Environment unavailable
      </span>
    );
  }
  const upstream = env.environment === 'upstream';
  return (
    <span
      data-testid="env-badge"
      className={`inline-flex items-center gap-2 rounded-full px-3 py-1 text-xs font-medium ${
        upstream ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-900'
      }`}
    >
      <span aria-hidden className={`h-2 w-2 rounded-full ${upstream ? 'bg-amber-500' : 'bg-emerald-500'}`} />
      <span>
        <span className="sr-only">Environment: </span>
        {envLabel(env)}
      </span>
    </span>
  );
}
