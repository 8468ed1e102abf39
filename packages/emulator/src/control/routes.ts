// The developer controls under /_emulator, declared once: each route by its method and path, with
// what it takes (path parameters, query, body) and what it answers. The emulator serves exactly
// these (server/control-routes.ts types its handlers from them and parses every request with
// them); the client (client.ts) sends them and checks each answer; the README's table of controls
// is tested against them. The pages under /_emulator (a catalogue app, a frame, an avatar) are
// not controls: they answer HTML or images to browsers and clients of the apps, not JSON.
import {
  approvedSigner,
  clockView,
  delivery as deliveryAnswer,
  deliveryPage,
  faultRule,
  fileBytes,
  health,
  hostedMiniapp,
  hostResult,
  imported,
  notifyResult,
  rateLimits,
  reset,
  restored,
  rotatedWebhook,
  sentNotification,
  serverWallet,
  snapshotInfo,
  stats,
} from './answers.js';
import { importReport, importSlice } from './import-slice.js';
import {
  deliveriesQuery,
  deliveryId,
  duration,
  faultRuleInput,
  limit,
  miniappRegistration,
  notificationPost,
  PLAN_MESSAGE,
  positive,
  ratePlan,
  time,
} from './requests.js';
import {
  array,
  boolean,
  type Infer,
  type InputOf,
  integer,
  literal,
  number,
  object,
  optional,
  required,
  type Schema,
  string,
} from './schema.js';
import { type HostAction, SNAPSHOT_MEDIA_TYPE } from './vocabulary.js';

type AnySchema = Schema<unknown, unknown>;

export interface ControlSpec {
  /** `public`: no x-api-key (a browser opens it, an app posts to it). Default: the key is required. */
  readonly door?: 'public';
  /** The `:name` segments of the path, each parsed from its text. */
  readonly params?: AnySchema;
  readonly query?: AnySchema;
  /** A JSON object; a route without one ignores what is sent. */
  readonly body?: AnySchema;
  /** The request body is a file of this media type, its bytes streamed (not JSON; no `body`). */
  readonly upload?: typeof SNAPSHOT_MEDIA_TYPE;
  /** The answer's body on success. */
  readonly answer: AnySchema;
  /** The answer on success is a file of this media type, its bytes (not JSON; `answer` is fileBytes). */
  readonly download?: typeof SNAPSHOT_MEDIA_TYPE;
  /** The success status when not 200. */
  readonly status?: 201;
  /** May answer with a redirect instead (a browser without a chosen user). */
  readonly redirects?: true;
}

const idAndFid = object({ id: positive(), fid: positive() });
const hostAction = {
  params: idAndFid,
  body: object({ notifications: optional(boolean({ message: 'notifications must be true or false' })) }),
  answer: hostResult,
} satisfies ControlSpec;
const faultList = object({ faults: array(faultRule) });
const snapshotName = object({ name: string() });
const oneDelivery = object({ delivery: deliveryAnswer });

/** A route's declaration, checked against ControlSpec while keeping its own types. */
const declare = <const T extends { [key: `${'GET' | 'POST' | 'DELETE'} /_emulator/${string}`]: ControlSpec }>(
  routes: T,
) => routes;

