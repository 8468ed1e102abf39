// A recorded request as the compatibility tests compare it: what two SDKs must send alike.
import type { Recorded } from './recording-server.js';

export interface Seen {
  method: string;
  path: string;
  /** Decoded and sorted by name, then value: `fids=3,2` and `fids=3%2C2` carry the same value. */
  query: [string, string][];
  /** The headers the spec declares for the operation. */
  headers: Record<string, string>;
  body: unknown;
}

/**
 * Headers are compared only where the spec declares a header parameter (`declared`, lower case):
 * otherwise each SDK names itself (`user-agent`, `x-sdk`), `accept` differs in wording only, and
 * content types differ in a charset parameter and the multipart boundary.
 */
export async function seen(r: Recorded, declared: string[]): Promise<Seen> {
  const query = [...new URLSearchParams(r.rawQuery)].sort(([a, x], [b, y]) =>
    a === b ? x.localeCompare(y) : a.localeCompare(b),
  );
  const type = String(r.headers['content-type'] ?? '');
  let body: unknown;
  if (!r.body.byteLength) body = undefined;
  else if (type.startsWith('application/json')) body = JSON.parse(r.body.toString('utf8'));
  else if (type.startsWith('multipart/form-data')) {
    const form = await new Request('http://x/', {
      method: 'POST',
      body: new Uint8Array(r.body),
      headers: { 'content-type': type },
    }).formData();
    const fields: Record<string, string> = {};
    for (const [k, v] of form.entries()) fields[k] = typeof v === 'string' ? v : await v.text();
    body = fields;
  } else body = [...r.body];
  const headers = Object.fromEntries(declared.map((h) => [h, String(r.headers[h])]));
  return { method: r.method, path: r.path, query, headers, body };
}
