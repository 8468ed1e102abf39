// The developer controls as routes of the edge: each route declared in control/routes.ts bound to
// its handler. The route's schemas parse its path parameters, query and body before the handler
// runs (what they refuse is a 400 naming the field), and the handler must answer the declared type.
import {
  type ControlAnswer,
  type ControlInput,
  type ControlRoute,
  type ControlRoutes,
  controlSpec,
  controlRoutes as declaredRoutes,
  splitRoute,
} from '../control/routes.js';
import { type Schema, SchemaError } from '../control/schema.js';
import type { Context, Route } from '../edge/router.js';
import { ValidationError } from '../ground/errors.js';

/** An answer with another status than the route's own (health's 503 while seeding). */
export class Reply<T> {
  constructor(
    readonly status: number,
    readonly json: T,
  ) {}
}

/** A redirect, for a route declared `redirects`. */
export class Redirect {
  constructor(readonly location: string) {}
}

/** A file answer (a route declared `download`), written to the response by its handler. */
export class Sent {
  // A private field makes the type nominal: no JSON answer passes for one. It is never read.
  // biome-ignore lint/correctness/noUnusedPrivateClassMembers: the field is the type's brand
  readonly #sent = true;
}

type Outcome<R extends ControlRoute> = ControlRoutes[R] extends { download: string }
  ? Sent
  :
      | ControlAnswer<R>
      | Reply<ControlAnswer<R>>
      | (ControlRoutes[R] extends { redirects: true } ? Redirect : never);

export type ControlHandler<R extends ControlRoute> = (
  input: ControlInput<R>,
  ctx: Context,
) => Outcome<R> | Promise<Outcome<R>>;

/** A handler for every declared control: one left out, or one too many, fails to compile. */
export type ControlHandlers = { [R in ControlRoute]: ControlHandler<R> };

export function controlRoutes(handlers: ControlHandlers): Route[] {
  return declaredRoutes().map((route) => bind(route, handlers));
}

/** `value` parsed by `schema`, or a 400 naming the field it refuses. */
export function parsed<T>(schema: Schema<T, unknown>, value: unknown, field = ''): T {
  try {
    return schema.parse(value, field);
  } catch (e) {
    if (e instanceof SchemaError) throw new ValidationError(e.message, e.field || undefined);
    throw e;
  }
}

const part = (schema: Schema<unknown, unknown> | undefined, value: unknown) =>
  schema === undefined ? undefined : parsed(schema, value);

/** A query's first value of each name, as `URLSearchParams.get` reads it. */
function queryOf(url: URL): Record<string, string> {
  const first = new Map<string, string>();
  for (const [k, v] of url.searchParams) if (!first.has(k)) first.set(k, v);
  return Object.fromEntries(first);
}

function bind<R extends ControlRoute>(route: R, handlers: ControlHandlers): Route {
  const spec = controlSpec(route);
  const handler = handlers[route];
  const { method, path } = splitRoute(route);
  return {
    method,
    path,
    door: spec.door ?? 'key',
    // A file upload is read by its handler from the request as it arrives.
    body: spec.upload ? 'stream' : spec.body ? 'json' : 'none',
    async handler(ctx) {
      const input = {
        params: part(spec.params, ctx.params),
        query: spec.query && parsed(spec.query, queryOf(ctx.url)),
        body: part(spec.body, ctx.body),
      };
      // Each part was parsed by this route's own schemas (CONTROL_ROUTES[route]): it is this
      // route's input, which the compiler cannot follow through a generic route.
      const outcome = await handler(input as ControlInput<R>, ctx);
      if (outcome instanceof Sent) return undefined;
      if (outcome instanceof Redirect) {
        ctx.res.writeHead(302, { location: outcome.location }).end();
        return undefined;
      }
      if (outcome instanceof Reply) return { status: outcome.status, json: outcome.json };
      return { status: spec.status ?? 200, json: outcome };
    },
  };
}