export const CONTROL_ROUTES = declare({
  'GET /_emulator/health': { door: 'public', answer: health },
  'GET /_emulator/stats': { answer: stats },
  'POST /_emulator/reset': { answer: reset },
  'GET /_emulator/snapshots': { answer: object({ snapshots: array(snapshotInfo) }) },
  'POST /_emulator/snapshots': {
    body: object({ name: required(string(), 'name is required: what to call the snapshot') }),
    answer: object({ snapshot: snapshotInfo }),
    status: 201,
  },
  'POST /_emulator/snapshots/:name/restore': { params: snapshotName, answer: restored },
  'GET /_emulator/export': { answer: fileBytes, download: SNAPSHOT_MEDIA_TYPE },
  'GET /_emulator/snapshots/:name/export': {
    params: snapshotName,
    answer: fileBytes,
    download: SNAPSHOT_MEDIA_TYPE,
  },
  'POST /_emulator/import': {
    /** Also saves what is imported as this snapshot. */
    query: object({ name: optional(string()) }),
    upload: SNAPSHOT_MEDIA_TYPE,
    answer: imported,
  },
  'DELETE /_emulator/snapshots/:name': {
    params: snapshotName,
    answer: object({ status: literal('deleted'), name: string() }),
  },
  /** castkit import: a slice of the live network, written through the write path. */
  'POST /_emulator/imports': { body: importSlice, answer: importReport },
  'GET /_emulator/clock': { answer: clockView },
  'POST /_emulator/clock/freeze': { body: object({ to: optional(time) }), answer: clockView },
  'POST /_emulator/clock/resume': { answer: clockView },
  'POST /_emulator/clock/set': {
    body: object({ to: required(time, 'to is required: the time to jump to') }),
    answer: clockView,
  },
  'POST /_emulator/clock/advance': {
    body: object({ by: required(duration, 'by is required: how far to move forward') }),
    answer: clockView,
  },
  'POST /_emulator/clock/real': { answer: clockView },
  'GET /_emulator/faults': { answer: faultList },
  'POST /_emulator/faults': { body: faultRuleInput, answer: object({ fault: faultRule }), status: 201 },
  'DELETE /_emulator/faults': { answer: faultList },
  'DELETE /_emulator/faults/:id': { params: object({ id: string() }), answer: faultList },
  'GET /_emulator/rate-limits': { answer: rateLimits },
  'POST /_emulator/rate-limits': {
    body: object({ plan: required(ratePlan, PLAN_MESSAGE) }),
    answer: rateLimits,
  },
  'GET /_emulator/webhooks/deliveries': { query: deliveriesQuery, answer: deliveryPage },
  'GET /_emulator/webhooks/deliveries/:id': { params: object({ id: deliveryId }), answer: oneDelivery },
  'POST /_emulator/webhooks/deliveries/:id/redeliver': {
    params: object({ id: deliveryId }),
    answer: oneDelivery,
  },
  'POST /_emulator/webhooks/:webhook_id/rotate-secret': {
    params: object({ webhook_id: string() }),
    body: object({
      /** How long the old secret stays valid; default a day. */
      grace_seconds: optional(number({ min: 0, message: 'grace_seconds must be a non-negative number' })),
    }),
    answer: rotatedWebhook,
  },
  'GET /_emulator/miniapps': { answer: object({ miniapps: array(hostedMiniapp) }) },
  'POST /_emulator/miniapps': {
    body: miniappRegistration,
    answer: object({ id: integer(), miniapp: hostedMiniapp }),
  },
  'POST /_emulator/miniapps/:id/users/:fid/add': hostAction,
  'POST /_emulator/miniapps/:id/users/:fid/remove': hostAction,
  'POST /_emulator/miniapps/:id/users/:fid/notifications/enable': hostAction,
  'POST /_emulator/miniapps/:id/users/:fid/notifications/disable': hostAction,
  'POST /_emulator/miniapps/:id/users/:fid/notifications/open': {
    params: idAndFid,
    body: object({
      notification_id: required(string(), 'notification_id is required: the notification the user opens'),
    }),
    answer: object({ app_id: integer(), fid: integer(), notification_id: string(), opened_at: string() }),
  },
  'GET /_emulator/miniapps/:id/notifications': {
    params: object({ id: positive() }),
    query: object({ limit: limit(100, 1000) }),
    answer: object({ notifications: array(sentNotification) }),
  },
  'POST /_emulator/miniapps/notify': { door: 'public', body: notificationPost, answer: notifyResult },
  'GET /_emulator/wallets': { answer: object({ wallets: array(serverWallet) }) },
  'POST /_emulator/wallets': {
    body: object({
      /** The x-wallet-id to answer to; default `wallet-<n>`. */
      id: optional(string({ nonEmpty: true, message: 'id must be a non-empty string' })),
      /** Whole ETH on each of the wallet networks; default 1. */
      eth: optional(number({ min: 0, message: 'eth must be a non-negative number' })),
      /** Whole USDC on each of the wallet networks; default 10,000. */
      usdc: optional(number({ min: 0, message: 'usdc must be a non-negative number' })),
    }),
    answer: object({ wallet: serverWallet }),
    status: 201,
  },
  'GET /_emulator/signer/:uuid/approve': {
    door: 'public',
    params: object({ uuid: string() }),
    query: object({ fid: optional(positive('fid (the approving user) is required')) }),
    answer: approvedSigner,
    redirects: true,
  },
  'GET /_emulator/auth-address/:address/approve': {
    door: 'public',
    params: object({ address: string() }),
    query: object({ fid: required(positive(), 'fid (the approving user) is required') }),
    answer: object({ address: string(), fid: integer(), status: string() }),
  },
});

