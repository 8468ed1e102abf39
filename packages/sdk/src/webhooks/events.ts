// The bodies a webhook POSTs, one shape per event, over the model types of an SDK generation: each
// surface names them (`WebhookCastCreated`, ...) with its own types (2x/webhook-events.ts,
// 3x/webhook-events.ts).

/** The model types an event embeds: whole casts and users, and the trimmed ones events name. */
export interface WebhookModels {
  Cast: object;
  User: object;
  /** The user a follow or reaction event names. */
  EventUser: object;
  /** The cast a reaction event names. */
  EventCast: object;
}

/** 1 is a like, 2 a recast (the protocol's reaction type numbers). */
export type WebhookReactionType = 1 | 2;

interface LinkEventData<M extends WebhookModels, O extends string> {
  object: O;
  event_timestamp: string;
  timestamp: string;
  user: M['EventUser'];
  target_user: M['EventUser'];
}

interface ReactionEventData<M extends WebhookModels> {
  object: 'reaction';
  event_timestamp: string;
  timestamp: string;
  user: M['EventUser'];
  cast: M['EventCast'];
  reaction_type: WebhookReactionType;
}

/** One event's body: its type, when it was sent (unix seconds) and what it is about. */
export interface WebhookEventOf<T extends string, D> {
  type: T;
  created_at: number;
  data: D;
}

export type FollowEventOf<M extends WebhookModels, T extends string, O extends string> = WebhookEventOf<
  T,
  LinkEventData<M, O>
>;
export type ReactionEventOf<M extends WebhookModels, T extends string> = WebhookEventOf<
  T,
  ReactionEventData<M>
>;
