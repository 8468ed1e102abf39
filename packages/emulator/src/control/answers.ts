// What the developer controls answer, as schemas: the emulator's handlers are typed from them and
// the client checks every answer against them, so a type here is what arrives over the wire.
import type { Webhook } from '@castkit/sdk';
import type { FrameV2WithFullAuthor, Signer } from '@castkit/sdk/2.x';
import { faultRuleFields, type faultRuleInput } from './requests.js';
import {
  and,
  array,
  boolean,
  custom,
  type Infer,
  type InputOf,
  integer,
  literal,
  nullable,
  number,
  object,
  oneOf,
  opaque,
  record,
  SchemaError,
  string,
  union,
  unknown,
} from './schema.js';
import { DELIVERY_STATUSES, HOST_EVENTS, RATE_LIMIT_PLAN_NAMES } from './vocabulary.js';

export const health = object({
  /** `starting` (with a 503) until the seed is in. */
  status: oneOf(['ok', 'starting']),
  seed: integer(),
  seedSize: oneOf(['small', 'large', 'none']),
  /** The emulator's clock, unix ms. */
  now: number(),
});

export const stats = object({ tables: record(integer()) });

const snapshotFields = {
  name: string(),
  /** Emulator clock when it was taken, unix ms. */
  createdAt: number(),
};
export const snapshotInfo = object(snapshotFields);
export type SnapshotInfo = Infer<typeof snapshotInfo>;

const restoreFields = {
  name: string(),
  /** Rows removed or put back. */
  rows: integer(),
  ms: number(),
  /** Snapshots taken after this one, gone with what they marked. */
  dropped: array(string()),
};
export const restored = object({ status: literal('restored'), ...restoreFields });
export const reset = object({ status: literal('reset'), ...restoreFields });
export type RestoreReport = Infer<typeof restored>;

/** A portable snapshot file loaded: `reset` now returns to it; every snapshot is dropped. */
export const imported = object({
  status: literal('imported'),
  /** The snapshot it was also saved as, when the import named one. */
  snapshot: nullable(string()),
  dropped: array(string()),
});
export type SnapshotImportReport = Infer<typeof imported>;

/**
 * A file answer (a route declared `download`) as a client receives it: its bytes as they arrive,
 * not JSON. The server writes the file itself; the client checks it came as the declared type.
 */
export const fileBytes = custom<ReadableStream<Uint8Array>>((value, field) => {
  if (value instanceof ReadableStream) return value;
  throw new SchemaError(field || 'answer', 'must be a file (a stream of bytes)');
});

export const clockView = object({
  /** Virtual time, unix ms. */
  now: number(),
  /** True while time stands still. */
  frozen: boolean(),
  /** Virtual minus real time, ms. */
  offset: number(),
  iso: string(),
});
export type ClockView = Infer<typeof clockView>;

export const faultRule = object({ ...faultRuleFields, id: string(), hits: integer() });
export type FaultRule = Infer<typeof faultRule>;
export type FaultRuleInput = InputOf<typeof faultRuleInput>;

export const rateLimits = object({
  plan: nullable(oneOf(RATE_LIMIT_PLAN_NAMES)),
  limits: nullable(object({ endpoint: integer(), global: integer(), search: integer() })),
});

/** One attempt to deliver, with the receiver's answer and the signature sent. */
const attempt = object({
  attempt: integer(),
  started_at: string(),
  duration_ms: number(),
  response_status: nullable(integer()),
  error: nullable(string()),
  signature: nullable(string()),
});

/** One entry of the webhook delivery log. */
export const delivery = object({
  id: integer(),
  webhook_id: string(),
  event_id: integer(),
  type: string(),
  status: oneOf(DELIVERY_STATUSES),
  attempts: integer(),
  response_status: nullable(integer()),
  error: nullable(string()),
  duration_ms: nullable(number()),
  created_at: string(),
  updated_at: string(),
  delivered_at: nullable(string()),
  next_attempt_at: nullable(string()),
  /** The body sent: the webhook event. */
  payload: unknown(),
  attempt_log: array(attempt),
});
export type Delivery = Infer<typeof delivery>;

export const deliveryPage = object({
  deliveries: array(delivery),
  /** Give `cursor` back for the next page; null on the last. */
  next: object({ cursor: nullable(string()) }),
});

export const rotatedWebhook = object({ webhook: opaque<Webhook>(['object', 'webhook_id', 'secrets']) });

/** A mini app registered with the host simulation: the v2 object, with its id and webhook. */
export const hostedMiniapp = and(
  object({ id: integer(), name: string(), webhook_url: nullable(string()) }),
  opaque<FrameV2WithFullAuthor>(['version', 'image', 'frames_url']),
);
export type HostedMiniapp = Infer<typeof hostedMiniapp>;

/** What a host action did: the event sent, the user's state after it, and the app's webhook's answer. */
export const hostResult = object({
  event: oneOf(HOST_EVENTS),
  app_id: integer(),
  fid: integer(),
  state: object({ added: boolean(), notifications_enabled: boolean(), token: nullable(string()) }),
  /** What the app's webhook answered; null when the app has none. */
  webhook: nullable(
    union(
      object({ url: string(), status: integer(), body: string() }),
      object({ url: string(), error: string() }),
    ),
  ),
});
export type HostResult = Infer<typeof hostResult>;

export const sentNotification = object({
  fid: integer(),
  notification_id: string(),
  title: string(),
  body: string(),
  target_url: string(),
  token: string(),
  delivered_at: string(),
});

/** The Farcaster client's answer to sendNotification, token by token. */
export const notifyResult = object({
  result: object({
    successfulTokens: array(string()),
    invalidTokens: array(string()),
    rateLimitedTokens: array(string()),
  }),
});

/** The signer, approved, and the user who approved it. */
export const approvedSigner = and(object({ fid: integer() }), opaque<Signer>(['signer_uuid', 'status']));

/** A server wallet (`x-wallet-id`): its id, its ledger address, and what it holds. */
export const serverWallet = object({
  id: string(),
  address: string(),
  /** Emulator clock when it was made, unix ms. */
  created_at: number(),
  balances: array(
    object({
      network: string(),
      /** `native` for ETH, else the token's contract address. */
      token: string(),
      symbol: string(),
      /** Whole tokens as a decimal string (`1.5`). */
      amount: string(),
    }),
  ),
});
export type ServerWallet = Infer<typeof serverWallet>;
