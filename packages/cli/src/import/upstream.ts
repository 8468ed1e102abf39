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
export const PAGE_SIZES = {
  users: 100,
  following: 100,
  casts: 150,
  reactions: 100,
  replies: 50,
  channels: 100,
};

export type PageSizes = typeof PAGE_SIZES;

/** A page of a v2 list: its items and the cursor of the next one (none at the end). */
interface Page<T> {
  items: readonly T[];
  next?: { cursor?: string | null } | null;
}

export class Upstream {
  constructor(
    private readonly api: NeynarAPIClient,
    private readonly pacer: Pacer,
    /** Smaller pages are for tests that walk many of them through a small graph. */
    private readonly page: PageSizes = PAGE_SIZES,
  ) {}

  get requests() {
    return this.pacer.sent;
  }

  async users(fids: readonly number[]): Promise<User[]> {
    const batches: number[][] = [];
    for (let i = 0; i < fids.length; i += this.page.users) batches.push(fids.slice(i, i + this.page.users));
    const pages = await Promise.all(
      batches.map((batch) => this.pacer.call('user/bulk', () => this.api.fetchBulkUsers({ fids: batch }))),
    );
    return pages.flatMap((p) => p.users);
  }

  /**
   * Up to `most` items of a list, page after page along `next.cursor`, each page a paced request
   * to `endpoint` asking no more than is still wanted.
   */
  private async walk<T>(
    endpoint: string,
    most: number,
    pageSize: number,
    fetch: (limit: number, cursor: string | undefined) => Promise<Page<T>>,
  ): Promise<T[]> {
    const out: T[] = [];
    let cursor: string | undefined;
    while (out.length < most) {
      const page = await this.pacer.call(endpoint, () =>
        fetch(Math.min(pageSize, most - out.length), cursor),
      );
      out.push(...page.items.slice(0, most - out.length));
      cursor = page.next?.cursor ?? undefined;
      if (!cursor || page.items.length === 0) break;
    }
    return out;
  }

  /** Up to `most` of whom `fid` follows (the live graph of a big account is huge: --follows bounds it). */
  async following(fid: number, most: number): Promise<User[]> {
    const follows = await this.walk('following', most, this.page.following, async (limit, cursor) => {
      const page = await this.api.fetchUserFollowing({ fid, limit, ...(cursor ? { cursor } : {}) });
      return { items: page.users, next: page.next };
    });
    return follows.map((f) => f.user);
  }

  /** `fid`'s newest `limit` casts, replies included. */
  castsOf(fid: number, limit: number): Promise<CastWithInteractions[]> {
    return this.walk('feed/user/casts', limit, this.page.casts, async (pageLimit, cursor) => {
      const page = await this.api.fetchCastsForUser({
        fid,
        limit: pageLimit,
        includeReplies: true,
        ...(cursor ? { cursor } : {}),
      });
      return { items: page.casts, next: page.next };
    });
  }

  /**
   * Up to `most` of the replies under `hash`, at every depth: each level's direct replies page by
   * page, then the replies under those that have some, breadth first, until `most` are read.
   */
  async replies(hash: string, most: number): Promise<CastWithInteractions[]> {
    const out: CastWithInteractions[] = [];
    const queue = [hash];
    for (let parent = queue.shift(); parent !== undefined && out.length < most; parent = queue.shift()) {
      const direct = await this.walk(
        'cast/conversation',
        most - out.length,
        this.page.replies,
        async (limit, cursor) => {
          const { conversation, next } = await this.api.lookupCastConversation({
            identifier: parent,
            type: 'hash',
            replyDepth: 1,
            limit,
            ...(cursor ? { cursor } : {}),
          });
          return { items: conversation.cast.direct_replies.filter(isCast), next };
        },
      );
      out.push(...direct);
      for (const r of direct) if (r.replies.count > 0) queue.push(r.hash);
    }
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

  /** Up to `most` likes and recasts of a cast. */
  async reactions(hash: string, most: number): Promise<SliceReaction[]> {
    const reactions = await this.walk('reactions/cast', most, this.page.reactions, async (limit, cursor) => {
      const page = await this.api.fetchCastReactions({
        hash,
        types: ['likes', 'recasts'],
        limit,
        ...(cursor ? { cursor } : {}),
      });
      return { items: page.reactions, next: page.next };
    });
    return reactions.map((r) => ({ fid: r.user.fid, type: r.reaction_type, target_hash: hash }));
  }

  async channel(id: string): Promise<Channel> {
    const { channel } = await this.pacer.call('channel', () => this.api.lookupChannel({ id }));
    return channel;
  }

  /** Channels `fid` follows (their first page). */
  async channelsOf(fid: number): Promise<Channel[]> {
    const page = await this.pacer.call('user/channels', () =>
      this.api.fetchUserChannels({ fid, limit: this.page.channels }),
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
    // A mention the API gives no range for cannot be placed: it stays in the text as written.
    mentions: c.mentioned_profiles.flatMap((p, i) => {
      const range = c.mentioned_profiles_ranges[i];
      return range ? [{ fid: p.fid, start: range.start, end: range.end }] : [];
    }),
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
