// Subscription filters, one object per event type (a webhook's `subscription.filters[type]`, a
// realtime subscription's filter): validated once (a 400 naming the field), compiled once, then
// matched against every event.
import { EMULATOR_USDC } from '../domain/ledger.js';
import { ValidationError } from '../ground/errors.js';
import { isRecord } from '../ground/is-record.js';
import { compileFilterRegex, storedFilterRegex } from './regex.js';
import { type EmulatorEvent, EVENT_TYPES, type EventType, isEventType } from './types.js';

export interface CastFilter {
  author_fids?: number[];
  exclude_author_fids?: number[];
  mentioned_fids?: number[];
  parent_urls?: string[];
  root_parent_urls?: string[];
  parent_hashes?: string[];
  parent_author_fids?: number[];
  text?: string;
  embeds?: string;
  /** 3.x's: casts that quote (embed) a cast by one of these authors, or one of these casts. */
  embedded_cast_author_fids?: number[];
  embedded_cast_hashes?: string[];
  /** 3.x's: only casts whose author's score is at least this, whatever else matches. */
  minimum_author_score?: number;
}
export interface FidFilter {
  fids?: number[];
}
export interface GraphFilter {
  fids?: number[];
  target_fids?: number[];
  /** 3.x's, reactions only: reactions to one of these casts. */
  target_cast_hashes?: string[];
}
/** 3.x's trade.created filter: who traded, for at least how many USDC, with at least what score. */
export interface TradeFilter {
  fids?: number[];
  minimum_token_amount_usdc?: number;
  minimum_trader_neynar_score?: number;
}
/** One event type's filter: which of these fields it takes depends on the type (FIELDS, checked by validateFilter). */
export type EventFilter = CastFilter & GraphFilter & TradeFilter;

/** `subscription.filters`: an event type absent is not subscribed; `{}` takes every event of it. */
export type Filters = Partial<Record<EventType, EventFilter>>;

type FieldKind = 'fids' | 'urls' | 'hashes' | 'regex' | 'amount' | 'score';
const CAST_FIELDS: Record<keyof CastFilter, FieldKind> = {
  author_fids: 'fids',
  exclude_author_fids: 'fids',
  mentioned_fids: 'fids',
  parent_urls: 'urls',
  root_parent_urls: 'urls',
  parent_hashes: 'hashes',
  parent_author_fids: 'fids',
  text: 'regex',
  embeds: 'regex',
  embedded_cast_author_fids: 'fids',
  embedded_cast_hashes: 'hashes',
  minimum_author_score: 'score',
};
const TRADE_FIELDS: Record<keyof TradeFilter, FieldKind> = {
  fids: 'fids',
  minimum_token_amount_usdc: 'amount',
  minimum_trader_neynar_score: 'score',
};
const FOLLOW_FIELDS: Record<Exclude<keyof GraphFilter, 'target_cast_hashes'>, FieldKind> = {
  fids: 'fids',
  target_fids: 'fids',
};
const REACTION_FIELDS: Record<keyof GraphFilter, FieldKind> = {
  ...FOLLOW_FIELDS,
  target_cast_hashes: 'hashes',
};
const FIELDS: Record<EventType, Record<string, FieldKind>> = {
  'cast.created': CAST_FIELDS,
  'cast.deleted': CAST_FIELDS,
  'user.created': {},
  'user.updated': { fids: 'fids' },
  'follow.created': FOLLOW_FIELDS,
  'follow.deleted': FOLLOW_FIELDS,
  'reaction.created': REACTION_FIELDS,
  'reaction.deleted': REACTION_FIELDS,
  'trade.created': TRADE_FIELDS,
};

/** Longest list a filter field takes: matching is by Set, but the subscription is stored and echoed. */
export const MAX_FILTER_VALUES = 1000;

/** The filters of a whole subscription (`{ "cast.created": {...}, ... }`), or a 400 naming the field. */
export function validateFilters(value: unknown, property: string): Filters {
  if (!isRecord(value))
    throw new ValidationError(`${property} must be an object keyed by event type`, property);
  const out: Filters = {};
  for (const [type, filter] of Object.entries(value)) {
    if (!isEventType(type))
      throw new ValidationError(
        `${property}.${type} is not an event type (one of ${EVENT_TYPES.join(', ')})`,
        `${property}.${type}`,
      );
    out[type] = validateFilter(type, filter, `${property}.${type}`);
  }
  return out;
}

