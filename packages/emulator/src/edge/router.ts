// The one route table of a server: the operation routes of both APIs, /_emulator, and what a host
// command (castkit dev) adds. Each route declares what the edge (edge.ts) checks before its handler.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Which error body a route answers with: the hub's for `/v1`, the v2 API's for everything else. */
export type Api = 'v2' | 'hub';

/**
 * Who may call a route: `key` needs the x-api-key header; `public` is what a browser opens without
 * one (health, assets, approval and login pages); `same-origin` is only for pages this server served
 * (never cross-origin, never CORS), such as `/_castkit/env`.
 */
export type Door = 'key' | 'public' | 'same-origin';

/**
 * What the edge makes of the request body before the handler sees it: `none` (ignored), `json` (an
 * object, after content-type, depth and syntax checks), `binary` (application/octet-stream bytes),
 * `multipart` (multipart/form-data bytes), `raw` (bytes of any type), `stream` (left unread in
 * `req` for the handler, which owns its size limit: bodies larger than memory should hold).
 */
export type BodyKind = 'none' | 'json' | 'binary' | 'multipart' | 'raw' | 'stream';

export interface Context {
  req: IncomingMessage;
  res: ServerResponse;
  /** The request URL, with the origin the client reached the server at (an allowed Host). */
  url: URL;
  /** Path parameters from `:name` segments; `*` holds what a trailing `/*` matched. */
  params: Record<string, string>;
  /** Per the route's BodyKind: a JSON object, bytes, or undefined for `none`. */
  body: unknown;
}

/** A JSON body (status 200 unless given), or `undefined` when the handler wrote the response itself. */
export type Result = { status?: number; json: unknown } | undefined;
export type Handler = (ctx: Context) => Result | Promise<Result>;

export interface Route {
  /** An HTTP method, or `*` for any (a proxy). A GET route also answers HEAD. */
  method: string;
  /** An exact path, `:name` segments, or a trailing `/*` for everything below a prefix. */
  path: string;
  handler: Handler;
  /** Default `key`. */
  door?: Door;
  /** Default: `hub` under /v1, else `v2`. */
  api?: Api;
  /** Default `none`. */
  body?: BodyKind;
  /** The API operation it serves (`publishCast`), for rules that match by operation; default ''. */
  operation?: string;
}

/** What a link of the edge chain sees of a request it may delay, refuse or hold. */
export interface LinkCall {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  route: Bound;
  /** The request body's bytes, read once under the edge's limit (413); the handler gets the same. */
  body(): Promise<Buffer>;
}

/**
 * A link around every route's handler, after the door (key) and before the body is read: it calls
 * `next()` to go on, throws an EmulatorError to answer with it, or answers itself (undefined).
 */
export type Link = (call: LinkCall, next: () => Promise<Result>) => Promise<Result>;

/**
 * What answers requests no route matches (the console's files and SPA pages in castkit dev): true
 * when it answered, false for a 404. It never sees a path that has routes.
 */
export interface Fallback {
  door?: Door;
  handler: (ctx: Context) => boolean | Promise<boolean>;
}

/** A route with its defaults filled in. */
export interface Bound extends Required<Omit<Route, 'handler'>> {
  handler: Handler;
}

export const apiOf = (pathname: string): Api =>
  pathname === '/v1' || pathname.startsWith('/v1/') ? 'hub' : 'v2';

interface Pattern {
  route: Bound;
  regex: RegExp;
  names: string[];
}

export type Match = { route: Bound; params: Record<string, string> } | { allowed: string[] } | undefined;

const NO_PARAMS: Record<string, string> = Object.freeze<Record<string, string>>({});

export interface Compiled {
  regex: RegExp;
  names: string[];
}

/**
 * Path patterns compiled once per process: every emulator's router has the same ~430 API routes. A
 * RegExp without the g or y flag keeps no state between matches, so one serves every router.
 */
const compiled = new Map<string, Compiled | null>();

export function compiledPath(path: string): Compiled | null {
  let c = compiled.get(path);
  if (c !== undefined) return c;
  const names: string[] = [];
  let source = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, n: string) => {
    names.push(n);
    return '([^/]+)';
  });
  if (source.endsWith('/*')) {
    names.push('*');
    source = `${source.slice(0, -2)}(/.*)?`;
  }
  c = names.length === 0 ? null : { regex: new RegExp(`^${source}$`), names };
  compiled.set(path, c);
  return c;
}

/**
 * Method + path routing: exact paths by one map lookup, patterns after them in the order added. A
 * path's routes are a short list (one or two methods): a Map per path cost each router ~0.1 MB.
 */
export class Router {
  private readonly exact = new Map<string, Bound[]>();
  private readonly patterns: Pattern[] = [];

  private exactRoute(path: string, method: string): Bound | undefined {
    return this.exact.get(path)?.find((r) => r.method === method);
  }

  add(route: Route): void {
    const bound: Bound = {
      door: 'key',
      api: apiOf(route.path),
      body: 'none',
      operation: '',
      ...route,
      method: route.method.toUpperCase(),
    };
    const pattern = compiledPath(route.path);
    if (pattern === null) {
      const routes = this.exact.get(route.path) ?? [];
      if (routes.some((r) => r.method === bound.method))
        throw new Error(`two routes for ${bound.method} ${route.path}`);
      routes.push(bound);
      this.exact.set(route.path, routes);
    } else {
      this.patterns.push({ route: bound, ...pattern });
    }
  }

  addAll(routes: readonly Route[]): void {
    for (const r of routes) this.add(r);
  }

  /** Every method some route serves at this path (`*` for a route that takes any). */
  methodsOf(path: string): string[] {
    const methods = new Set(this.exact.get(path)?.map((r) => r.method));
    for (const { route, regex } of this.patterns) if (regex.test(path)) methods.add(route.method);
    return [...methods];
  }

  /** The route for method+path, or which methods the path allows when the method is wrong. */
  match(method: string, path: string): Match {
    const hit = this.exactRoute(path, method) ?? this.exactRoute(path, '*');
    if (hit) return { route: hit, params: NO_PARAMS };
    const get = method === 'HEAD' ? this.exactRoute(path, 'GET') : undefined;
    if (get) return { route: get, params: NO_PARAMS };
    const allowed = this.exact.get(path)?.map((r) => r.method) ?? [];
    for (const { route, regex, names } of this.patterns) {
      const m = regex.exec(path);
      if (!m) continue;
      if (route.method !== method && route.method !== '*' && !(method === 'HEAD' && route.method === 'GET')) {
        allowed.push(route.method);
        continue;
      }
      const params: Record<string, string> = {};
      try {
        names.forEach((n, i) => {
          const raw = m[i + 1] ?? '';
          params[n] = n === '*' ? raw : decodeURIComponent(raw);
        });
      } catch {
        // Malformed percent-encoding cannot name anything this route serves.
        continue;
      }
      return { route, params };
    }
    return allowed.length ? { allowed: [...new Set(allowed)] } : undefined;
  }
}
