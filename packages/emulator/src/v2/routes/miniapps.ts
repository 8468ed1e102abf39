// Mini apps and frames, merged from their modules: the catalogue and page frames, frame actions
// and analytics, and notifications to the developer's app users.
import type { V2Handlers } from '../../api/dispatch.js';
import { frameActionHandlers } from './frame-actions.js';
import { frameNotificationHandlers } from './frame-notifications.js';
import { frameHandlers } from './frames.js';

export const miniappHandlers: V2Handlers = {
  ...frameHandlers,
  ...frameActionHandlers,
  ...frameNotificationHandlers,
};
