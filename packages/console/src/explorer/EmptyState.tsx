import { Link } from '@tanstack/react-router';
import { type Catalog, findOperation } from '../api/catalog';
import { type Generation, generationLabel, linkApi } from '../api/generation';

export const STARTERS = ['v2.lookupUserByUsername', 'v2.fetchBulkUsers', 'v2.fetchFeed', 'hub.fetchUserData'];

export function EmptyState({
  shortcut,
  generation,
  catalog,
}: {
  shortcut: string;
  generation: Generation;
  catalog: Catalog | undefined;
}) {
  const ops = catalog?.operations ?? [];
  const v2 = ops.filter((o) => o.api === 'v2').length;
  const hub = ops.length - v2;
  return (
    <div className="mx-auto max-w-xl space-y-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">API explorer</h1>
      <p className="text-slate-700">
        {v2} operations of the v2 API and {hub} of the hub API, as SDK {generationLabel(generation)} sends
        them. Pick one from the list, or press{' '}
        <kbd className="rounded border border-slate-300 bg-slate-100 px-1 text-sm">{shortcut}</kbd> to search.
      </p>
      <ul className="flex flex-wrap justify-center gap-2">
        {STARTERS.map((key) => (
          <li key={key}>
            <Link
              to="/"
              search={{ api: linkApi(generation), op: key }}
              className="inline-block rounded-full border border-indigo-200 bg-white px-3 py-1 text-sm text-indigo-800 hover:bg-indigo-50"
            >
              {findOperation(catalog, key)?.name ?? key.split('.')[1]}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
