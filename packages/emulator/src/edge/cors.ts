// Who may call from a browser. Browser apps on local origins (and origins the user names with
// --cors) may call the APIs with the dev key through CORS; every other origin is refused outright,
// so a cross-site page cannot even make "simple" requests that change state.
import type { IncomingHttpHeaders } from 'node:http';
import type { Door } from './router.js';

const LOCAL_ORIGIN = /^https?:\/\/(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|\[::1\])(?::\d{1,5})?$/;

/** Headers a browser app may send: the key, JSON, and the request headers the specs define. */
const BASE_ALLOW_HEADERS = ['x-api-key', 'content-type'];
const MAX_AGE_SECONDS = '600';

/**
 * The origin of a request relative to this server: `absent` (not a browser, or a request browsers
 * send without Origin), `own` (a page this server served), `cors` (an allowed other origin) or
 * `foreign`.
 */
export type OriginKind = 'absent' | 'own' | 'cors' | 'foreign';

export interface CorsPolicy {
  /** Whether any cross-origin access is possible (false for the upstream proxy). */
  enabled: boolean;
  classify(origin: string | undefined, authority: string): OriginKind;
  /** Whether a request of this origin kind may use a route behind `door`. */
  admits(door: Door, kind: OriginKind, method: string, headers: IncomingHttpHeaders): boolean;
  /** The preflight answer's headers for an allowed origin. */
  preflightHeaders(origin: string, methods: readonly string[]): Record<string, string>;
}

/**
 * `origins`: exact extra origins (`https://app.example:8443`), or false to allow no cross-origin
 * access at all. `requestHeaders`: the header parameters of the API operations.
 */
export function corsPolicy(
  origins: readonly string[] | false,
  requestHeaders: readonly string[] = [],
): CorsPolicy {
  const enabled = origins !== false;
  const extra = new Set((origins || []).map((o) => o.toLowerCase()));
  const allowHeaders = [
    ...new Set([...BASE_ALLOW_HEADERS, ...requestHeaders.map((h) => h.toLowerCase())]),
  ].join(', ');
  const allowed = (origin: string) => LOCAL_ORIGIN.test(origin) || extra.has(origin);

  return {
    enabled,
    classify(origin, authority) {
      if (origin === undefined) return 'absent';
      const o = origin.toLowerCase();
      const host = authority.toLowerCase();
      if (o === `http://${host}` || o === `https://${host}`) return 'own';
      return enabled && allowed(o) ? 'cors' : 'foreign';
    },
    admits(door, kind, method, headers) {
      if (kind === 'own') return true;
      if (kind === 'cors') return door !== 'same-origin';
      if (kind === 'foreign') return false;
      // No Origin: a request from outside any browser, or one a browser makes without it (navigations,
      // images, no-cors GETs). Sec-Fetch-Site says which, where the browser sends it.
      const site = headers['sec-fetch-site'];
      if (site === undefined || site === 'same-origin' || site === 'none') return true;
      if (door === 'public' && (method === 'GET' || method === 'HEAD')) {
        // Links to the approval and login pages, and avatars in other apps' pages.
        if (headers['sec-fetch-mode'] === 'navigate' || headers['sec-fetch-dest'] === 'image') return true;
      }
      if (door === 'same-origin') return false;
      // Other ports of localhost are the same site: the local apps CORS is there for.
      return site === 'same-site' && enabled;
    },
    preflightHeaders(origin, methods) {
      return {
        'access-control-allow-origin': origin,
        'access-control-allow-methods': methods.join(', '),
        'access-control-allow-headers': allowHeaders,
        'access-control-max-age': MAX_AGE_SECONDS,
        vary: 'Origin',
      };
    },
  };
}

/** Exact origins from `--cors a,b`: each must be scheme://host[:port] with nothing after it. */
export function parseCorsOrigins(values: readonly string[]): string[] {
  const out: string[] = [];
  for (const value of values.flatMap((v) => v.split(','))) {
    const text = value.trim();
    if (!text) continue;
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new Error(`--cors: "${text}" is not an origin like http://localhost:5173`);
    }
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if (!/^https?:$/.test(url.protocol) || !bare) {
      throw new Error(
        `--cors: "${text}" is not an origin like http://localhost:5173 (scheme, host, port only)`,
      );
    }
    out.push(url.origin);
  }
  return out;
}
