// The app host API (3.x `app_host/user/...`): an app host asks for the server event a user's action
// on a mini app makes, posts it (signed by the user's app key, or by a signer the emulator holds),
// and reads which apps a user has notifications on for. All of it drives the same host simulation
// the developer controls and the console use (miniapps/host.ts): one state, read and written both ways.
import { randomBytes } from 'node:crypto';
import type { HostAction } from '../control/vocabulary.js';
import { fromHex } from '../ground/codec.js';
import { NotFoundError, ValidationError } from '../ground/errors.js';
import { ed25519Verify } from '../ground/keys.js';
import { requireUser } from '../hydrate/user.js';
import { actAs } from '../protocol/actions.js';
import { NOTIFY_PATH } from '../seed/miniapps.js';
import { isoTime } from '../store/clock.js';
import { appsMentioning, enabledApps } from '../store/queries/app-host.js';
import type { MiniappRow } from '../store/queries/miniapps.js';
import { miniappUser } from '../store/queries/miniapps.js';
import { isActiveKey } from '../store/queries/signers.js';
import type { Store } from '../store/store.js';
import { hostAction } from './host.js';

/** The API's event names (the legacy `frame_*` ones) and what the user does on the host for each. */
export const APP_HOST_EVENTS = {
  frame_added: 'add',
  frame_removed: 'remove',
  notifications_enabled: 'notifications/enable',
  notifications_disabled: 'notifications/disable',
} as const satisfies Record<string, HostAction>;
export type AppHostEvent = keyof typeof APP_HOST_EVENTS;
/** The events a signed message may carry: the API's names and today's `miniapp_*` ones. */
const SIGNED_EVENTS: Record<string, AppHostEvent> = {
  frame_added: 'frame_added',
  miniapp_added: 'frame_added',
  frame_removed: 'frame_removed',
  miniapp_removed: 'frame_removed',
  notifications_enabled: 'notifications_enabled',
  notifications_disabled: 'notifications_disabled',
};

/** The mini app a domain names: the developer's first, then the catalogue's, by id. */
export function appByDomain(
  store: Store,
  domain: string,
  origin: string,
  property = 'app_domain',
): MiniappRow {
  const wanted = domain.trim().toLowerCase();
  if (!wanted || /[/\s]/.test(wanted)) {
    throw new ValidationError(
      `${property} must be a domain such as demo.example.com, got "${domain}"`,
      property,
    );
  }
  // The apps the emulator serves itself are stored under the origin that seeded the database, and
  // shown under the one a caller reaches it at (a reopened file, a copied seed): that host names them.
  const seededHost = hostOf(store.getMeta('asset_origin') ?? '');
  const stored = seededHost !== undefined && wanted === hostOf(origin) ? seededHost : wanted;
  const app = appsMentioning(store, stored).find((a) => hostOf(a.url) === stored);
  if (!app) throw new NotFoundError(`no mini app is served from ${wanted}`, property);
  return app;
}

const hostOf = (url: string): string | undefined => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
};

/**
 * The server event the host would send for `event`, for the app host to sign itself. Enabling
 * notifications hands out the user's current token, or a new one the host takes when the signed
 * event comes back through appHostPost.
 */
export function appHostEvent(store: Store, domain: string, fid: number, event: AppHostEvent, origin: string) {
  const app = appByDomain(store, domain, origin);
  requireUser(store, fid, 'fid');
  if (event !== 'notifications_enabled') return { event };
  const current = miniappUser(store, app.id, fid);
  const token = current?.enabled && current.token ? current.token : randomBytes(16).toString('hex');
  return { event, notificationDetails: { url: `${origin}${NOTIFY_PATH}`, token } };
}

export type AppHostPost =
  | { app_domain: string; signer_uuid: string; fid: number; event: AppHostEvent }
  | { app_domain: string; signed_message: string | { header: string; payload: string; signature: string } };

