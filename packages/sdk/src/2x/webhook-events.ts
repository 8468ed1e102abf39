// The webhook events as programs written for @neynar/nodejs-sdk 2.44 import them
// (`WebhookCastCreated`, ...), over 2.44's `Cast` and `User`.
import type { Cast, CastDehydrated, User, UserDehydrated } from '../generated/v2/types.js';
import type { FollowEventOf, ReactionEventOf, WebhookEventOf } from '../webhooks/events.js';
import type { WebhookSignatureInput } from '../webhooks/verify.js';
import { parseWebhookEvent as parse } from '../webhooks/verify.js';

export type { WebhookReactionType } from '../webhooks/events.js';

/** The user an event names: fid and username always. */
export type WebhookUser = UserDehydrated & { username: string };

/** The cast a reaction event names: its hash and author always. */
export type WebhookCast = CastDehydrated & { author: WebhookUser };

type Models = { Cast: Cast; User: User; EventUser: WebhookUser; EventCast: WebhookCast };

export interface WebhookFollowCreated extends FollowEventOf<Models, 'follow.created', 'follow'> {}
export interface WebhookFollowDeleted extends FollowEventOf<Models, 'follow.deleted', 'unfollow'> {}
export interface WebhookReactionCreated extends ReactionEventOf<Models, 'reaction.created'> {}
export interface WebhookReactionDeleted extends ReactionEventOf<Models, 'reaction.deleted'> {}

export interface WebhookCastCreated extends WebhookEventOf<'cast.created', Cast> {
  event_timestamp: string;
}
export interface WebhookCastDeleted extends WebhookEventOf<'cast.deleted', Cast> {
  event_timestamp: string;
}
export interface WebhookUserCreated extends WebhookEventOf<'user.created', User> {
  event_timestamp: string;
}
export interface WebhookUserUpdated extends WebhookEventOf<'user.updated', User> {
  event_timestamp: string;
}

/** Any webhook event; `switch (event.type)` narrows it. */
export type WebhookEvent =
  | WebhookFollowCreated
  | WebhookFollowDeleted
  | WebhookReactionCreated
  | WebhookReactionDeleted
  | WebhookCastCreated
  | WebhookCastDeleted
  | WebhookUserCreated
  | WebhookUserUpdated;

/**
 * Verifies the signature, then reads the body as a webhook event: `switch (event.type)` narrows it.
 * Throws `WebhookVerificationError` (problem `signature` or `body`) for anything else.
 */
export const parseWebhookEvent: (input: WebhookSignatureInput) => Promise<WebhookEvent> = parse;
