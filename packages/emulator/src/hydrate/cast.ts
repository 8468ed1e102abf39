// Builds v2 `Cast` objects (the spec's CastWithInteractions) for a page of hashes at once: one
// query per table for the whole page (casts, quoted casts, reactions, viewer reactions), plus the
// batched user and channel hydration, so a feed page costs a fixed handful of queries.
import type { Cast as Cast3 } from '@castkit/sdk';
import type {
  CastDehydrated,
  CastEmbedded,
  CastWithInteractions,
  Channel,
  ChannelDehydrated,
  EmbedDeep,
  ReactionLike,
  UserDehydrated,
} from '@castkit/sdk/2.x';
import { isoTime } from '../store/clock.js';
import type { CastRow } from '../store/queries/cast-hydration.js';
import { castRowAnyState, recentReactorRows } from '../store/queries/cast-hydration.js';
import { cacheKind, type DependOn } from '../store/read-cache.js';
import { fromJson } from '../store/statements.js';
import type { Store } from '../store/store.js';
import type { OfBoth } from './both.js';
import { castRows, parseEmbeds, type StoredEmbed } from './cast-rows.js';
import { channelMentionCandidates, renderMentions, type TextRange } from './cast-text.js';
import { channelTags, hydrateChannels } from './channel.js';
import { absoluteEmbedUrl, embedMetadata } from './embed-metadata.js';
import { embeddedMiniapps } from './miniapp.js';
import { type HydrateOptions, hydrateUsers, type UserOfBoth, userDehydrated } from './user.js';
import { castsForViewer } from './viewer.js';

export type { HydrateOptions };

/** Hydrated casts kept per origin (authors are shared with the user cache). */
const CACHED_CASTS = 20_000;
/**
 * A cast both generations accept: 2.44's CastWithInteractions and 3.x's Cast (which absorbed it),
 * its channel's created_at as 2.44's (hydrate/both.ts).
 */
export type CastOfBoth = OfBoth<CastWithInteractions, Cast3>;

const CASTS = cacheKind<string, CastOfBoth>('casts', CACHED_CASTS);

/** Casts hydrated for nobody, then (with `viewerFid`) as that viewer sees them. */
export function hydrateCasts(
  store: Store,
  hashes: readonly string[],
  options: HydrateOptions,
): Map<string, CastOfBoth> {
  if (!hashes.length) return new Map();
  const casts = CASTS.of(store, options.origin).getMany(hashes, (missing, dependOn) =>
    buildCasts(store, missing, options.origin, dependOn),
  );
  return options.viewerFid === undefined ? casts : castsForViewer(store, options.viewerFid, casts);
}

/**
 * Builds casts and says what each rests on (store/change-tags.ts): its row and reactions, its
 * author, mentioned users and listed reactors, its channel (with the channel's own tags) and
 * mentioned channels, and for each quoted cast its body, author, mentions and channel.
 */
function buildCasts(
  store: Store,
  hashes: string[],
  origin: string,
  dependOn: DependOn<string>,
): Map<string, CastOfBoth> {
  return buildFromRows(store, castRows(store, hashes), origin, dependOn);
}

/** A deleted cast as it was (a cast.deleted event carries it); not cached, nothing will read it twice. */
export function hydrateDeletedCast(store: Store, hash: string, origin: string): CastOfBoth | undefined {
  const row = castRowAnyState(store, hash);
  if (!row) return undefined;
  return buildFromRows(store, new Map([[hash, row]]), origin, () => {}).get(hash);
}

