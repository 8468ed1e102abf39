// Notification operations: everything that happened to a user (optionally by type), the same
// limited to channels or parent URLs, and marking notifications seen.
import type { OperationResponse } from '@castkit/sdk/2.x';
import type { V2Handlers } from '../../api/dispatch.js';
import { ValidationError } from '../../ground/errors.js';
import { requireChannel } from '../../hydrate/channel.js';
import { requireUser } from '../../hydrate/user.js';
import { approvedSigner } from '../../protocol/actions.js';
import { markNotificationsSeen } from '../../store/queries/notifications.js';
import { KINDS, notificationsFor } from '../casts/notifications.js';

const MAX_SCOPES = 10;

export const notificationHandlers: V2Handlers = {
  fetchAllNotifications({ store, params, origin }) {
    requireUser(store, params.fid);
    const kinds = params.type ?? KINDS;
    return notificationsFor(store, params, origin, kinds);
  },

  fetchChannelNotificationsForUser({ store, params, origin }) {
    requireUser(store, params.fid);
    const ids = params.channel_ids;
    if (ids.length > MAX_SCOPES)
      throw new ValidationError(`channel_ids takes at most ${MAX_SCOPES} ids`, 'channel_ids');
    for (const id of ids) requireChannel(store, id, 'channel_ids');
    return notificationsFor(store, params, origin, KINDS, { channelIds: ids });
  },

  fetchNotificationsByParentUrlForUser({ store, params, origin }) {
    requireUser(store, params.fid);
    const urls = params.parent_urls;
    if (urls.length > MAX_SCOPES) {
      throw new ValidationError(`parent_urls takes at most ${MAX_SCOPES} URLs`, 'parent_urls');
    }
    return notificationsFor(store, params, origin, KINDS, { rootParentUrls: urls });
  },

  markNotificationsAsSeen({ store, params }): OperationResponse {
    // The emulator issues no sign-in tokens; a bearer token is taken to be a signer uuid.
    const bearer = (params.Authorization ?? '').match(/^Bearer\s+(\S+)$/i)?.[1];
    const uuid = params.signer_uuid ?? bearer;
    if (!uuid) {
      throw new ValidationError('signer_uuid (or an Authorization: Bearer token) is required', 'signer_uuid');
    }
    const signer = approvedSigner(store, uuid);
    const { type } = params;
    // notifications_seen is per-user reading state, not protocol data: no message to submit.
    markNotificationsSeen(store, signer.fid, type ?? '', store.now());
    return {
      success: true,
      message: type ? `${type} notifications marked seen` : 'notifications marked seen',
    };
  },
};
