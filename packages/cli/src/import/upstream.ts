// Reads a slice of the live network through castkit's own SDK, paced (pacer.ts), and turns what it
// reads into the import control's shapes (@castkit/emulator/control's ImportSlice).
import type { ImportSlice } from '@castkit/emulator/control';
import type { CastWithInteractions, Channel, NeynarAPIClient, User } from '@castkit/sdk/2.x';
import type { Pacer } from './pacer.js';

type SliceUser = NonNullable<ImportSlice['users']>[number];
type SliceCast = NonNullable<ImportSlice['casts']>[number];
type SliceChannel = NonNullable<ImportSlice['channels']>[number];
type SliceReaction = NonNullable<ImportSlice['reactions']>[number];

/** The most a page of each list holds on the live API. */
const PAGE = { users: 100, following: 100, casts: 150, reactions: 100, replies: 50, channels: 100 };

export class Upstream {
  constructor(
    private readonly api: NeynarAPIClient,
    private readonly pacer: Pacer,
  ) {}

  get requests() {
    return this.pacer.sent;
  }

  async users(fids: readonly number[]): Promise<User[]> {
    const out: User[] = [];
    for (let i = 0; i < fids.length; i += PAGE.users) {
      const batch = fids.slice(i, i + PAGE.users);
      const { users } = await this.pacer.call('user/bulk', () => this.api.fetchBulkUsers({ fids: batch }));
      out.push(...users);
    }
    return out;
  }

  /** The first page of who `fid` follows (a page: the live graph of a big account is huge). */
  async following(fid: number): Promise<User[]> {
    const page = await this.pacer.call('following', () =>
      this.api.fetchUserFollowing({ fid, limit: PAGE.following }),
    );
    return page.users.map((f) => f.user);
  }

  /** `fid`'s newest `limit` casts, replies included. */
  async castsOf(fid: number, limit: number): Promise<CastWithInteractions[]> {
    const out: CastWithInteractions[] = [];
    let cursor: string | undefined;
    while (out.length < limit) {
      const page = await this.pacer.call('feed/user/casts', () =>
        this.api.fetchCastsForUser({
          fid,
          limit: Math.min(PAGE.casts, limit - out.length),
          includeReplies: true,
          ...(cursor ? { cursor } : {}),
        }),
      );
      out.push(...page.casts);
      cursor = page.next?.cursor ?? undefined;
      if (!cursor || page.casts.length === 0) break;
    }
    return out;
  }

  /** Every reply under `hash` the conversation shows (its first page, nested levels flattened). */
  async replies(hash: string): Promise<CastWithInteractions[]> {
    const { conversation } = await this.pacer.call('cast/conversation', () =>
      this.api.lookupCastConversation({ identifier: hash, type: 'hash', replyDepth: 5, limit: PAGE.replies }),
    );
    const out: CastWithInteractions[] = [];
    const walk = (replies: readonly unknown[]) => {
      for (const reply of replies) {
        if (!isCast(reply)) continue;
        out.push(reply);
        walk(repliesOf(reply));
      }
    };
    walk(conversation.cast.direct_replies);
    return out;
  }

  /** The casts above `hash` in its thread, from the root down to its parent. */
  async ancestors(hash: string): Promise<CastWithInteractions[]> {
    const { conversation } = await this.pacer.call('cast/conversation', () =>
      this.api.lookupCastConversation({
        identifier: hash,
        type: 'hash',
        replyDepth: 0,
        includeChronologicalParentCasts: true,
      }),
    );
    return conversation.chronological_parent_casts ?? [];
  }

  /** Likes and recasts of a cast (their first page). */
  async reactions(hash: string): Promise<SliceReaction[]> {
    const page = await this.pacer.call('reactions/cast', () =>
      this.api.fetchCastReactions({ hash, types: ['likes', 'recasts'], limit: PAGE.reactions }),
    );
    return page.reactions.map((r) => ({ fid: r.user.fid, type: r.reaction_type, target_hash: hash }));
  }

  async channel(id: string): Promise<Channel> {
    const { channel } = await this.pacer.call('channel', () => this.api.lookupChannel({ id }));
    return channel;
  }

  /** Channels `fid` follows (their first page). */
  async channelsOf(fid: number): Promise<Channel[]> {
    const page = await this.pacer.call('user/channels', () =>
      this.api.fetchUserChannels({ fid, limit: PAGE.channels }),
    );
    return page.channels;
  }
}

/** A conversation's nested replies are typed loosely (objects): each is checked to be a cast. */
function isCast(value: unknown): value is CastWithInteractions {
  return (
    typeof value === 'object' &&
    value !== null &&
    'hash' in value &&
    typeof value.hash === 'string' &&
    'author' in value &&
    typeof value.author === 'object'
  );
}

function repliesOf(cast: object): readonly unknown[] {
  const replies = 'direct_replies' in cast ? cast.direct_replies : undefined;
  return Array.isArray(replies) ? replies : [];
}

export function sliceUser(u: User): SliceUser {
  return {
    fid: u.fid,
    username: u.username,
    display_name: u.display_name ?? '',
    pfp_url: u.pfp_url ?? '',
    bio: u.profile.bio.text,
  };
}

export function sliceCast(c: CastWithInteractions): SliceCast {
  const embeds: NonNullable<SliceCast['embeds']> = [];
  for (const e of c.embeds) {
    if ('url' in e && typeof e.url === 'string') embeds.push({ url: e.url });
    else if ('cast_id' in e && e.cast_id)
      embeds.push({ cast_id: { fid: e.cast_id.fid, hash: e.cast_id.hash } });
  }
  return {
    hash: c.hash,
    fid: c.author.fid,
    text: c.text,
    timestamp: Date.parse(c.timestamp),
    parent_hash: c.parent_hash,
    parent_fid: c.parent_author.fid,
    parent_url: c.parent_url,
    embeds,
  };
}

export function sliceChannel(c: Channel, followers: readonly number[] = []): SliceChannel {
  return {
    id: c.id,
    url: c.url,
    name: c.name ?? c.id,
    description: c.description ?? '',
    image_url: c.image_url ?? null,
    lead_fid: c.lead?.fid ?? null,
    // The API gives seconds.
    created_at: (c.created_at ?? 0) * 1000,
    follower_fids: [...followers],
  };
}