/** Does what the posted event says on the host, as the user's client would, and reports it. */
export async function appHostPost(store: Store, body: AppHostPost, origin: string) {
  const app = appByDomain(store, body.app_domain, origin);
  let fid: number;
  let event: AppHostEvent;
  let token: string | undefined;
  if ('signer_uuid' in body) {
    const me = actAs(store, body.signer_uuid);
    if (me.fid !== body.fid) {
      throw new ValidationError(`signer_uuid is a signer of fid ${me.fid}, not of fid ${body.fid}`, 'fid');
    }
    fid = body.fid;
    event = body.event;
  } else {
    const signed = readSigned(store, body.signed_message);
    fid = signed.fid;
    event = signed.event;
    token = signed.token;
  }
  const withNotifications = event === 'frame_added' && token !== undefined;
  const result = await hostAction(
    store,
    app.id,
    fid,
    APP_HOST_EVENTS[event],
    origin,
    withNotifications,
    token,
  );
  const reply = result.webhook
    ? 'error' in result.webhook
      ? `; the app's webhook was not reached: ${result.webhook.error}`
      : `; the app's webhook answered ${result.webhook.status}`
    : '';
  return { success: true, message: `${result.event} for fid ${fid} on ${hostOf(app.url)}${reply}` };
}

/** The notification domains a user has on, as the API lists them. */
export function appHostUserState(store: Store, fid: number) {
  requireUser(store, fid, 'fid');
  return {
    notifications_enabled: enabledApps(store, fid).map((a) => ({
      domain: hostOf(a.url) ?? a.url,
      status: 'valid',
      updated_at: isoTime(a.updated_at),
    })),
  };
}

/**
 * A JSON Farcaster Signature from the user's app key (an active key of their fid), over a payload
 * naming the event (and, enabling notifications, the token and URL to use).
 */
function readSigned(
  store: Store,
  message: string | { header: string; payload: string; signature: string },
): { fid: number; event: AppHostEvent; token?: string } {
  const P = 'signed_message';
  const jfs = typeof message === 'string' ? parseCompact(message) : message;
  const header = decodePart(jfs.header, `${P}.header`);
  const payload = decodePart(jfs.payload, `${P}.payload`);
  const fid = header.fid;
  const key = header.key;
  if (typeof fid !== 'number' || !Number.isInteger(fid) || fid < 1) {
    throw new ValidationError(`${P}.header must name the user's fid`, P);
  }
  if (header.type !== 'app_key' || typeof key !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(key)) {
    throw new ValidationError(`${P}.header must name an app_key: a 32-byte ed25519 public key`, P);
  }
  const signature = Buffer.from(jfs.signature, 'base64url');
  const signedText = new TextEncoder().encode(`${jfs.header}.${jfs.payload}`);
  if (signature.length !== 64 || !ed25519Verify(signature, signedText, fromHex(key))) {
    throw new ValidationError(`${P} signature does not verify with the key in its header`, P);
  }
  if (!isActiveKey(store, fid, key.toLowerCase())) {
    throw new ValidationError(`${P} is signed by ${key}, which is not an active key of fid ${fid}`, P);
  }
  const event = typeof payload.event === 'string' ? SIGNED_EVENTS[payload.event] : undefined;
  if (!event) {
    throw new ValidationError(
      `${P}.payload.event must be one of ${Object.keys(SIGNED_EVENTS).join(', ')}`,
      P,
    );
  }
  const details = payload.notificationDetails;
  let token: string | undefined;
  if (details !== undefined) {
    const t =
      typeof details === 'object' && details !== null && 'token' in details ? details.token : undefined;
    if (typeof t !== 'string' || !/^[\w-]{8,256}$/.test(t)) {
      throw new ValidationError(
        `${P}.payload.notificationDetails.token must be a token of 8 to 256 letters, digits, _ or -`,
        P,
      );
    }
    token = t;
  }
  if (event === 'notifications_enabled' && token === undefined) {
    throw new ValidationError(`${P}.payload of notifications_enabled must carry notificationDetails`, P);
  }
  return { fid, event, token };
}

function parseCompact(text: string): { header: string; payload: string; signature: string } {
  const parts = text.split('.');
  if (parts.length === 3 && parts.every(Boolean)) {
    const [header, payload, signature] = parts as [string, string, string];
    return { header, payload, signature };
  }
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v === 'object' && v !== null && 'header' in v && 'payload' in v && 'signature' in v) {
      const { header, payload, signature } = v;
      if (typeof header === 'string' && typeof payload === 'string' && typeof signature === 'string') {
        return { header, payload, signature };
      }
    }
  } catch {}
  throw new ValidationError(
    'signed_message must be a JSON Farcaster Signature: header.payload.signature, or its JSON object',
    'signed_message',
  );
}

function decodePart(part: string, name: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return { ...v };
  } catch {}
  throw new ValidationError(`${name} must be base64url JSON`, 'signed_message');
}
