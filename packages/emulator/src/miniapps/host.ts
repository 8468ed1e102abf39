// The emulator as a mini-app host (a Farcaster client): a user adds an app, turns its notifications
// on or off, or removes it; the host's state changes and the app's webhook is sent the signed server
// event, as the real client would. The notification URL handed out points back at the emulator.
import { randomBytes } from 'node:crypto';
import type { HostResult } from '../control/answers.js';
import type { HostAction, HostEvent } from '../control/vocabulary.js';
import { ConflictError, NotFoundError } from '../ground/errors.js';
import { messageOf } from '../ground/thrown.js';
import { requireUser } from '../hydrate/user.js';
import { targetRefusal } from '../outbound/targets.js';
import { NOTIFY_PATH } from '../seed/miniapps.js';
import {
  type MiniappRow,
  miniappById,
  miniappUser,
  miniappUserByToken,
  removeMiniappUser,
  upsertMiniappUser,
} from '../store/queries/miniapps.js';
import type { SignerRow } from '../store/queries/signers.js';
import { signersOfFid } from '../store/queries/signers.js';
import type { Store } from '../store/store.js';
import { signJfs } from './jfs.js';

const WEBHOOK_TIMEOUT_MS = 5_000;
const REPLY_MAX_CHARS = 4_096;

export async function hostAction(
  store: Store,
  appId: number,
  fid: number,
  action: HostAction,
  origin: string,
  notifications = false,
  /** The notification token to hand out (one the caller generated and signed), else a new one. */
  givenToken?: string,
): Promise<HostResult> {
  const app = miniappById(store, appId);
  if (!app) throw new NotFoundError(`no mini app with id ${appId}`, 'id');
  requireUser(store, fid, 'fid');
  const key = appKeyOf(store, fid);
  const url = `${origin}${NOTIFY_PATH}`;
  const now = store.now();
  const current = miniappUser(store, appId, fid);
  const holder = givenToken === undefined ? undefined : miniappUserByToken(store, givenToken);
  if (holder && (holder.app_id !== appId || holder.fid !== fid)) {
    throw new ConflictError(
      'notificationDetails.token is a token the host issued for another app or user',
      'token',
    );
  }
  const newToken = () => givenToken ?? randomBytes(16).toString('hex');
  let event: HostEvent;
  /** What the event carries beside its name: the notification URL and token it hands out. */
  let details: { notificationDetails?: { url: string; token: string } } = {};

  if (action === 'add') {
    const token = notifications ? newToken() : null;
    upsertMiniappUser(
      store,
      appId,
      fid,
      { token, url: token ? NOTIFY_PATH : null, enabled: notifications },
      now,
    );
    event = 'miniapp_added';
    if (token) details = { notificationDetails: { url, token } };
  } else {
    if (!current) throw new ConflictError(`user ${fid} has not added mini app ${appId}`, 'fid');
    if (action === 'notifications/enable') {
      const token = newToken();
      upsertMiniappUser(store, appId, fid, { token, url: NOTIFY_PATH, enabled: true }, now);
      event = 'notifications_enabled';
      details = { notificationDetails: { url, token } };
    } else if (action === 'notifications/disable') {
      upsertMiniappUser(
        store,
        appId,
        fid,
        { token: current.token, url: current.notification_url, enabled: false },
        now,
      );
      event = 'notifications_disabled';
    } else {
      removeMiniappUser(store, appId, fid);
      event = 'miniapp_removed';
    }
  }
  const after = miniappUser(store, appId, fid);
  return {
    event,
    app_id: appId,
    fid,
    state: {
      added: after !== undefined,
      notifications_enabled: after?.enabled === 1,
      token: after?.enabled ? after.token : null,
    },
    webhook: await postEvent(store, app, signJfs(fid, key, { event, ...details })),
  };
}

/** The user's app key the host signs with: their first approved signer the emulator holds. */
function appKeyOf(store: Store, fid: number): Uint8Array {
  const signer = signersOfFid(store, fid).find((s: SignerRow) => s.status === 'approved' && s.private_key);
  if (!signer?.private_key) {
    throw new ConflictError(`user ${fid} has no approved signer the host can sign events with`, 'fid');
  }
  return new Uint8Array(signer.private_key);
}

async function postEvent(store: Store, app: MiniappRow, body: object): Promise<HostResult['webhook']> {
  if (!app.webhook_url) return null;
  // A row an older emulator stored without the outbound rule: nothing is sent.
  const refused = targetRefusal(store, app.webhook_url, new URL(app.webhook_url));
  if (refused) return { url: app.webhook_url, error: `target refused: ${refused}` };
  try {
    const res = await fetch(app.webhook_url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      redirect: 'manual',
    });
    const text = await res.text();
    return { url: app.webhook_url, status: res.status, body: text.slice(0, REPLY_MAX_CHARS) };
  } catch (e) {
    return { url: app.webhook_url, error: messageOf(e) };
  }
}
