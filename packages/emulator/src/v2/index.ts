// Every v2 operation handler, merged from one module per area (routes/*.ts).
import type { V2Handlers } from '../api/dispatch.js';
import { appHostHandlers } from './routes/app-host.js';
import { authAddressHandlers } from './routes/auth-addresses.js';
import { campaignHandlers } from './routes/campaigns.js';
import { castHandlers } from './routes/casts.js';
import { feedHandlers } from './routes/feeds.js';
import { miniappHandlers } from './routes/miniapps.js';
import { mutualHandlers } from './routes/mutuals.js';
import { notificationHandlers } from './routes/notifications.js';
import { quoteHandlers } from './routes/quotes.js';
import { reactionHandlers } from './routes/reactions.js';
import { restHandlers } from './routes/rest.js';
import { socialHandlers } from './routes/social.js';
import { topicHandlers } from './routes/topics.js';
import { verificationHandlers } from './routes/verifications.js';
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
  ...quoteHandlers,
  ...topicHandlers,
  ...mutualHandlers,
  ...verificationHandlers,
  ...campaignHandlers,
  ...appHostHandlers,
  ...authAddressHandlers,
};