function buildFromRows(
  store: Store,
  rows: Map<string, CastRow>,
  origin: string,
  dependOn: DependOn<string>,
): Map<string, CastOfBoth> {
  const out = new Map<string, CastOfBoth>();
  if (!rows.size) return out;
  const options = { origin };
  const seeded = store.getMeta('asset_origin');

  const embedsOf = new Map<string, StoredEmbed[]>();
  const quotedHashes: string[] = [];
  for (const row of rows.values()) {
    const embeds = parseEmbeds(row);
    embedsOf.set(row.hash, embeds);
    for (const e of embeds) if ('castId' in e) quotedHashes.push(e.castId.hash);
  }
  const quoted = castRows(store, quotedHashes);
  const urlsOf = (hash: string) => (embedsOf.get(hash) ?? []).flatMap((e) => ('url' in e ? [e.url] : []));
  const apps = embeddedMiniapps(store, [...rows.keys()].flatMap(urlsOf), origin);

  // Full users for authors and mentions; dehydrated ones for everything inside quoted casts.
  const fullFids: number[] = [];
  for (const row of rows.values()) fullFids.push(row.fid, ...fromJson(row.mentions));
  const users = hydrateUsers(store, fullFids, options);
  const smallFids: number[] = [];
  for (const q of quoted.values()) {
    smallFids.push(q.fid, ...fromJson(q.mentions));
    for (const e of parseEmbeds(q)) if ('castId' in e) smallFids.push(e.castId.fid);
  }
  const small = userDehydrated(store, smallFids, origin);
  const usernameOf = (fid: number) => users.get(fid)?.username ?? small.get(fid)?.username ?? `!${fid}`;

  const texts = new Map<string, { text: string; ranges: TextRange[] }>();
  const channelIds: string[] = [];
  for (const row of [...rows.values(), ...quoted.values()]) {
    const rendered = renderMentions(
      row.text,
      fromJson(row.mentions),
      fromJson(row.mentions_positions),
      usernameOf,
    );
    texts.set(row.hash, rendered);
    if (row.channel_id) channelIds.push(row.channel_id);
    if (rows.has(row.hash)) for (const c of channelMentionCandidates(rendered.text)) channelIds.push(c.id);
  }
  const channels = hydrateChannels(store, channelIds, options);
  const reactors = recentReactors(store, [...rows.keys()]);

  const embedded = (q: CastRow): CastEmbedded => ({
    hash: q.hash,
    parent_hash: q.parent_hash,
    parent_url: q.parent_url,
    root_parent_url: q.root_parent_url,
    parent_author: { fid: q.parent_fid },
    author: small.get(q.fid) ?? { object: 'user_dehydrated', fid: q.fid },
    text: texts.get(q.hash)!.text,
    timestamp: isoTime(q.ts),
    // The spec requires a notification type on embedded casts; replies are the only distinction we have.
    type: q.parent_hash ? 'cast-reply' : 'cast-mention',
    embeds: parseEmbeds(q).map((e): EmbedDeep => deepEmbed(e, small, origin, seeded)),
    channel: q.channel_id ? dehydrateChannel(channels.get(q.channel_id)) : null,
  });

  const quotedTags = (hash: string): string[] => {
    const q = quoted.get(hash);
    if (!q) return [`cast-body:${hash}`];
    return [
      `cast-body:${hash}`,
      ...[q.fid, ...fromJson(q.mentions)].map((fid) => `user:${fid}`),
      ...parseEmbeds(q).flatMap((e) => ('castId' in e ? [`user:${e.castId.fid}`] : [])),
      ...(q.channel_id ? [`channel:${q.channel_id}`] : []),
    ];
  };

  for (const row of rows.values()) {
    const author = users.get(row.fid);
    if (!author) continue; // a cast by an fid the store does not know cannot be shown
    const rendered = texts.get(row.hash)!;
    const mentions = fromJson(row.mentions);
    const mentioned: UserOfBoth[] = [];
    const mentionedRanges: TextRange[] = [];
    mentions.forEach((fid, i) => {
      const user = users.get(fid);
      if (user && rendered.ranges[i]) {
        mentioned.push(user);
        mentionedRanges.push(rendered.ranges[i]);
      }
    });
    const mentionedChannels: ChannelDehydrated[] = [];
    const mentionedChannelRanges: TextRange[] = [];
    for (const c of channelMentionCandidates(rendered.text)) {
      const channel = channels.get(c.id);
      if (!channel) continue;
      mentionedChannels.push(dehydrateChannel(channel)!);
      mentionedChannelRanges.push(c.range);
    }
    const embeds: CastOfBoth['embeds'] = [];
    for (const e of embedsOf.get(row.hash) ?? []) {
      if ('url' in e) {
        embeds.push(urlEmbed(e.url, origin, seeded));
        continue;
      }
      const q = quoted.get(e.castId.hash);
      // A quoted cast that was deleted (or never seen) has nothing to show.
      if (q) embeds.push({ cast_id: { fid: e.castId.fid, hash: e.castId.hash }, cast: embedded(q) });
    }
    const r = reactors.get(row.hash);
    const frames = urlsOf(row.hash).flatMap((url) => apps.get(url) ?? []);
    const cast: CastOfBoth = {
      object: 'cast',
      hash: row.hash,
      parent_hash: row.parent_hash,
      parent_url: row.parent_url,
      root_parent_url: row.root_parent_url,
      parent_author: { fid: row.parent_fid },
      author,
      text: rendered.text,
      timestamp: isoTime(row.ts),
      embeds,
      ...(frames.length ? { frames } : {}),
      reactions: {
        likes: r?.likes ?? [],
        recasts: r?.recasts ?? [],
        likes_count: row.likes_count,
        recasts_count: row.recasts_count,
      },
      replies: { count: row.replies_count },
      thread_hash: row.root_hash,
      mentioned_profiles: mentioned,
      mentioned_profiles_ranges: mentionedRanges,
      mentioned_channels: mentionedChannels,
      mentioned_channels_ranges: mentionedChannelRanges,
      channel: (row.channel_id && channels.get(row.channel_id)) || null,
    };
    out.set(row.hash, cast);
    dependOn(row.hash, [
      `cast:${row.hash}`,
      ...[row.fid, ...mentions, ...(r?.fids ?? [])].map((fid) => `user:${fid}`),
      ...(row.channel_id ? channelTags(row.channel_id, channels.get(row.channel_id)) : []),
      ...channelMentionCandidates(rendered.text).map((c) => `channel:${c.id}`),
      ...(embedsOf.get(row.hash) ?? []).flatMap((e) => ('castId' in e ? quotedTags(e.castId.hash) : [])),
      // Any URL may become a mini app later (the host simulation registers developers' apps).
      ...urlsOf(row.hash).map((url) => `miniapp:${url}`),
      ...frames.flatMap((f) => (f.author ? [`user:${f.author.fid}`] : [])),
    ]);
  }
  return out;
}

