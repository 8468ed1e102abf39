// Transport over node:http/https with keep-alive agents: the fastest path on Node.
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { bodyBytes } from '../core/body.js';
import { unwatch, watch } from './abort.js';
import {
  bodyCutShort,
  responseTooLarge,
  type Transport,
  type TransportRequest,
  type TransportResponse,
} from './types.js';

export interface NodeTransportOptions {
  /** Sockets kept open per host (default 64). */
  maxSockets?: number;
}

interface Encoded {
  headers: Record<string, string>;
  payload?: Uint8Array | string;
}

/** What http.request needs about a scheme://host:port, parsed once per origin rather than per call. */
interface Origin {
  lib: typeof http | typeof https;
  agent: http.Agent;
  protocol: string;
  hostname: string;
  port: string;
  auth?: string;
}

export function nodeTransport(options: NodeTransportOptions = {}): Transport {
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 64, scheduling: 'lifo' as const };
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };
  const origins = new Map<string, Origin>();

  function originOf(key: string): Origin {
    let origin = origins.get(key);
    if (origin) return origin;
    const url = new URL(key);
    const lib = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : undefined;
    if (!lib) throw new TypeError(`Unsupported protocol ${url.protocol} in ${url.origin}`);
    origin = {
      lib,
      agent: agents[url.protocol as 'http:' | 'https:'],
      protocol: url.protocol,
      // http.request wants an IPv6 literal without its brackets.
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port,
      auth: url.username
        ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
        : undefined,
    };
    if (origins.size >= 64) origins.clear();
    origins.set(key, origin);
    return origin;
  }

  function send(req: TransportRequest, { headers, payload }: Encoded): Promise<TransportResponse> {
    // Split at the first "/" after the authority: the path is sent as built, the origin looked up.
    const url = req.url;
    const slash = url.indexOf('/', url.indexOf('//') + 2);
    const cut = slash === -1 ? url.search(/[?#]|$/) : slash;
    const origin = originOf(url.slice(0, cut));
    const path = slash === -1 ? `/${url.slice(cut)}` : url.slice(slash);
    if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
    headers['accept-encoding'] ??= 'gzip, deflate, br';
    return new Promise<TransportResponse>((resolve, reject) => {
      const { signal } = req;
      if (signal.aborted) return reject(signal.reason);
      let settled = false;
      let stopReading: (() => void) | undefined;
      let request: http.ClientRequest;
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        unwatch(signal, fail);
        stopReading?.();
        request.destroy();
        reject(error);
      };
      const start = () => {
        request = origin.lib.request({
          protocol: origin.protocol,
          hostname: origin.hostname,
          port: origin.port,
          auth: origin.auth,
          path,
          method: req.method,
          headers,
          agent: origin.agent,
        });
        const sent = request;
        sent.on('error', (error) => {
          if (sent !== request) return;
          // A kept-alive socket the server closed while it sat idle fails the next request written
          // to it before the server read a byte: send it again, on the next socket the agent gives.
          if (!stopReading && sent.reusedSocket && !signal.aborted && isIdleClose(error)) return start();
          fail(stopReading ? bodyCutShort(error) : error);
        });
        sent.on('response', (res) => {
          const status = res.statusCode ?? 0;
          const out = res.headers as Record<string, string>;
          const cookies = res.headers['set-cookie'];
          if (cookies) out['set-cookie'] = cookies.join(', ');
          stopReading = readBody(res, req.maxBytes ?? Number.POSITIVE_INFINITY, fail, (body) => {
            if (settled) return;
            settled = true;
            unwatch(signal, fail);
            resolve({ status, headers: out, body });
          });
        });
        sent.end(payload);
      };
      watch(signal, fail);
      start();
    });
  }

  return (req) => {
    // Blobs and forms must be read first; every other body is sent without an extra await.
    const { body } = req;
    if (body instanceof FormData || (typeof Blob !== 'undefined' && body instanceof Blob)) {
      return encodeAsync(req).then((encoded) => send(req, encoded));
    }
    try {
      return send(req, encodeSync(req));
    } catch (error) {
      return Promise.reject(error);
    }
  };
}

/** How a socket closed by its server while idle fails the request written to it. */
function isIdleClose(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined;
  return code === 'ECONNRESET' || code === 'EPIPE';
}

/**
 * Reads a response body, decompressed, up to `limit` bytes, then calls `done` with it; or calls
 * `fail` once: with RESPONSE_TOO_LARGE past the limit, or with BODY_CUT_SHORT when the connection or
 * the compressed stream ends before the body does. Returns how to stop reading early.
 */
function readBody(
  res: http.IncomingMessage,
  limit: number,
  fail: (error: unknown) => void,
  done: (body: Buffer) => void,
): () => void {
  const encoding = res.headers['content-encoding'];
  const decoder = decoderFor(encoding);
  const stop = () => decoder?.destroy();
  if (!decoder && Number(res.headers['content-length']) > limit) {
    fail(responseTooLarge(limit));
    return stop;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  const take = (chunk: Buffer) => {
    size += chunk.length;
    if (size > limit) fail(responseTooLarge(limit));
    else chunks.push(chunk);
  };
  const finish = () => done(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
  const cutShort = (error?: unknown) => fail(bodyCutShort(error));
  res.on('error', cutShort);
  res.on('close', () => {
    if (!res.complete) cutShort({ code: 'ECONNRESET' });
  });
  if (!decoder) {
    res.on('data', take);
    res.on('end', finish);
    return stop;
  }
  let compressed = 0;
  decoder.on('data', take);
  decoder.on('end', finish);
  decoder.on('error', cutShort);
  res.on('data', (chunk: Buffer) => {
    compressed += chunk.length;
    decoder.write(chunk);
  });
  // An empty body (a 204, a HEAD) is no compressed stream at all: decompressing it would fail.
  res.on('end', () => (compressed === 0 ? finish() : decoder.end()));
  return stop;
}

function decoderFor(encoding: string | undefined) {
  switch (encoding) {
    case undefined:
      return undefined;
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return undefined;
  }
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
