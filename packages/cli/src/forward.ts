// One proxied request: the browser's request to the upstream with the real key, and the upstream's
// answer back. Only end-to-end headers cross (RFC 9110 §7.6.1); the browser's credentials for this
// server (cookies, Authorization) never reach the upstream, and the upstream's cookies and CORS
// grants never reach the browser.
import {
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import { type Context, EmulatorError } from '@castkit/emulator/edge';

const HOP_BY_HOP = ['connection', 'keep-alive', 'te', 'trailer', 'transfer-encoding', 'upgrade'];
/** Also dropped towards the upstream: credentials, and what describes the browser's hop to us. */
const NOT_FORWARDED = new Set([
  ...HOP_BY_HOP,
  'host',
  'cookie',
  'authorization',
  'x-api-key',
  'content-length',
  'expect',
  'origin',
  'referer',
]);
/** With a tap, the answer is also asked for uncompressed: a cassette keeps what a client reads. */
const TAPPED_NOT_FORWARDED = new Set([...NOT_FORWARDED, 'accept-encoding']);
/** Also dropped towards the browser. */
const NOT_RETURNED = new Set([...HOP_BY_HOP, 'set-cookie']);

/** Sees each whole answer the upstream gave, once it has been passed on (castkit dev --record). */
export type Tap = (answer: { status: number; headers: OutgoingHttpHeaders; body: Buffer }) => void;

/** `headers` without hop-by-hop ones (those Connection names too), Proxy-*, and the `drop` set. */
export function endToEnd(
  headers: IncomingHttpHeaders,
  drop: ReadonlySet<string>,
  dropPrefixes: readonly string[] = [],
): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || drop.has(name) || named.has(name) || name.startsWith('proxy-')) continue;
    if (dropPrefixes.some((p) => name.startsWith(p))) continue;
    out[name] = value;
  }
  return out;
}

/**
 * Sends the request (its body already read by the edge) to `target` with `apiKey`; pipes the answer
 * back. Throws a 502 when the upstream cannot be reached and a 504 when it has not answered within
 * `timeoutMs`; once the answer has started, a failure cuts the connection instead. A `tap` sees
 * answers that arrived whole; it asks for them uncompressed, as a client reads them.
 */
export function forward(
  { req, res, body }: Context,
  target: URL,
  apiKey: string,
  timeoutMs: number,
  tap?: Tap,
): Promise<undefined> {
  const bytes = body as Buffer;
  const headers = {
    ...endToEnd(req.headers, tap ? TAPPED_NOT_FORWARDED : NOT_FORWARDED, ['sec-fetch-']),
    host: target.host,
    'x-api-key': apiKey,
    ...(bytes.length || !['GET', 'HEAD'].includes(req.method ?? 'GET')
      ? { 'content-length': bytes.length }
      : {}),
  };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    let timedOut = false;
    const upstream = send(target, { method: req.method, headers }, (answer: IncomingMessage) => {
      const status = answer.statusCode ?? 502;
      const returned = endToEnd(answer.headers, NOT_RETURNED, ['access-control-']);
      res.writeHead(status, returned);
      const chunks: Buffer[] = [];
      if (tap) answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.pipe(res);
      answer.once('end', () => {
        clearTimeout(timer);
        tap?.({ status, headers: returned, body: Buffer.concat(chunks) });
        resolve(undefined);
      });
      answer.once('error', () => {
        clearTimeout(timer);
        res.destroy();
        resolve(undefined);
      });
    });
    const timer = setTimeout(() => {
      timedOut = true;
      upstream.destroy(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    upstream.on('error', (error) => {
      clearTimeout(timer);
      if (res.headersSent) {
        res.destroy();
        resolve(undefined);
      } else if (timedOut) {
        reject(new EmulatorError(504, `upstream ${target.host} did not answer within ${timeoutMs} ms`));
      } else {
        reject(new EmulatorError(502, `upstream ${target.host} unreachable: ${error.message}`));
      }
    });
    // The browser left: stop the upstream request too.
    res.once('close', () => {
      clearTimeout(timer);
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(bytes);
  });
}