/** One event type's filter, or a 400 naming the field. */
export function validateFilter(type: EventType, value: unknown, property: string): EventFilter {
  if (!isRecord(value)) throw new ValidationError(`${property} must be an object`, property);
  const fields = FIELDS[type];
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const kind = Object.hasOwn(fields, key) ? fields[key] : undefined;
    const at = `${property}.${key}`;
    if (!kind) {
      const known = Object.keys(fields);
      throw new ValidationError(
        `${at} is not a ${type} filter${known.length ? ` (one of ${known.join(', ')})` : ' (it takes none)'}`,
        at,
      );
    }
    if (kind === 'regex') {
      compileFilterRegex(v, at);
      out[key] = v;
      continue;
    }
    if (kind === 'amount' || kind === 'score') {
      const most = kind === 'score' ? 1 : Number.MAX_SAFE_INTEGER;
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > most)
        throw new ValidationError(`${at} must be a number from 0 to ${most}`, at);
      out[key] = v;
      continue;
    }
    if (!Array.isArray(v)) throw new ValidationError(`${at} must be an array`, at);
    if (v.length > MAX_FILTER_VALUES)
      throw new ValidationError(`${at} has more than ${MAX_FILTER_VALUES} values`, at);
    out[key] = v.map((item, i) => listItem(kind, item, `${at}[${i}]`));
  }
  return out;
}

function listItem(kind: FieldKind, item: unknown, at: string): number | string {
  if (kind === 'fids') {
    if (typeof item !== 'number' || !Number.isSafeInteger(item) || item < 0)
      throw new ValidationError(`${at} must be a fid (a non-negative integer)`, at);
    return item;
  }
  if (typeof item !== 'string' || !item) throw new ValidationError(`${at} must be a non-empty string`, at);
  if (kind === 'hashes') {
    if (!/^0x[0-9a-fA-F]{40}$/.test(item))
      throw new ValidationError(`${at} must be a cast hash (0x + 40 hex)`, at);
    return item.toLowerCase();
  }
  return item;
}

/** A validated filter made ready to match: sets for lists, RE2 programs for patterns. */
export type CompiledFilter = (event: EmulatorEvent) => boolean;

/** Compiles validated filters; an event type absent gets no matcher (not subscribed). */
export function compileFilters(filters: Filters): Partial<Record<EventType, CompiledFilter>> {
  const out: Partial<Record<EventType, CompiledFilter>> = {};
  for (const type of EVENT_TYPES) {
    const filter = filters[type];
    if (filter) out[type] = compileFilter(type, filter);
  }
  return out;
}

/** True when the subscription takes this event. */
export function matchesFilters(
  compiled: Partial<Record<EventType, CompiledFilter>>,
  event: EmulatorEvent,
): boolean {
  const match = compiled[event.type];
  return match?.(event) ?? false;
}

const setOf = <T>(list: T[] | undefined) => (list ? new Set(list) : undefined);

export function compileFilter(type: EventType, filter: EventFilter): CompiledFilter {
  switch (type) {
    case 'cast.created':
    case 'cast.deleted':
      return compileCastFilter(filter);
    case 'user.created':
      return () => true;
    case 'trade.created':
      return compileTradeFilter(filter);
    case 'user.updated': {
      const fids = setOf(filter.fids);
      return (e) => !fids || (e.type === 'user.updated' && fids.has(e.data.fid));
    }
    default: {
      // Follows and reactions: every field given must hold (who acted, and at whom).
      const { fids, target_fids, target_cast_hashes } = filter;
      const actors = setOf(fids);
      const targets = setOf(target_fids);
      const casts = setOf(target_cast_hashes);
      return (e) => {
        if (!('user' in e.data)) return false;
        const target = 'target_user' in e.data ? e.data.target_user.fid : e.data.cast.author.fid;
        const cast = 'cast' in e.data ? e.data.cast.hash.toLowerCase() : undefined;
        return (
          (!actors || actors.has(e.data.user.fid)) &&
          (!targets || targets.has(target)) &&
          (!casts || (cast !== undefined && casts.has(cast)))
        );
      };
    }
  }
}

/**
 * As the spec describes it: `exclude_author_fids` must hold; of the other fields, given ones are
 * alternatives (any one matching is enough); none given takes every cast.
 */
