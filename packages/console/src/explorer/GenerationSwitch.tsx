// Which SDK generation the explorer lists and sends: 3.x (today's, the default) or 2.44. The choice
// is the URL's `api`, so a link keeps it; an operation the other generation also has stays open.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { findOperation, loadCatalog } from '../api/catalog';
import { GENERATIONS, type Generation, generationLabel, linkApi, parseGeneration } from '../api/generation';

export function GenerationSwitch({ current }: { current: Generation }) {
  const navigate = useNavigate({ from: '/' });
  const search = useSearch({ from: '/' });
  // The table first (2.44's is a chunk of its own), to know whether the open operation stays.
  const choose = async (g: Generation) => {
    const catalog = await loadCatalog(g);
    await navigate({
      search: findOperation(catalog, search.op) ? { ...search, api: linkApi(g) } : { api: linkApi(g) },
    });
  };
  return (
    <label className="flex items-center gap-2 px-2 pt-2 text-sm text-slate-800">
      <span>SDK version</span>
      <select
        value={current}
        onChange={(e) => {
          const g = parseGeneration(e.target.value);
          if (g) void choose(g);
        }}
        className="flex-1 rounded border border-slate-300 bg-white px-2 py-1 text-sm"
      >
        {GENERATIONS.map((g) => (
          <option key={g} value={g}>
            {g === '3' ? `${generationLabel(g)} (@castkit/sdk)` : `${generationLabel(g)} (@castkit/sdk/2.x)`}
          </option>
        ))}
      </select>
    </label>
  );
}
