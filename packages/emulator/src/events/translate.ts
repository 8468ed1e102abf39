// The log's entries → webhook-style events. A trade entry names a fungible trade (trade.created,
// shaped as fetchFungibleTrades lists it). A hub event names a message (or an on-chain event); what it
// changed decides the event type, and `data` is hydrated by the v2 hydrators exactly as the v2
// object of that kind (a Cast, a User), or as the SDK's webhook types shape follows and reactions.
import type { Cast, CastDehydrated, UserDehydrated } from '@castkit/sdk/2.x';
import { fromFarcasterTime, toHex } from '../ground/codec.js';
import { HubEventType, MessageType, OnChainEventType } from '../ground/types.js';
import { dehydrateCasts, hydrateCasts, hydrateDeletedCast } from '../hydrate/cast.js';
import { tradeEventData } from '../hydrate/fungibles.js';
import { hydrateUsers, userDehydrated } from '../hydrate/user.js';
import { farcasterCore } from '../protocol/core.js';
import { isoTime } from '../store/clock.js';
import { type HubEventRow, messageByHash } from '../store/queries/messages.js';
import { onChainEventById } from '../store/queries/onchain.js';
import type { Store } from '../store/store.js';
import type { EmulatorEvent } from './types.js';

type WebhookUser = UserDehydrated & { username: string };

/** The event a hub event stands for, or undefined when it stands for none (signers, storage, proofs). */
export function translateHubEvent(store: Store, row: HubEventRow, origin: string): EmulatorEvent | undefined {
  const base = { event_id: row.id, created_at: Math.floor(row.ts / 1000) };
  const eventTimestamp = isoTime(row.ts);
  if (row.trade_id !== null) {
    const data = tradeEventData(store, row.trade_id, origin);
    return data && { ...base, type: 'trade.created', data };
  }
  if (row.type === HubEventType.MergeOnChainEvent && row.onchain_event_id !== null) {
    const chain = onChainEventById(store, row.onchain_event_id);
    if (chain?.type !== OnChainEventType.IdRegister) return undefined;
    const user = hydrateUsers(store, [chain.fid], { origin }).get(chain.fid);
    return user && { ...base, type: 'user.created', event_timestamp: eventTimestamp, data: user };
  }
  if (row.type !== HubEventType.MergeMessage || !row.message_hash) return undefined;
  const message = messageByHash(store, row.message_hash);
  if (!message) return undefined;
  const data = farcasterCore().MessageData.decode(message.data_bytes);
  switch (Number(data.type)) {
    case MessageType.CastAdd: {
      // Read after a later delete, the cast is still shown as it was created.
      const cast =
        hydrateCasts(store, [row.message_hash], { origin }).get(row.message_hash) ??
        hydrateDeletedCast(store, row.message_hash, origin);
      return cast && { ...base, type: 'cast.created', event_timestamp: eventTimestamp, data: cast as Cast };
    }
    case MessageType.CastRemove: {
      const cast = hydrateDeletedCast(store, toHex(data.castRemoveBody!.targetHash), origin);
      return cast && { ...base, type: 'cast.deleted', event_timestamp: eventTimestamp, data: cast };
    }
    case MessageType.UserDataAdd: {
      const user = hydrateUsers(store, [data.fid], { origin }).get(data.fid);
      return user && { ...base, type: 'user.updated', event_timestamp: eventTimestamp, data: user };
    }
    case MessageType.LinkAdd:
    case MessageType.LinkRemove: {
      const target = data.linkBody?.targetFid;
      if (data.linkBody?.type !== 'follow' || !target) return undefined;
      const users = webhookUsers(store, [data.fid, target], origin);
      const user = users.get(data.fid);
      const targetUser = users.get(target);
      if (!user || !targetUser) return undefined;
      const at = {
        event_timestamp: eventTimestamp,
        timestamp: isoTime(fromFarcasterTime(message.timestamp)),
      };
      return data.type === MessageType.LinkAdd
        ? {
            ...base,
            type: 'follow.created',
            data: { object: 'follow', ...at, user, target_user: targetUser },
          }
        : {
            ...base,
            type: 'follow.deleted',
            data: { object: 'unfollow', ...at, user, target_user: targetUser },
          };
    }
    case MessageType.ReactionAdd:
    case MessageType.ReactionRemove: {
      const body = data.reactionBody;
      // Reactions to URLs name no cast, and the webhook events are about casts.
      if (!body?.targetCastId || (body.type !== 1 && body.type !== 2)) return undefined;
      const hash = toHex(body.targetCastId.hash);
      const users = webhookUsers(store, [data.fid, body.targetCastId.fid], origin);
      const user = users.get(data.fid);
      const author = users.get(body.targetCastId.fid);
      if (!user || !author) return undefined;
      const dehydrated: CastDehydrated = dehydrateCasts(store, [hash], origin).get(hash) ?? {
        object: 'cast_dehydrated',
        hash,
      };
      const payload = {
        object: 'reaction' as const,
        event_timestamp: eventTimestamp,
        timestamp: isoTime(fromFarcasterTime(message.timestamp)),
        user,
        cast: { ...dehydrated, author },
        reaction_type: body.type,
      };
      return data.type === MessageType.ReactionAdd
        ? { ...base, type: 'reaction.created', data: payload }
        : { ...base, type: 'reaction.deleted', data: payload };
    }
    default:
      return undefined;
  }
}

function webhookUsers(store: Store, fids: number[], origin: string): Map<number, WebhookUser> {
  const out = new Map<number, WebhookUser>();
  for (const [fid, u] of userDehydrated(store, fids, origin))
    out.set(fid, { ...u, username: u.username ?? `!${fid}` });
  return out;
}
