// Webhook operations: create, update, turn on/off, delete, look up, list. Deliveries are the
// dispatcher's (webhooks/dispatcher.ts); secrets rotate through /_emulator (server/admin-webhooks.ts).
import type { V2Handlers } from '../../api/dispatch.js';
import { liveWebhooks } from '../../store/queries/webhooks.js';
import {
  createWebhook,
  deleteWebhook,
  renderWebhooks,
  requireWebhook,
  setActive,
  updateWebhook,
} from '../../webhooks/model.js';

export const webhookHandlers: V2Handlers = {
  publishWebhook({ store, params }) {
    const row = createWebhook(store, params);
    return { success: true, message: 'webhook created', webhook: renderWebhooks(store, [row])[0]! };
  },

  updateWebhook({ store, params }) {
    const row = updateWebhook(store, params.webhook_id, params);
    return { success: true, message: 'webhook updated', webhook: renderWebhooks(store, [row])[0]! };
  },

  updateWebhookActiveStatus({ store, params }) {
    const row = setActive(store, params.webhook_id, params.active === 'true');
    return { success: true, message: 'webhook status updated', webhook: renderWebhooks(store, [row])[0]! };
  },

  deleteWebhook({ store, params }) {
    const row = deleteWebhook(store, params.webhook_id);
    return { success: true, message: 'webhook deleted', webhook: renderWebhooks(store, [row])[0]! };
  },

  lookupWebhook({ store, params }) {
    return { webhook: renderWebhooks(store, [requireWebhook(store, params.webhook_id)])[0]! };
  },

  fetchWebhooks({ store }) {
    return { webhooks: renderWebhooks(store, liveWebhooks(store)) };
  },
};
