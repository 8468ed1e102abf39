// Transport over node:http/https with keep-alive agents: the fastest path on Node.
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { bodyBytes, isBinaryBody } from '../core/body.js';
import type { Transport, TransportRequest } from './types.js';

export interface NodeTransportOptions {
  /** Sockets kept open per host (default 64). */
  maxSockets?: number;
}

export function nodeTransport(options: NodeTransportOptions = {}): Transport {
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 64, scheduling: 'lifo' as const };
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

  return async (req) => {
    const url = new URL(req.url);
    const lib = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : undefined;
    if (!lib) throw new TypeError(`Unsupported protocol ${url.protocol} in ${url.origin}`);
    const { headers, payload } = await encodeBody(req);
    if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
    headers['accept-encoding'] ??= 'gzip, deflate, br';

    return new Promise((resolve, reject) => {
      const request = lib.request(url, {
        method: req.method,
        headers,
        agent: agents[url.protocol as 'http:' | 'https:'],
        signal: req.signal,
      });
      request.on('error', reject);
      request.on('response', (res) => {
        const chunks: Buffer[] = [];
        const stream = decode(res);
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', reject);
        stream.on('end', () => {
          const out: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) {
            if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
          }
          resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks) });
        });
      });
      request.end(payload);
    });
  };
}

async function encodeBody(
  req: TransportRequest,
): Promise<{ headers: Record<string, string>; payload?: Uint8Array | string }> {
  const headers = { ...req.headers };
  const { body } = req;
  if (body === undefined) return { headers };
  if (typeof body === 'string') return { headers, payload: body };
  if (body instanceof FormData) {
    // Response serialises FormData with a fresh boundary; reuse its content-type.
    const res = new Response(body);
    headers['content-type'] = res.headers.get('content-type') ?? 'multipart/form-data';
    return { headers, payload: new Uint8Array(await res.arrayBuffer()) };
  }
  if (isBinaryBody(body)) {
    const bytes = await bodyBytes(body);
    return { headers, payload: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  }
  return { headers, payload: String(body) };
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
