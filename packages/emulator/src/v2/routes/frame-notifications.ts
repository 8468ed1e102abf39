// Notifications to the users of the developer's mini apps, with the tokens the emulator (as their
// host) issued when they enabled notifications. Delivery goes through the host's own rules
// (miniapps/notify.ts), the same an app meets when it posts to the notification URL itself.
import { randomUUID } from 'node:crypto';
import type { NotificationDelivery } from '@castkit/sdk/2.x';
import type { V2Handlers } from '../../api/dispatch.js';
import { recordCampaign } from '../../domain/campaigns.js';
import { ValidationError } from '../../ground/errors.js';
import { hydrateUsers } from '../../hydrate/user.js';
import { checkNotification, deliver } from '../../miniapps/notify.js';
import { isoTime } from '../../store/clock.js';
import { followedAt } from '../../store/queries/links.js';
import {
  developerTokenRows,
  developerTokensPage,
  type MiniappUserRow,
} from '../../store/queries/miniapps.js';
import { nextCursor, pageWindow } from '../cursor.js';

const MAX_FIDS = 100;
const EARTH_RADIUS_M = 6_371_000;

export const frameNotificationHandlers: V2Handlers = {
  fetchNotificationTokens({ store, params, origin }) {
    if (params.fids && params.fids.length > MAX_FIDS) {
      throw new ValidationError(`fids takes at most ${MAX_FIDS} fids`, 'fids');
    }
    const page = developerTokensPage(store, params.fids, pageWindow(params, 2));
    return {
      notification_tokens: page.rows.map((r) => ({
        object: 'notification_token' as const,
        url: r.notification_url ? new URL(r.notification_url, origin).href : '',
        token: r.token!,
        status: r.enabled ? ('enabled' as const) : ('disabled' as const),
        fid: r.fid,
        created_at: isoTime(r.created_at),
        updated_at: isoTime(r.updated_at),
      })),
      next: nextCursor(page.next),
    };
  },

  publishFrameNotifications({ store, params, origin, via }) {
    // 3.x made target_fids optional: none given (or empty) is everyone with notifications on.
    const targetFids = params.target_fids ?? [];
    const n = params.notification;
    const notification = {
      notificationId: n.uuid ?? randomUUID(),
      title: n.title,
      body: n.body,
      targetUrl: n.target_url,
    };
    checkNotification(notification, targetFids.length, {
      notificationId: 'notification.uuid',
      title: 'notification.title',
      body: 'notification.body',
      targetUrl: 'notification.target_url',
      tokens: 'target_fids',
    });
    const everyone = targetFids.length === 0;
    const rows = developerTokenRows(store, everyone ? undefined : targetFids);
    const targets = everyone ? [...new Set(rows.map((r) => r.fid))] : [...new Set(targetFids)];
    const chosen = applyFilters(store, targets, params.filters ?? {}, origin);

    const byFid = new Map<number, MiniappUserRow[]>();
    for (const r of rows) byFid.set(r.fid, [...(byFid.get(r.fid) ?? []), r]);
    const enabled = chosen.flatMap((fid) =>
      (byFid.get(fid) ?? []).filter((r) => r.enabled).map((r) => r.token!),
    );
    const outcomes = deliver(store, enabled, notification);

    const deliveries: NotificationDelivery[] = chosen.map((fid) => {
      const tokens = byFid.get(fid) ?? [];
      const status = (): NotificationDelivery['status'] => {
        if (!tokens.length) return 'token_not_found';
        const live = tokens.filter((r) => r.enabled);
        if (!live.length) return 'token_disabled';
        const results = live.map((r) => outcomes.get(r.token!));
        if (results.includes('successful')) return 'success';
        // The spec's statuses have no "rate limited": like the hosted service, it is a failure to retry.
        return results.includes('invalid') && !results.includes('rate_limited')
          ? 'token_not_found'
          : 'failed';
      };
      return { object: 'notification_delivery', fid, status: status() };
    });
    const campaign = recordCampaign(store, {
      notificationId: notification.notificationId,
      title: notification.title,
      body: notification.body,
      targetUrl: notification.targetUrl,
      sends: chosen.flatMap((fid) =>
        (byFid.get(fid) ?? []).map((r) => ({
          app_id: r.app_id,
          fid,
          outcome: r.enabled ? (outcomes.get(r.token!) ?? 'invalid') : ('disabled' as const),
        })),
      ),
      success: deliveries.filter((d) => d.status === 'success').length,
      failure: deliveries.filter((d) => d.status === 'failed').length,
      notAttempted: deliveries.filter((d) => d.status !== 'success' && d.status !== 'failed').length,
    });
    if (via.generation === '2.44') return { notification_deliveries: deliveries };
    return {
      campaign_id: campaign.id,
      success_count: campaign.success_count,
      failure_count: campaign.failure_count,
      not_attempted_count: campaign.not_attempted_count,
      retryable_fids: deliveries.filter((d) => d.status === 'failed').map((d) => d.fid),
    };
  },
};

type Filters = NonNullable<
  Parameters<NonNullable<V2Handlers['publishFrameNotifications']>>[0]['params']['filters']
>;

/** The fids that pass every filter (they are additive). */
function applyFilters(
  store: Parameters<typeof hydrateUsers>[0],
  fids: number[],
  f: Filters,
  origin: string,
): number[] {
  const excluded = new Set(f.exclude_fids ?? []);
  let out = fids.filter((fid) => !excluded.has(fid));
  if (f.following_fid !== undefined) {
    const followed = f.following_fid;
    out = out.filter((fid) => followedAt(store, fid, followed) !== undefined);
  }
  if (f.minimum_user_score !== undefined || f.near_location) {
    const users = hydrateUsers(store, out, { origin });
    out = out.filter((fid) => {
      const u = users.get(fid);
      if (!u) return false;
      if (f.minimum_user_score !== undefined && (u.score ?? 0) < f.minimum_user_score) return false;
      if (f.near_location) {
        const at = u.profile.location;
        if (!at) return false;
        const radius = f.near_location.radius ?? 50_000;
        if (distanceM(at, f.near_location) > radius) return false;
      }
      return true;
    });
  }
  return out;
}

/** Great-circle distance in metres. */
function distanceM(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}