/** Casts in the order of `hashes`, skipping any that are gone. */
export function hydrateCastList(
  store: Store,
  hashes: readonly string[],
  options: HydrateOptions,
): CastOfBoth[] {
  const map = hydrateCasts(store, hashes, options);
  return hashes.map((h) => map.get(h)).filter((c): c is CastOfBoth => c !== undefined);
}

/** The spec's CastDehydrated for a set of live casts (what reaction notifications point at). */
export function dehydrateCasts(
  store: Store,
  hashes: readonly string[],
  origin: string,
): Map<string, CastDehydrated> {
  const rows = castRows(store, hashes);
  const authors = userDehydrated(
    store,
    [...rows.values()].map((r) => r.fid),
    origin,
  );
  const out = new Map<string, CastDehydrated>();
  for (const row of rows.values()) {
    const author = authors.get(row.fid);
    out.set(row.hash, { object: 'cast_dehydrated', hash: row.hash, ...(author ? { author } : {}) });
  }
  return out;
}

function urlEmbed(url: string, origin: string, seeded: string | undefined) {
  return { url: absoluteEmbedUrl(url, origin, seeded), metadata: embedMetadata(url, origin) };
}

function deepEmbed(
  e: StoredEmbed,
  users: Map<number, UserDehydrated>,
  origin: string,
  seeded: string | undefined,
): EmbedDeep {
  if ('url' in e) return urlEmbed(e.url, origin, seeded);
  const author = users.get(e.castId.fid);
  return {
    cast_id: { fid: e.castId.fid, hash: e.castId.hash },
    cast: { object: 'cast_dehydrated', hash: e.castId.hash, ...(author ? { author } : {}) },
  };
}

function dehydrateChannel(channel: Channel | undefined): ChannelDehydrated | null {
  if (!channel) return null;
  return {
    id: channel.id,
    name: channel.name ?? channel.id,
    object: 'channel_dehydrated',
    ...(channel.image_url ? { image_url: channel.image_url } : {}),
  };
}

/** The most recent likers and recasters of each cast, with their usernames (the spec's ReactionLike). */
function recentReactors(store: Store, hashes: string[]) {
  // fids: every reactor read, listed or not (one without a user row is listed once it has one).
  const out = new Map<string, { likes: ReactionLike[]; recasts: ReactionLike[]; fids: number[] }>();
  if (!hashes.length) return out;
  for (const l of recentReactorRows(store, hashes)) {
    const reactors = fromJson(l.reactors);
    if (!reactors.length) continue;
    const entry = out.get(l.target) ?? { likes: [], recasts: [], fids: [] };
    const into = l.type === 1 ? entry.likes : entry.recasts;
    for (const [fid, username, known] of reactors) {
      entry.fids.push(fid);
      if (known) into.push({ fid, fname: username ?? `!${fid}` });
    }
    out.set(l.target, entry);
  }
  return out;
}
