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
/** Also dropped towards the browser. */
const NOT_RETURNED = new Set([...HOP_BY_HOP, 'set-cookie']);

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
 * `timeoutMs`; once the answer has started, a failure cuts the connection instead.
 */
export function forward(
  { req, res, body }: Context,
  target: URL,
  apiKey: string,
  timeoutMs: number,
): Promise<undefined> {
  const bytes = body as Buffer;
  const headers = {
    ...endToEnd(req.headers, NOT_FORWARDED, ['sec-fetch-']),
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
      res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers, NOT_RETURNED, ['access-control-']));
      answer.pipe(res);
      answer.once('end', () => {
        clearTimeout(timer);
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