function compileCastFilter(f: CastFilter): CompiledFilter {
  const excluded = setOf(f.exclude_author_fids);
  const authors = setOf(f.author_fids);
  const mentioned = setOf(f.mentioned_fids);
  const parentUrls = setOf(f.parent_urls);
  const rootParentUrls = setOf(f.root_parent_urls);
  const parentHashes = setOf(f.parent_hashes);
  const parentAuthors = setOf(f.parent_author_fids);
  const text = f.text === undefined ? undefined : storedFilterRegex(f.text);
  const embeds = f.embeds === undefined ? undefined : storedFilterRegex(f.embeds);
  const embeddedAuthors = setOf(f.embedded_cast_author_fids);
  const embeddedHashes = setOf(f.embedded_cast_hashes?.map((h) => h.toLowerCase()));
  const any = [
    authors,
    mentioned,
    parentUrls,
    rootParentUrls,
    parentHashes,
    parentAuthors,
    text,
    embeds,
    embeddedAuthors,
    embeddedHashes,
  ].some((x) => x !== undefined);
  return (e) => {
    if (e.type !== 'cast.created' && e.type !== 'cast.deleted') return false;
    const c = e.data;
    if (excluded?.has(c.author.fid)) return false;
    if (f.minimum_author_score !== undefined && authorScore(c) < f.minimum_author_score) return false;
    if (!any) return true;
    return (
      !!authors?.has(c.author.fid) ||
      (!!mentioned && mentionedFids(c).some((fid) => mentioned.has(fid))) ||
      (!!parentUrls && c.parent_url !== null && parentUrls.has(c.parent_url)) ||
      (!!rootParentUrls && !!c.root_parent_url && rootParentUrls.has(c.root_parent_url)) ||
      (!!parentHashes && c.parent_hash !== null && parentHashes.has(c.parent_hash)) ||
      (!!parentAuthors && c.parent_author.fid !== null && parentAuthors.has(c.parent_author.fid)) ||
      (!!text && text.test(c.text)) ||
      (!!embeds && c.embeds.some((m) => 'url' in m && typeof m.url === 'string' && embeds.test(m.url))) ||
      (!!embeddedAuthors && quoted(c).some((q) => embeddedAuthors.has(q.fid))) ||
      (!!embeddedHashes && quoted(c).some((q) => embeddedHashes.has(q.hash.toLowerCase())))
    );
  };
}

/** The score of a cast's author as the event's hydrated user carries it (0 when it carries none). */
const authorScore = (c: { author: object }): number =>
  'score' in c.author && typeof c.author.score === 'number' ? c.author.score : 0;

/** The casts a cast quotes: its embeds that name a cast. */
const quoted = (c: { embeds: readonly object[] }): { fid: number; hash: string }[] =>
  c.embeds.flatMap((m) => ('cast_id' in m && isCastId(m.cast_id) ? [m.cast_id] : []));
const isCastId = (v: unknown): v is { fid: number; hash: string } =>
  isRecord(v) && typeof v.fid === 'number' && typeof v.hash === 'string';

/** Every field given must hold: a trader among `fids`, at least so many USDC, at least that score. */
function compileTradeFilter(f: TradeFilter): CompiledFilter {
  const traders = setOf(f.fids);
  const { minimum_token_amount_usdc: minUsdc, minimum_trader_neynar_score: minScore } = f;
  return (e) => {
    if (e.type !== 'trade.created') return false;
    const { trader, transaction } = e.data;
    if (traders && (!trader || !traders.has(trader.fid))) return false;
    if (minScore !== undefined && (trader?.score ?? 0) < minScore) return false;
    if (minUsdc !== undefined) {
      const { receiving_fungible: got, sending_fungible: gave } = transaction.net_transfer;
      const usdc = [got, gave].find((b) => b.token.address === EMULATOR_USDC);
      if (Number(usdc?.balance.in_token ?? 0) < minUsdc) return false;
    }
    return true;
  };
}

/** Events carry the v2 Cast (CastWithInteractions), which lists the mentioned profiles. */
const mentionedFids = (c: object): number[] =>
  'mentioned_profiles' in c && Array.isArray(c.mentioned_profiles)
    ? c.mentioned_profiles.flatMap((u: unknown) => (isRecord(u) && typeof u.fid === 'number' ? [u.fid] : []))
    : [];
