// Transport over the WHATWG fetch API: browsers, Deno, Bun, workers, or any injected fetch.
import { unwatch, watch } from './abort.js';
import { bodyCutShort, RESPONSE_TOO_LARGE, responseTooLarge, type Transport } from './types.js';

export function fetchTransport(fetchImpl: typeof fetch = globalThis.fetch): Transport {
  if (typeof fetchImpl !== 'function') {
    throw new TypeError('No fetch implementation is available; pass one as the `fetch` option.');
  }
  return async ({ method, url, headers, body, signal, maxBytes }) => {
    if (signal.aborted) throw signal.reason;
    // fetch gets a signal of its own: some implementations (undici) keep their listener on the signal
    // they are given until garbage collection, which a signal shared by many requests cannot afford.
    const controller = new AbortController();
    const abort = (reason: unknown) => controller.abort(reason);
    watch(signal, abort);
    try {
      const init: RequestInit = { method, headers, signal: controller.signal, redirect: 'manual' };
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
      let bytes: Uint8Array;
      try {
        bytes = await readBody(res, maxBytes ?? Number.POSITIVE_INFINITY);
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        throw (error as { code?: string }).code === RESPONSE_TOO_LARGE ? error : bodyCutShort(error);
      }
      return { status: res.status, headers: out, body: bytes };
    } finally {
      unwatch(signal, abort);
    }
  };
}

/** The body's bytes as fetch decodes them, counted as they arrive so an oversized one stops early. */
async function readBody(res: Response, limit: number): Promise<Uint8Array> {
  if (!res.body) return new Uint8Array(0);
  const length = res.headers.get('content-length');
  // A body sent as is with a declared length within the cap is read in one go: fetch enforces the length.
  if (length !== null && !res.headers.has('content-encoding') && Number(length) <= limit) {
    return new Uint8Array(await res.arrayBuffer());
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw responseTooLarge(limit);
    }
    chunks.push(value);
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
