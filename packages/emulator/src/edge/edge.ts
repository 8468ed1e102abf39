// The one HTTP edge every request of a server passes, in this order: request target (400) → Host
// guard (421) → Origin (403) → route (404/405, CORS preflight) → door: site rules (403) and API key
// (401) → links (faults, rate limits: 429, ...) → body (413, 415, 400) → handler → the error body
// of the route's API. 5xx answers are logged
// once, with their stack, here and nowhere else.
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  AuthenticationError,
  BadRequestError,
  MethodNotAllowedError,
  MisdirectedRequestError,
  NotFoundError,
  PermissionDeniedError,
} from '../ground/errors.js';
import { isRecord } from '../ground/is-record.js';
import { answerThenDrain, hasBody, readBody } from './body.js';
import { type CorsPolicy, corsPolicy, type OriginKind } from './cors.js';
import { decodeBody, MAX_JSON_DEPTH } from './decode.js';
import { asEmulatorError, errorReply } from './error-reply.js';
import { hostGuard } from './hosts.js';
import { toJsonBytes } from './json.js';
import { jsonHeaders, send } from './reply.js';
import {
  type Api,
  apiOf,
  type Door,
  type Fallback,
  type Link,
  type Result,
  type Route,
  Router,
} from './router.js';
import { parseTarget } from './target.js';

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** Where 5xx answers are reported: one call per failure, with the stack. */
export interface Logger {
  error(message: string): void;
}

export interface EdgeOptions {
  routes: readonly Route[];
  /** Answers what no route matches (castkit dev's console). */
  fallback?: Fallback;
  /**
   * Keys accepted in x-api-key by routes behind the `key` door, or a test of the key (castkit dev
   * --record forwards each program's own key to the upstream, which judges it).
   */
  apiKeys: readonly string[] | ((key: string) => boolean);
  /** Host names served beside loopback names (--host when it names one host, --allow-host). */
  hosts?: readonly string[];
  /** Origins allowed beside local ones (--cors); false allows no cross-origin or cross-site use at all. */
  cors?: readonly string[] | false;
  /** Request headers browser apps may send beside x-api-key and content-type. */
  corsHeaders?: readonly string[];
  /** Largest request body accepted (default 1 MiB). */
  maxBodyBytes?: number;
  maxJsonDepth?: number;
  /** Default: console. */
  logger?: Logger;
  /** Names the server in log lines. */
  name?: string;
  /** Run in order around each route's handler (the emulator's rate limits and faults). */
  links?: readonly Link[];
}

const EMPTY = Buffer.alloc(0);
const ANY_METHOD = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** A `(req, res)` listener for node:http running the whole chain. */
/** The CSP directive every answer carries; frame-ancestors is not covered by default-src. */
export const FRAME_ANCESTORS = "frame-ancestors 'none'";

