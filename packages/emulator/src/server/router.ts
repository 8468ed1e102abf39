// The server's own routes: developer controls and assets under /_emulator. The two APIs are routed
// by the operation tables (api/dispatch.ts), not here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Store } from '../store/store.js';

export interface Context {
  req: IncomingMessage;
  res: ServerResponse;
  store: Store;
  /** The request URL, with the origin the client reached the server at. */
  url: URL;
  /** Path parameters from `:name` segments. */
  params: Record<string, string>;
  /** The server's listening origin, e.g. http://127.0.0.1:4000, which seeded asset URLs carry. */
  origin: string;
}

/** A JSON body (status 200 unless given), or `undefined` when the handler wrote the response itself. */
export type Result = { status?: number; json: unknown } | undefined;
export type Handler = (ctx: Context) => Result | Promise<Result>;

export interface Route {
  method: string;
  path: string;
  handler: Handler;
  /** Served without an API key: what a browser opens (health, assets, approval and login pages). */
  public?: boolean;
}

interface Compiled extends Route {
  regex: RegExp;
  names: string[];
}

/** Method + path-pattern routing; exact paths are looked up first, `:param` patterns after. */
export class Router {
  private readonly exact = new Map<string, Compiled>();
  private readonly patterns: Compiled[] = [];

  add(route: Route): void {
    const names: string[] = [];
    const regex = new RegExp(
      `^${route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:(\w+)/g, (_, n: string) => {
        names.push(n);
        return '([^/]+)';
      })}$`,
    );
    const compiled = { ...route, regex, names };
    if (names.length === 0) this.exact.set(`${route.method} ${route.path}`, compiled);
    else this.patterns.push(compiled);
  }

  addAll(routes: Route[]): void {
    for (const r of routes) this.add(r);
  }

  /** The route for method+path, or which methods the path allows when the method is wrong. */
  match(
    method: string,
    path: string,
  ): { route: Compiled; params: Record<string, string> } | { allowed: string[] } | undefined {
    const hit = this.exact.get(`${method} ${path}`);
    if (hit) return { route: hit, params: {} };
    const allowed: string[] = [];
    for (const r of this.exact.values()) if (r.path === path) allowed.push(r.method);
    for (const r of this.patterns) {
      const m = r.regex.exec(path);
      if (!m) continue;
      if (r.method !== method) {
        allowed.push(r.method);
        continue;
      }
      const params: Record<string, string> = {};
      try {
        r.names.forEach((n, i) => {
          params[n] = decodeURIComponent(m[i + 1]!);
        });
      } catch {
        // Malformed percent-encoding cannot name anything this route serves.
        return undefined;
      }
      return { route: r, params };
    }
    return allowed.length ? { allowed } : undefined;
  }
}
