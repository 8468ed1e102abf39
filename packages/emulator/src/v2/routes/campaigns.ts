// Notification campaign stats: each publishFrameNotifications is a campaign (domain/campaigns.ts);
// its sends are counted per app (by the app's author fid) and its opens move as users open the
// notification in the host simulation (POST /_emulator/miniapps/:id/users/:fid/notifications/open).
import type { V2Handlers } from '../../api/dispatch.js';
import { ValidationError } from '../../ground/errors.js';
import { isoTime } from '../../store/clock.js';
import {
  type CampaignRow,
  type CampaignTally,
  campaignsPage,
  campaignTallies,
} from '../../store/queries/campaigns.js';
import type { Store } from '../../store/store.js';
import { nextCursor, pageWindow } from '../cursor.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const campaignHandlers: V2Handlers = {
  getNotificationCampaignStats({ store, params }) {
    const id = params.campaign_id;
    if (id !== undefined && !UUID.test(id)) {
      throw new ValidationError(`campaign_id must be a uuid, got "${id}"`, 'campaign_id');
    }
    const page = campaignsPage(store, id?.toLowerCase(), pageWindow(params, 2));
    return { notificationCampaigns: campaignBodies(store, page.rows), next: nextCursor(page.next) };
  },
};

function campaignBodies(store: Store, rows: readonly CampaignRow[]) {
  const tallies = new Map<string, CampaignTally[]>();
  for (const t of campaignTallies(
    store,
    rows.map((r) => r.id),
  )) {
    tallies.set(t.campaign_id, [...(tallies.get(t.campaign_id) ?? []), t]);
  }
  return rows.map((r) => {
    const apps = tallies.get(r.id) ?? [];
    const sum = (f: (t: CampaignTally) => number) => apps.reduce((n, t) => n + f(t), 0);
    const byApp = (f: (t: CampaignTally) => number) =>
      Object.fromEntries(apps.map((t) => [String(t.app_fid), f(t)]));
    const errors: Record<string, number> = {};
    for (const kind of ['invalid', 'rate_limited', 'disabled'] as const) {
      const n = sum((t) => t[kind]);
      if (n) errors[kind === 'invalid' ? 'invalid_token' : kind === 'disabled' ? 'token_disabled' : kind] = n;
    }
    return {
      id: r.id,
      title: r.title,
      body: r.body,
      created_at: isoTime(r.created_at),
      queued_at: isoTime(r.created_at),
      completed_at: isoTime(r.created_at),
      // Sent synchronously: a campaign is over by the time its request is answered.
      status: 'completed' as const,
      stats: {
        intended_recipient_notification_token_count: sum((t) => t.sends),
        intended_recipient_app_fids: apps.map((t) => t.app_fid),
        successful_sends: sum((t) => t.successful),
        successful_sends_by_app_fid: byApp((t) => t.successful),
        total_opens: sum((t) => t.opens),
        total_opens_by_app_fid: byApp((t) => t.opens),
        unique_opens: sum((t) => t.unique_opens),
        unique_opens_by_app_fid: byApp((t) => t.unique_opens),
        error_breakdown: { delivery_errors: errors, http_errors: {} },
      },
    };
  });
}
