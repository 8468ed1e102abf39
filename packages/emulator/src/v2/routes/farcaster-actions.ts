// Writes that arrive already signed or are signed for another app: publishMessageToFarcaster takes
// the same signed message the hub's submitMessage does (as JSON) through the one write path, and
// publishFarcasterAction forwards an action to a local app, signed with the user's signer.
import type { Message } from '@farcaster/core';
import type { V2Handlers } from '../../api/dispatch.js';
import { ValidationError } from '../../ground/errors.js';
import { isRecord } from '../../ground/is-record.js';
import { messageOf } from '../../ground/thrown.js';
import { renderStored } from '../../hub/render.js';
import { signJfs } from '../../miniapps/jfs.js';
import { actAs } from '../../protocol/actions.js';
import { farcasterCore } from '../../protocol/core.js';
import { submitMessage } from '../../protocol/submit.js';

/** Bytes fields of a message's JSON, which may come as 0x-hex (hub HTTP JSON) or base64 (protobuf JSON). */
const BYTES_KEYS = new Set([
  'hash',
  'signature',
  'signer',
  'dataBytes',
  'address',
  'claimSignature',
  'blockHash',
  'owner',
]);
const ACTION_TIMEOUT_MS = 5_000;
const MAX_ACTION_RESPONSE_BYTES = 1024 * 1024;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** A message's JSON with hex bytes fields turned into base64, the form Message.fromJSON reads. */
function protobufJson(value: unknown, key = ''): unknown {
  if (typeof value === 'string')
    return BYTES_KEYS.has(key) && /^0x([0-9a-fA-F]{2})*$/.test(value)
      ? Buffer.from(value.slice(2), 'hex').toString('base64')
      : value;
  if (Array.isArray(value)) return value.map((v) => protobufJson(v, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, protobufJson(v, k)]));
  return value;
}

function messageFromJson(body: unknown): Message {
  if (!isRecord(body))
    throw new ValidationError('body must be a JSON object: a signed Farcaster message', 'body');
  for (const field of ['data', 'hash', 'signature', 'signer'] as const) {
    if (body[field] === undefined)
      throw new ValidationError(`body.${field} is required: send a signed Farcaster message`, field);
  }
  try {
    return farcasterCore().Message.fromJSON(protobufJson(body));
  } catch (e) {
    throw new ValidationError(`body is not a Farcaster message: ${messageOf(e)}`, 'body');
  }
}

function localAppUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ValidationError('base_url must be an absolute URL', 'base_url');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !LOOPBACK_HOSTS.has(url.hostname)) {
    throw new ValidationError(
      `base_url must be an app on this machine (http://127.0.0.1 or localhost); the emulator sends actions to local apps only, got ${url.host}`,
      'base_url',
    );
  }
  return new URL(`${url.pathname.replace(/\/+$/, '')}/api/farcaster/action`, url);
}

export const farcasterActionHandlers: V2Handlers = {
  async publishMessageToFarcaster({ store, params }) {
    const result = await submitMessage(store, messageFromJson(params.body));
    return renderStored(store, result.hash);
  },

  async publishFarcasterAction({ store, params }) {
    const me = actAs(store, params.signer_uuid);
    const target = localAppUrl(params.base_url);
    const action = { type: params.action.type, payload: params.action.payload ?? {} };
    // The bearer token is a JSON Farcaster Signature by the user's signer over the action, so the
    // receiving app can check who acts (fid, app key) and what, and when (emulator clock, seconds).
    const jfs = signJfs(me.fid, new Uint8Array(me.signer.private_key!), {
      action,
      timestamp: Math.floor(store.now() / 1000),
    });
    const token = `${jfs.header}.${jfs.payload}.${jfs.signature}`;
    let res: Response;
    try {
      res = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ action }),
        redirect: 'manual',
        signal: AbortSignal.timeout(ACTION_TIMEOUT_MS),
      });
    } catch (e) {
      const why =
        e instanceof Error && e.name === 'TimeoutError'
          ? `no answer within ${ACTION_TIMEOUT_MS} ms`
          : 'the connection failed';
      throw new ValidationError(`the app at ${target.origin} could not be reached: ${why}`, 'base_url');
    }
    const text = await boundedText(res, target);
    if (!res.ok) {
      throw new ValidationError(
        `the app at ${target.href} answered ${res.status}: ${text.slice(0, 200)}`,
        'base_url',
      );
    }
    let answer: unknown;
    try {
      answer = text ? JSON.parse(text) : {};
    } catch {
      throw new ValidationError(`the app at ${target.href} answered something other than JSON`, 'base_url');
    }
    // The spec's answer is an object: an app's array or scalar answer is passed on inside one.
    return isRecord(answer) ? answer : { result: answer };
  },
};

async function boundedText(res: Response, target: URL): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > MAX_ACTION_RESPONSE_BYTES) {
      await reader.cancel();
      throw new ValidationError(
        `the app at ${target.href} answered more than ${MAX_ACTION_RESPONSE_BYTES} bytes`,
        'base_url',
      );
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
