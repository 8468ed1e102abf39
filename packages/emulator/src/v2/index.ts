// Every v2 operation handler, merged from one module per area (routes/*.ts).
import type { V2Handlers } from '../api/dispatch.js';
import { castHandlers } from './routes/casts.js';
import { feedHandlers } from './routes/feeds.js';
import { miniappHandlers } from './routes/miniapps.js';
import { notificationHandlers } from './routes/notifications.js';
import { reactionHandlers } from './routes/reactions.js';
import { restHandlers } from './routes/rest.js';
import { socialHandlers } from './routes/social.js';
import { webhookHandlers } from './routes/webhooks.js';

export const v2Handlers: V2Handlers = {
  ...castHandlers,
  ...feedHandlers,
  ...reactionHandlers,
  ...notificationHandlers,
  ...socialHandlers,
  ...miniappHandlers,
  ...webhookHandlers,
  ...restHandlers,
};