export type ControlRoutes = typeof CONTROL_ROUTES;
/** A control by its method and path, as the README lists it: `POST /_emulator/clock/advance`. */
export type ControlRoute = keyof ControlRoutes;

/** The route of each host action: the action is the path's last segments. */
export type HostActionRoute<A extends HostAction = HostAction> =
  `POST /_emulator/miniapps/:id/users/:fid/${A}`;
export const hostActionRoute = <A extends HostAction>(action: A): HostActionRoute<A> =>
  `POST /_emulator/miniapps/:id/users/:fid/${action}`;

type Part<R extends ControlRoute, P extends 'params' | 'query' | 'body'> = ControlRoutes[R] extends {
  readonly [K in P]: infer S;
}
  ? S
  : undefined;
type Parsed<S> = S extends undefined ? undefined : Infer<S>;

/** What a handler of `R` receives, each part parsed by its schema (undefined where `R` has none). */
export interface ControlInput<R extends ControlRoute> {
  params: Parsed<Part<R, 'params'>>;
  query: Parsed<Part<R, 'query'>>;
  body: Parsed<Part<R, 'body'>>;
}

/** What `R` answers on success. */
export type ControlAnswer<R extends ControlRoute> = Infer<ControlRoutes[R]['answer']>;

/** The controls that answer a file (`download`) or take one (`upload`): sent by their own client methods. */
export type FileRoute = {
  [R in ControlRoute]: ControlRoutes[R] extends { download: string } | { upload: string } ? R : never;
}[ControlRoute];
/** The controls that take and answer JSON, all sent by the client's `call`. */
export type JsonRoute = Exclude<ControlRoute, FileRoute>;

/** Each route's answer schema, indexed so that a generic route's answer keeps its type. */
export const CONTROL_ANSWERS: {
  readonly [R in ControlRoute]: { readonly answer: Schema<ControlAnswer<R>, unknown> };
} = CONTROL_ROUTES;

type PartIn<R extends ControlRoute, P extends 'params' | 'query' | 'body'> =
  Part<R, P> extends undefined
    ? { readonly [K in P]?: undefined }
    : {} extends InputOf<Part<R, P>>
      ? { readonly [K in P]?: InputOf<Part<R, P>> }
      : { readonly [K in P]: InputOf<Part<R, P>> };

/** What a client sends for `R`: `params`, `query` and `body` as the route takes them. */
export type ControlRequest<R extends ControlRoute> = PartIn<R, 'params'> &
  PartIn<R, 'query'> &
  PartIn<R, 'body'>;

/** Every control, in the order declared. */
export const controlRoutes = (): ControlRoute[] => {
  const keys: ControlRoute[] = [];
  for (const key in CONTROL_ROUTES) if (isRoute(key)) keys.push(key);
  return keys;
};

/** A route's declaration as any control's: its door, schemas and status. */
export const controlSpec = (route: ControlRoute): ControlSpec => CONTROL_ROUTES[route];

const isRoute = (key: string): key is ControlRoute => Object.hasOwn(CONTROL_ROUTES, key);

/** `GET /_emulator/clock` → its method and path. */
export function splitRoute(route: ControlRoute): { method: 'GET' | 'POST' | 'DELETE'; path: string } {
  const [method, path] = route.split(' ');
  return { method: method === 'GET' ? 'GET' : method === 'POST' ? 'POST' : 'DELETE', path: path ?? '' };
}
