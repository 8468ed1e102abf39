// The bodies a webhook POSTs, one type per event, under the names programs written for the
// established SDK import (`WebhookCastCreated`, ...). Built on the generated API types; where an
// event carries a trimmed user or cast, the fields every event has are required.
import type { Cast, CastDehydrated, User, UserDehydrated } from '../generated/v2/types.js';

/** The user an event names: fid and username always. */
export type WebhookUser = UserDehydrated & { username: string };

/** The cast a reaction event names: its hash and author always. */
export type WebhookCast = CastDehydrated & { author: WebhookUser };

/** 1 is a like, 2 a recast (the protocol's reaction type numbers). */
export type WebhookReactionType = 1 | 2;

interface LinkEventData<O extends string> {
  object: O;
  event_timestamp: string;
  timestamp: string;
  user: WebhookUser;
  target_user: WebhookUser;
}

interface ReactionEventData {
  object: 'reaction';
  event_timestamp: string;
  timestamp: string;
  user: WebhookUser;
  cast: WebhookCast;
  reaction_type: WebhookReactionType;
}

export interface WebhookFollowCreated {
  type: 'follow.created';
  created_at: number;
  data: LinkEventData<'follow'>;
}

export interface WebhookFollowDeleted {
  type: 'follow.deleted';
  created_at: number;
  data: LinkEventData<'unfollow'>;
}

export interface WebhookReactionCreated {
  type: 'reaction.created';
  created_at: number;
  data: ReactionEventData;
}

export interface WebhookReactionDeleted {
  type: 'reaction.deleted';
  created_at: number;
  data: ReactionEventData;
}

export interface WebhookCastCreated {
  type: 'cast.created';
  created_at: number;
  event_timestamp: string;
  data: Cast;
}

export interface WebhookCastDeleted {
  type: 'cast.deleted';
  created_at: number;
  event_timestamp: string;
  data: Cast;
}

export interface WebhookUserCreated {
  type: 'user.created';
  created_at: number;
  event_timestamp: string;
  data: User;
}

export interface WebhookUserUpdated {
  type: 'user.updated';
  created_at: number;
  event_timestamp: string;
  data: User;
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
