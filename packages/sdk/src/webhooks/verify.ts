// Checking that a webhook body came from the API: `X-Neynar-Signature` is the hex HMAC-SHA512 of the
// exact raw body keyed with the webhook's secret. Web Crypto only, so it runs in Node 20, browsers
// and edge runtimes alike; no Node imports.
import { CastkitError } from '../core/errors.js';
import type { WebhookEventOf } from './events.js';

/** The secrets a receiver accepts: one, or several while a rotated secret rolls over. */
export type WebhookSecrets = string | readonly string[];

export interface WebhookSignatureInput {
  /** The body exactly as received, before any JSON parsing (re-serialised JSON does not verify). */
  rawBody: string | Uint8Array;
  /** The `X-Neynar-Signature` header value (a missing header is fine: it does not verify). */
  signature: string | null | undefined;
  secrets: WebhookSecrets;
}

// No top-level `new` in this file: bundlers keep such calls, and programs that never verify a
// webhook must not carry any of it (test/bundle-size.test.ts).
const SHA512_HEX = /^[0-9a-f]{128}$/i;

// Web Crypto's types want bytes over an ArrayBuffer (not a SharedArrayBuffer); what arrives is that.
const bytesOf = (value: string | Uint8Array): Uint8Array<ArrayBuffer> =>
  (typeof value === 'string' ? new TextEncoder().encode(value) : value) as Uint8Array<ArrayBuffer>;

function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** Compares every byte whatever differs first, so the time taken says nothing about the expected MAC. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

async function hmacSha512(secret: string, body: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey('raw', bytesOf(secret), { name: 'HMAC', hash: 'SHA-512' }, false, [
    'sign',
  ]);
  return new Uint8Array(await subtle.sign('HMAC', key, body));
}

/**
 * True when `signature` is the HMAC-SHA512 of `rawBody` under any of `secrets`. Anything missing or
 * malformed (no header, not 128 hex digits, no usable secret, a body that is neither text nor bytes)
 * is false, never an exception: a `try` around it cannot turn a failure into acceptance.
 */
export async function verifyWebhookSignature(input: WebhookSignatureInput): Promise<boolean> {
  try {
    const { rawBody, signature } = input;
    if (typeof signature !== 'string' || !SHA512_HEX.test(signature.trim())) return false;
    if (typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) return false;
    const secrets = [input.secrets].flat().filter((s): s is string => typeof s === 'string' && s !== '');
    const given = hexBytes(signature.trim());
    const body = bytesOf(rawBody);
    let matched = false;
    // Every secret is tried, so which one matched is not told by the time taken either.
    for (const secret of secrets) {
      if (sameBytes(await hmacSha512(secret, body), given)) matched = true;
    }
    return matched;
  } catch {
    return false;
  }
}

/** Why a webhook request was refused: its signature did not verify, or its body is not an event. */
export class WebhookVerificationError extends CastkitError {
  override name = 'WebhookVerificationError';
  constructor(
    readonly problem: 'signature' | 'body',
    message: string,
  ) {
    super(message);
  }
}

/** Every event type a webhook can subscribe to and receive. */
export const WEBHOOK_EVENT_TYPES = [
  'cast.created',
  'cast.deleted',
  'user.created',
  'user.updated',
  'follow.created',
  'follow.deleted',
  'reaction.created',
  'reaction.deleted',
  // 3.x's: a fungible trade (2.44 had no such event).
  'trade.created',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * Verifies the signature, then reads the body as a webhook event, typed as `E`: each surface exports
 * it typed with its own events (`WebhookEvent`), so `switch (event.type)` narrows it. Throws
 * `WebhookVerificationError` (problem `signature` or `body`) for anything else.
 */
export async function parseWebhookEvent<E extends WebhookEventOf<WebhookEventType, object>>(
  input: WebhookSignatureInput,
): Promise<E> {
  if (!(await verifyWebhookSignature(input))) {
    throw new WebhookVerificationError(
      'signature',
      'webhook signature does not verify with any of the secrets',
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(
      typeof input.rawBody === 'string' ? input.rawBody : new TextDecoder().decode(input.rawBody),
    );
  } catch {
    throw new WebhookVerificationError('body', 'webhook body is not JSON');
  }
  const event = body as Partial<WebhookEventOf<string, unknown>> | null;
  if (typeof event !== 'object' || event === null || Array.isArray(event)) {
    throw new WebhookVerificationError('body', 'webhook body is not a JSON object');
  }
  if (typeof event.type !== 'string' || !(WEBHOOK_EVENT_TYPES as readonly string[]).includes(event.type)) {
    throw new WebhookVerificationError(
      'body',
      `webhook body has an unknown event type: ${JSON.stringify(event.type)}`,
    );
  }
  if (typeof event.created_at !== 'number' || typeof event.data !== 'object' || event.data === null) {
    throw new WebhookVerificationError('body', `webhook ${event.type} event lacks created_at or data`);
  }
  return event as E;
}
