// Transport over node:http/https with keep-alive agents: the fastest path on Node.
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { bodyBytes } from '../core/body.js';
import type { Transport, TransportRequest, TransportResponse } from './types.js';

export interface NodeTransportOptions {
  /** Sockets kept open per host (default 64). */
  maxSockets?: number;
}

interface Encoded {
  headers: Record<string, string>;
  payload?: Uint8Array | string;
}

export function nodeTransport(options: NodeTransportOptions = {}): Transport {
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 64, scheduling: 'lifo' as const };
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

  function send(
    lib: typeof http | typeof https,
    url: URL,
    req: TransportRequest,
    { headers, payload }: Encoded,
  ) {
    if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
    headers['accept-encoding'] ??= 'gzip, deflate, br';
    return new Promise<TransportResponse>((resolve, reject) => {
      const request = lib.request(url, {
        method: req.method,
        headers,
        agent: agents[url.protocol as 'http:' | 'https:'],
      });
      // One listener of our own is cheaper than http's `signal` option, which wires several per request.
      const onAbort = () => request.destroy(new Error('aborted'));
      req.signal.addEventListener('abort', onAbort, { once: true });
      const settle = () => req.signal.removeEventListener('abort', onAbort);
      request.on('error', (error) => {
        settle();
        reject(error);
      });
      request.on('response', (res) => {
        const chunks: Buffer[] = [];
        const stream = decode(res);
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', (error) => {
          settle();
          reject(error);
        });
        stream.on('end', () => {
          settle();
          const out: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) {
            if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
          }
          resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks) });
        });
      });
      request.end(payload);
    });
  }

  return (req) => {
    const url = new URL(req.url);
    const lib = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : undefined;
    if (!lib) return Promise.reject(new TypeError(`Unsupported protocol ${url.protocol} in ${url.origin}`));
    // Blobs and forms must be read first; every other body is sent without an extra await.
    const { body } = req;
    if (body instanceof FormData || (typeof Blob !== 'undefined' && body instanceof Blob)) {
      return encodeAsync(req).then((encoded) => send(lib, url, req, encoded));
    }
    return send(lib, url, req, encodeSync(req));
  };
}

function encodeSync(req: TransportRequest): Encoded {
  const headers = { ...req.headers };
  const { body } = req;
  if (body === undefined) return { headers };
  if (typeof body === 'string') return { headers, payload: body };
  if (body instanceof Uint8Array)
    return { headers, payload: Buffer.from(body.buffer, body.byteOffset, body.byteLength) };
  if (body instanceof ArrayBuffer) return { headers, payload: Buffer.from(body) };
  return { headers, payload: String(body) };
}

async function encodeAsync(req: TransportRequest): Promise<Encoded> {
  const headers = { ...req.headers };
  const { body } = req;
  if (body instanceof FormData) {
    // Response serialises FormData with a fresh boundary; reuse its content-type.
    const res = new Response(body);
    headers['content-type'] = res.headers.get('content-type') ?? 'multipart/form-data';
    return { headers, payload: new Uint8Array(await res.arrayBuffer()) };
  }
  return { headers, payload: await bodyBytes(body as Blob) };
}

function decode(res: http.IncomingMessage): NodeJS.ReadableStream {
  switch (res.headers['content-encoding']) {
    case 'gzip':
      return res.pipe(zlib.createGunzip());
    case 'deflate':
      return res.pipe(zlib.createInflate());
    case 'br':
      return res.pipe(zlib.createBrotliDecompress());
    default:
      return res;
  }
}
