// The users, graph, channel, signer, account and moderation areas, merged for v2/index.ts.
import type { V2Handlers } from '../../api/dispatch.js';
import { accountHandlers } from './accounts.js';
import { channelHandlers } from './channels.js';
import { followHandlers } from './follows.js';
import { interactionHandlers } from './interactions.js';
import { moderationHandlers } from './moderation.js';
import { signerHandlers } from './signers.js';
import { userHandlers } from './users.js';

export const socialHandlers: V2Handlers = {
  ...userHandlers,
  ...followHandlers,
  ...interactionHandlers,
  ...channelHandlers,
  ...accountHandlers,
  ...signerHandlers,
  ...moderationHandlers,
};