export function createEdge(options: EdgeOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const router = new Router();
  router.addAll(options.routes);
  const allowsHost = hostGuard(options.hosts ?? []);
  const cors = corsPolicy(options.cors ?? [], options.corsHeaders);
  const keys = options.apiKeys;
  const accepts = typeof keys === 'function' ? keys : (key: string) => keys.includes(key);
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxDepth = options.maxJsonDepth ?? MAX_JSON_DEPTH;
  const logger = options.logger ?? console;
  const name = options.name ?? 'castkit';

  function fail(req: IncomingMessage, res: ServerResponse, api: Api, error: unknown): void {
    const e = asEmulatorError(error);
    // 501 is the designed answer for an operation not emulated yet, not a failure to investigate.
    // Nor is a fault injected on purpose (server/faults.ts).
    if (e.status >= 500 && e.status !== 501 && !(isRecord(error) && error.injected)) {
      const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
      logger.error(`[${name}] ${e.status} ${req.method} ${req.url}: ${detail}`);
    }
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const reply = errorReply(api, e);
    const bytes = toJsonBytes(reply.body);
    const headers = e instanceof MethodNotAllowedError ? { allow: e.allowed.join(', ') } : undefined;
    // A refused body may still be arriving: answer first, then drop the rest (body.ts).
    if (reply.status === 413) answerThenDrain(req, res, reply.status, jsonHeaders(bytes, headers), bytes);
    else {
      res.writeHead(reply.status, jsonHeaders(bytes, headers));
      res.end(bytes);
    }
  }

  /** CORS headers on answers to allowed origins; Vary so caches keep per-origin copies apart. */
  function corsHeaders(res: ServerResponse, kind: OriginKind, origin: string | undefined, door: Door): void {
    if (!cors.enabled || door === 'same-origin') return;
    res.setHeader('vary', 'Origin');
    if (kind === 'cors') res.setHeader('access-control-allow-origin', origin!);
  }

  /** The site rules and the key check of a door; sets CORS headers on what it lets through. */
  function admit(door: Door, kind: OriginKind, req: IncomingMessage, res: ServerResponse): void {
    const method = req.method ?? 'GET';
    if (!cors.admits(door, kind, method, req.headers)) {
      throw kind === 'cors'
        ? new PermissionDeniedError(`only pages of this server's own origin may use ${req.url}`, 'origin')
        : new PermissionDeniedError(
            'cross-site requests are refused here (Sec-Fetch-Site); open it from this server',
            'sec-fetch-site',
          );
    }
    corsHeaders(res, kind, req.headers.origin, door);
    const key = req.headers['x-api-key'];
    if (door === 'key' && (typeof key !== 'string' || !accepts(key))) {
      throw new AuthenticationError('a valid x-api-key header is required', 'x-api-key');
    }
  }

  function preflight(res: ServerResponse, origin: string, wanted: string, pathname: string): void {
    const found = router.match(wanted.toUpperCase(), pathname);
    if (found && 'route' in found && found.route.door === 'same-origin') {
      throw new PermissionDeniedError(`only pages of this server's own origin may use ${pathname}`, 'origin');
    }
    corsHeaders(res, 'cors', origin, 'public');
    if (!found) throw new NotFoundError(`no route for ${pathname}`);
    const methods = 'route' in found ? router.methodsOf(pathname) : found.allowed;
    res.writeHead(204, cors.preflightHeaders(origin, methods.includes('*') ? ANY_METHOD : methods));
    res.end();
  }

  /** The chain; throws what it refuses. `at.api` follows what is known of the route, for the error body. */
  async function chain(req: IncomingMessage, res: ServerResponse, at: { api: Api }): Promise<void> {
    const method = req.method ?? 'GET';
    const { kind, url } = screen(req, allowsHost, cors, at);
    const origin = req.headers.origin;
    const wanted = req.headers['access-control-request-method'];
    if (method === 'OPTIONS' && kind === 'cors' && typeof wanted === 'string') {
      return preflight(res, origin!, wanted, url.pathname);
    }

    const found = router.match(method, url.pathname);
    if (found === undefined && options.fallback) {
      admit(options.fallback.door ?? 'public', kind, req, res);
      if (await options.fallback.handler({ req, res, url, params: {}, body: undefined })) return;
    }
    if (found === undefined || 'allowed' in found) {
      corsHeaders(res, kind, origin, 'public');
      if (!found) throw new NotFoundError(`no route for ${method} ${url.pathname}`);
      throw new MethodNotAllowedError(
        `${method} is not allowed here; use ${found.allowed.join(' or ')}`,
        found.allowed,
      );
    }

    const { route, params } = found;
    at.api = route.api;
    admit(route.door, kind, req, res);
    let read: Promise<Buffer> | undefined;
    const bytes = () => {
      read ??= hasBody(req) ? readBody(req, maxBody) : Promise.resolve(EMPTY);
      return read;
    };
    const handle = async () => {
      if (route.body === 'stream') return route.handler({ req, res, url, params, body: undefined });
      const body = decodeBody(route.body, await bytes(), req.headers['content-type'], maxDepth);
      return route.handler({ req, res, url, params, body });
    };
    const links = options.links ?? [];
    const call = { req, res, url, route, body: bytes };
    const run = (i: number): Promise<Result> =>
      i < links.length ? links[i]!(call, () => run(i + 1)) : handle();
    const result = await run(0);
    if (result !== undefined && !res.headersSent && !res.destroyed)
      send(res, result.status ?? 200, result.json);
  }

  return (req, res) => {
    // No page of a castkit server may be framed by another (clickjacking: a click on the console's
    // controls through a transparent frame). A handler setting its own CSP keeps FRAME_ANCESTORS in it.
    res.setHeader('x-frame-options', 'DENY');
    res.setHeader('content-security-policy', FRAME_ANCESTORS);
    const at = { api: apiOf(req.url ?? '/') };
    chain(req, res, at).catch((error: unknown) => {
      try {
        fail(req, res, at.api, error);
      } catch (e) {
        // Shaping the answer itself failed: the last line against a crash.
        logger.error(
          `[${name}] answering ${req.method} ${req.url} failed: ${e instanceof Error ? e.stack : e}`,
        );
        res.destroy();
      }
    });
  };
}

/**
 * The first checks of every request, before any route: target (400), Host (421), Origin (403).
 * Throws what it refuses; `at.api` learns the API from the path as soon as it is known.
 */
function screen(
  req: IncomingMessage,
  allowsHost: (authority: string) => boolean,
  cors: CorsPolicy,
  at: { api: Api },
): { kind: OriginKind; url: URL } {
  const target = parseTarget(req.url, req.headers.host);
  if (!target) {
    throw new BadRequestError('malformed request target: send a path like /v2/farcaster/user/bulk?fids=1', {
      property: 'url',
    });
  }
  at.api = apiOf(target.path);
  if (!allowsHost(target.authority)) {
    const host = target.authority || req.headers.host;
    throw new MisdirectedRequestError(
      host
        ? `this server answers only to loopback names and configured hosts, not "${host}" (add it with --allow-host)`
        : 'a Host header is required',
    );
  }
  const origin = req.headers.origin;
  const kind = cors.classify(origin, target.authority);
  if (kind === 'foreign') {
    throw new PermissionDeniedError(`requests from origin ${origin} are not allowed (see --cors)`, 'origin');
  }
  const url = new URL(`http://${target.authority}${target.path}`);
  at.api = apiOf(url.pathname);
  return { kind, url };
}

/**
 * The same door for requests that leave HTTP (WebSocket upgrades): target, Host and Origin as every
 * request, then the site rules of a public route (a foreign page's socket would carry the user's
 * access). Returns the URL, or throws the EmulatorError to answer with.
 */
export function upgradeGuard(options: Pick<EdgeOptions, 'hosts' | 'cors'>): (req: IncomingMessage) => URL {
  const allowsHost = hostGuard(options.hosts ?? []);
  const cors = corsPolicy(options.cors ?? []);
  return (req) => {
    const { kind, url } = screen(req, allowsHost, cors, { api: 'v2' });
    if (!cors.admits('public', kind, 'GET', req.headers)) {
      throw new PermissionDeniedError(
        'cross-site sockets are refused here (Sec-Fetch-Site)',
        'sec-fetch-site',
      );
    }
    return url;
  };
}
