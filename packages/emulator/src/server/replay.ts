// Replaying a cassette (cassette/*): a link of the edge chain that answers API requests with their
// recorded answers, after the key check, the rate limits and injected faults. What the cassette has
// no answer for goes on to the emulator (`unmatched: 'emulator'`) or gets a 404 naming the request.
// A recorded path the emulator has no route for gets one here, so the link sees it too.
import { bodyBytes } from '../cassette/format.js';
import { readCassette } from '../cassette/read.js';
import { describeRequest, Tape } from '../cassette/tape.js';
import { type Link, type Route, Router } from '../edge/router.js';
import { NotFoundError } from '../ground/errors.js';

/** Who answers a request the cassette does not hold: the emulator, or a 404 naming the request. */
export type Unmatched = '404' | 'emulator';
export const UNMATCHED: readonly Unmatched[] = ['404', 'emulator'];

export interface ReplayOptions {
  /** A cassette file (`castkit dev --upstream URL --record FILE`). */
  cassette: string;
  /** Default `404`. */
  unmatched?: Unmatched;
}

export interface Replay {
  tape: Tape;
  link: Link;
  /** Routes for recorded method and path pairs that `routes` do not serve. */
  routes: Route[];
}

const isApiPath = (path: string) => path.startsWith('/v2/') || path === '/v1' || path.startsWith('/v1/');

/** Loads the cassette (a 400 naming `cassette` if it cannot be read) and what replaying it takes. */
export function replayOf(options: ReplayOptions, routes: readonly Route[]): Replay {
  const tape = new Tape(readCassette(options.cassette).exchanges);
  const unmatched = options.unmatched ?? '404';
  const served = new Router();
  served.addAll(routes);
  const extra: Route[] = tape
    .routes()
    .filter(({ method, path }) => isApiPath(path) && !isRoute(served.match(method, path)))
    .map(({ method, path }) => ({
      method,
      path,
      // The emulator's own answer for a path it does not serve; a replayed answer comes first.
      handler: () => {
        throw new NotFoundError(`no route for ${method} ${path}`);
      },
    }));
  const link: Link = async (call, next) => {
    const { pathname, search, searchParams } = call.url;
    if (!isApiPath(pathname)) return next();
    const method = call.req.method ?? 'GET';
    const answer = tape.take({
      method,
      path: pathname,
      query: searchParams,
      headers: call.req.headers,
      body: await call.body(),
    });
    if (answer) {
      const body = bodyBytes(answer);
      call.res.writeHead(answer.status, { ...answer.headers, 'content-length': body.length });
      call.res.end(method === 'HEAD' ? undefined : body);
      return undefined;
    }
    if (unmatched === 'emulator') return next();
    throw new NotFoundError(`not in the cassette: ${describeRequest(method, pathname, search)}`);
  };
  return { tape, link, routes: extra };
}

const isRoute = (match: ReturnType<Router['match']>) => match !== undefined && 'route' in match;
