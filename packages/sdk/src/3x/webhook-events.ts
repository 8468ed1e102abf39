// The webhook events as programs written for @neynar/nodejs-sdk 3.x import them
// (`WebhookCastCreated`, ...), over 3.x's `Cast` and `User`, typed as 3.x types them: the users and
// casts a follow or reaction names are its `UserDehydrated` and `CastDehydrated`.
import type { Cast, CastDehydrated, User, UserDehydrated } from '../generated/api3/types.js';
import type { FollowEventOf, ReactionEventOf, WebhookEventOf } from '../webhooks/events.js';
import type { WebhookSignatureInput } from '../webhooks/verify.js';
import { parseWebhookEvent as parse } from '../webhooks/verify.js';

type Models = { Cast: Cast; User: User; EventUser: UserDehydrated; EventCast: CastDehydrated };

export type { WebhookReactionType } from '../webhooks/events.js';

export interface WebhookFollowCreated extends FollowEventOf<Models, 'follow.created', 'follow'> {}
export interface WebhookFollowDeleted extends FollowEventOf<Models, 'follow.deleted', 'unfollow'> {}
export interface WebhookReactionCreated extends ReactionEventOf<Models, 'reaction.created'> {}
export interface WebhookReactionDeleted extends ReactionEventOf<Models, 'reaction.deleted'> {}

// 3.x declares no event_timestamp on cast events; the API (and the emulator) send one.
export interface WebhookCastCreated extends WebhookEventOf<'cast.created', Cast> {
  event_timestamp?: string;
}
export interface WebhookCastDeleted extends WebhookEventOf<'cast.deleted', Cast> {
  event_timestamp?: string;
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
  | WebhookUserUpdated
  | WebhookTradeCreated;

/**
 * A fungible's balance as a trade event names it: 3.x's root exports this as `FungibleBalance`, the
 * name its build/api gives the API's model, which castkit's root exports under that name.
 */
export interface WebhookFungibleBalance {
  object: 'fungible_balance';
  token: {
    object: 'fungible';
    address: string;
    decimals: number;
    symbol: string;
    name: string;
    image_url?: string;
    total_supply?: string;
  };
  balance: {
    in_usd: number | null;
    in_token: string | null;
  };
}

/** A `trade.created` delivery's type and data (3.x's name): a fungible trade, as `fetchFungibleTrades` lists one. */
export interface TradeWebhookPayload {
  type: 'trade.created';
  data: {
    object: 'trade';
    trader: UserDehydrated | null;
    pool?: {
      object: 'pool';
      address: string;
      protocol_family?: string;
      protocol_version?: string;
    };
    transaction: {
      hash: string;
      network: { object: 'network'; name: string };
      net_transfer: {
        object: 'net_transfer';
        receiving_fungible: WebhookFungibleBalance;
        sending_fungible: WebhookFungibleBalance;
      };
    };
  };
}

/**
 * Verifies the signature, then reads the body as a webhook event: `switch (event.type)` narrows it.
 * Throws `WebhookVerificationError` (problem `signature` or `body`) for anything else.
 */
export const parseWebhookEvent: (input: WebhookSignatureInput) => Promise<WebhookEvent> = parse;

/** A `trade.created` delivery as it arrives: 3.x's payload with the time it was sent, like every event. */
export interface WebhookTradeCreated extends TradeWebhookPayload {
  created_at: number;
}
