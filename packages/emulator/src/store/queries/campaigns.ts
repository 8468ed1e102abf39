// Notification campaigns: what each publishFrameNotifications sent to whom (one send per app and
// fid it meant to reach), and the opens the host simulation records. Stats are counted from these.
import { column, IN_JSON, rows, write } from '../statements.js';
import type { Store } from '../store.js';
import { type KeysetPage, type PageWindow, pager } from './keyset.js';

export interface CampaignRow {
  id: string;
  notification_id: string;
  title: string;
  body: string;
  target_url: string;
  success_count: number;
  failure_count: number;
  not_attempted_count: number;
  created_at: number;
}

export type SendOutcome = 'successful' | 'invalid' | 'rate_limited' | 'disabled';
export interface CampaignSend {
  app_id: number;
  fid: number;
  outcome: SendOutcome;
}

const INSERT_CAMPAIGN = write<[CampaignRow]>(
  `INSERT INTO notification_campaigns (id, notification_id, title, body, target_url, success_count,
     failure_count, not_attempted_count, created_at)
   VALUES (@id, @notification_id, @title, @body, @target_url, @success_count, @failure_count,
     @not_attempted_count, @created_at)`,
);
const INSERT_SEND = write<[campaignId: string, appId: number, fid: number, outcome: SendOutcome]>(
  'INSERT OR REPLACE INTO notification_campaign_sends (campaign_id, app_id, fid, outcome) VALUES (?, ?, ?, ?)',
);

export function insertCampaign(store: Store, c: CampaignRow, sends: readonly CampaignSend[]): void {
  INSERT_CAMPAIGN.run(store, c);
  for (const s of sends) INSERT_SEND.run(store, c.id, s.app_id, s.fid, s.outcome);
}

const CAMPAIGN_PAGES = pager<CampaignRow>();

/** Campaigns newest first, or the one with `id`. */
export function campaignsPage(store: Store, id: string | undefined, w: PageWindow): KeysetPage<CampaignRow> {
  return CAMPAIGN_PAGES.page(
    store,
    {
      select: 'SELECT * FROM notification_campaigns',
      where: id === undefined ? [] : ['id = ?'],
      binds: id === undefined ? [] : [id],
      order: [
        { sql: 'created_at', as: 'created_at', dir: 'desc' },
        { sql: 'id', as: 'id', dir: 'desc' },
      ],
    },
    w,
  );
}

/** Per campaign and app (by its author's fid): sends by outcome, and opens by recipients it reached. */
export type CampaignTally = {
  campaign_id: string;
  app_fid: number;
  sends: number;
  successful: number;
  invalid: number;
  rate_limited: number;
  disabled: number;
  opens: number;
  unique_opens: number;
};

const CAMPAIGN_TALLIES = rows<[ids: string], CampaignTally>(
  `SELECT s.campaign_id, a.author_fid AS app_fid, COUNT(*) AS sends,
       SUM(s.outcome = 'successful') AS successful, SUM(s.outcome = 'invalid') AS invalid,
       SUM(s.outcome = 'rate_limited') AS rate_limited, SUM(s.outcome = 'disabled') AS disabled,
       COALESCE(SUM(o.n), 0) AS opens, COUNT(o.n) AS unique_opens
     FROM notification_campaign_sends s
     JOIN notification_campaigns c ON c.id = s.campaign_id
     JOIN miniapps a ON a.id = s.app_id
     LEFT JOIN (SELECT notification_id, app_id, fid, COUNT(*) AS n FROM notification_opens
                GROUP BY notification_id, app_id, fid) o
       ON s.outcome = 'successful' AND o.notification_id = c.notification_id
         AND o.app_id = s.app_id AND o.fid = s.fid
     WHERE s.campaign_id IN (${IN_JSON})
     GROUP BY s.campaign_id, a.author_fid ORDER BY s.campaign_id, a.author_fid`,
);

export function campaignTallies(store: Store, ids: readonly string[]): CampaignTally[] {
  return CAMPAIGN_TALLIES.all(store, JSON.stringify(ids));
}

const DELIVERED = column<[appId: number, fid: number, notificationId: string], 1>(
  'SELECT 1 FROM miniapp_deliveries WHERE app_id = ? AND fid = ? AND notification_id = ? LIMIT 1',
);
const INSERT_OPEN = write<[appId: number, fid: number, notificationId: string, ts: number]>(
  'INSERT INTO notification_opens (app_id, fid, notification_id, ts) VALUES (?, ?, ?, ?)',
);

/** Whether app `appId` delivered `notificationId` to `fid`. */
export function wasDelivered(store: Store, appId: number, fid: number, notificationId: string): boolean {
  return DELIVERED.get(store, appId, fid, notificationId) !== undefined;
}

export function insertOpen(
  store: Store,
  appId: number,
  fid: number,
  notificationId: string,
  ts: number,
): void {
  INSERT_OPEN.run(store, appId, fid, notificationId, ts);
}
