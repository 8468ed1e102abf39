// The frame of every developer screen: the main landmark, its heading, and the wait for the
// environment (the screens' clients come from it).
import type { ReactNode } from 'react';
import { useEnv } from '../shell/env-context';

export function DevPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  const { status, error } = useEnv();
  return (
    <main id="main" className="min-w-0 flex-1 overflow-y-auto bg-slate-50 p-6">
      <div className="mx-auto max-w-5xl space-y-6">
        <header className="space-y-1">
          <h1 className="text-2xl font-semibold">{title}</h1>
          {intro && <p className="text-slate-700">{intro}</p>}
        </header>
        {status === 'ready' ? (
          children
        ) : status === 'error' ? (
          <p role="alert" className="text-red-800">
            Cannot reach the server: {error?.message}
          </p>
        ) : (
          <p>Connecting…</p>
        )}
      </div>
    </main>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** An error of a request, as text (API messages may quote untrusted input). */
export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded border border-red-200 bg-red-50 p-2 text-sm text-red-900">
      {error instanceof Error ? error.message : String(error)}
    </p>
  );
}

export const buttonClass =
  'rounded-md bg-indigo-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-indigo-800 disabled:opacity-50';
export const secondaryButtonClass =
  'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-800 hover:bg-slate-50 disabled:opacity-50';
export const inputClass = 'rounded-md border border-slate-400 px-2 py-1 text-sm';
