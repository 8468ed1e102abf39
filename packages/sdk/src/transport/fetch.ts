// Transport over the WHATWG fetch API: browsers, Deno, Bun, workers, or any injected fetch.
import type { Transport } from './types.js';

export function fetchTransport(fetchImpl: typeof fetch = globalThis.fetch): Transport {
  if (typeof fetchImpl !== 'function') {
    throw new TypeError('No fetch implementation is available; pass one as the `fetch` option.');
  }
  return async ({ method, url, headers, body, signal }) => {
    const init: RequestInit = { method, headers, signal, redirect: 'manual' };
    if (body !== undefined) {
      if (body instanceof FormData) {
        // fetch writes the multipart boundary itself; a preset content-type would lack it.
        const { 'content-type': _dropped, ...rest } = headers;
        init.headers = rest;
      }
      init.body = body instanceof Uint8Array ? body.slice() : (body as BodyInit);
    }
    const res = await fetchImpl(url, init);
    const out: Record<string, string> = {};
    res.headers.forEach((value, key) => {
      out[key.toLowerCase()] = value;
    });
    return { status: res.status, headers: out, body: new Uint8Array(await res.arrayBuffer()) };
  };
}
