// Notification campaigns: publishFrameNotifications records one per call (what it meant to send,
// to whom, and how each send went), and the mini-app host simulation records a user opening a
// notification it delivered. get-notification-campaign-stats counts from both.
import { randomUUID } from 'node:crypto';
import { NotFoundError } from '../ground/errors.js';
import {
  type CampaignRow,
  type CampaignSend,
  insertCampaign,
  insertOpen,
  wasDelivered,
} from '../store/queries/campaigns.js';
import { miniappById } from '../store/queries/miniapps.js';
import type { Store } from '../store/store.js';

export interface NewCampaign {
  notificationId: string;
  title: string;
  body: string;
  targetUrl: string;
  /** Each (app, fid) the campaign meant to reach with a token, and how the send went. */
  sends: readonly CampaignSend[];
  /** Recipients (fids) by what became of the campaign for them. */
  success: number;
  failure: number;
  notAttempted: number;
}

/** Records a campaign; its id is new. */
export function recordCampaign(store: Store, c: NewCampaign): CampaignRow {
  const row: CampaignRow = {
    id: randomUUID(),
    notification_id: c.notificationId,
    title: c.title,
    body: c.body,
    target_url: c.targetUrl,
    success_count: c.success,
    failure_count: c.failure,
    not_attempted_count: c.notAttempted,
    created_at: store.now(),
  };
  store.tx(() => insertCampaign(store, row, c.sends));
  return row;
}

/**
 * User `fid` opens notification `notificationId` of app `appId` on the emulated client: only a
 * notification the host delivered to them can be opened; each open counts (unique opens count fids).
 */
export function openNotification(
  store: Store,
  appId: number,
  fid: number,
  notificationId: string,
): { app_id: number; fid: number; notification_id: string; opened_at: number } {
  if (!miniappById(store, appId)) throw new NotFoundError(`no mini app with id ${appId}`, 'id');
  if (!wasDelivered(store, appId, fid, notificationId)) {
    throw new NotFoundError(
      `mini app ${appId} delivered no notification ${notificationId} to user ${fid}`,
      'notification_id',
    );
  }
  const at = store.now();
  insertOpen(store, appId, fid, notificationId, at);
  return { app_id: appId, fid, notification_id: notificationId, opened_at: at };
}
