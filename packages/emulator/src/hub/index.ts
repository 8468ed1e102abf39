// Every hub (/v1) operation handler, merged from one module per area.
import type { HubHandlers } from '../api/dispatch.js';
import { castHandlers } from './casts.js';
import { linkHandlers } from './links.js';
import { messageHandlers } from './messages.js';
import { onChainHandlers } from './onchain.js';
import { reactionHandlers } from './reactions.js';
import { userHandlers } from './users.js';

/** The 25 operations of hub-v1.yaml. */
export const hubHandlers: HubHandlers = {
  ...messageHandlers,
  ...castHandlers,
  ...reactionHandlers,
  ...linkHandlers,
  ...userHandlers,
  ...onChainHandlers,
};
