// The explorer's URL state, checked on the way in: a hand-edited link can hold anything.
import { type Generation, parseGeneration } from '../api/generation';
import type { FieldValue, FormValues } from './form-model';

export interface ExplorerSearch {
  /** The SDK generation whose operations are listed and sent; absent means 3.x. */
  api?: Generation;
  /** `v2.lookupUserByUsername` */
  op?: string;
  /** Form values by parameter key. */
  in?: FormValues;
  /** The whole JSON body as text, when the raw JSON mode is on. */
  raw?: string;
}

const isFieldValue = (v: unknown): v is FieldValue =>
  typeof v === 'string' ||
  typeof v === 'boolean' ||
  (Array.isArray(v) && v.every((x) => typeof x === 'string'));

export function parseExplorerSearch(search: Record<string, unknown>): ExplorerSearch {
  const out: ExplorerSearch = {};
  const api = parseGeneration(search.api);
  if (api) out.api = api;
  if (typeof search.op === 'string') out.op = search.op;
  if (search.in && typeof search.in === 'object' && !Array.isArray(search.in)) {
    const values: FormValues = {};
    for (const [k, v] of Object.entries(search.in as Record<string, unknown>)) {
      // The router's JSON search parsing turns "3" into 3; the form keeps text.
      if (typeof v === 'number') values[k] = String(v);
      else if (Array.isArray(v)) values[k] = v.map(String);
      else if (isFieldValue(v)) values[k] = v;
    }
    out.in = values;
  }
  if (typeof search.raw === 'string') out.raw = search.raw;
  return out;
}
