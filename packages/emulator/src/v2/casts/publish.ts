// publishCast's request body to a protocol CastAdd: "@username" mentions, embeds given as URLs or
// cast ids, a parent given as a cast hash or a URL, and a channel id standing for its parent URL.
import type { PostCastResponse } from '@castkit/sdk';
import type { Params } from '../../api/params.js';
import { actAs, type EmbedInput } from '../../protocol/actions.js';
import { isHex, toHex } from '../../protocol/codec.js';
import { NotFoundError, ValidationError } from '../../protocol/errors.js';
import { commitMessages, validateMessages } from '../../protocol/submit.js';
import { recall, remember } from '../../store/idempotency.js';
import type { Store } from '../../store/store.js';
import { castHashParam, requireCast } from '../hydrate/cast-rows.js';
import { extractMentions } from '../hydrate/cast-text.js';
import { requireChannel } from '../hydrate/channel.js';

const MAX_EMBEDS = 2;

export async function publishCast(store: Store, params: Params): Promise<PostCastResponse> {
  const signerUuid = params.signer_uuid as string;
  const idem = typeof params.idem === 'string' && params.idem ? params.idem : undefined;
  const request = {
    text: params.text,
    embeds: params.embeds,
    parent: params.parent,
    channel_id: params.channel_id,
  };
  const me = actAs(store, signerUuid);
  const scope = `cast:${signerUuid}`;
  const earlier = idem ? recall<PostCastResponse>(store, scope, idem, request) : undefined;
  if (earlier) return earlier;

  const text = typeof params.text === 'string' ? params.text : '';
  const embeds = readEmbeds(store, params.embeds);
  if (!text && !embeds.length) throw new ValidationError('a cast needs text or embeds', 'text');

  let parent: { fid: number; hash: string } | undefined;
  let parentUrl: string | undefined;
  if (typeof params.parent === 'string' && params.parent) {
    const target = castOrUrl(store, params.parent, 'parent');
    if (typeof target === 'string') parentUrl = target;
    else parent = target;
  }
  if (!parent && !parentUrl && typeof params.channel_id === 'string' && params.channel_id) {
    parentUrl = requireChannel(store, params.channel_id, 'channel_id').url;
  }

  const byName = store.stmt('SELECT fid FROM users WHERE username = ?');
  const m = extractMentions(text, (name) => byName.pluck().get(name) as number | undefined);
  const message = me.build.castAdd({
    text: m.text,
    embeds,
    mentions: m.mentions,
    mentionsPositions: m.positions,
    ...(parent ? { parent } : {}),
    ...(parentUrl ? { parentUrl } : {}),
  });
  const response: PostCastResponse = {
    success: true,
    cast: { hash: toHex(message.hash), author: { fid: me.fid }, text },
  };
  const validated = await validateMessages(store, [message]);
  // The idem record commits with the cast or neither does. The key is looked up again inside the
  // transaction: a concurrent retry may have committed while this one was being validated, and then
  // this one answers as any retry does, writing nothing.
  return store.tx(() => {
    const twin = idem ? recall<PostCastResponse>(store, scope, idem, request) : undefined;
    if (twin) return twin;
    commitMessages(store, validated);
    if (idem) remember(store, scope, idem, request, response);
    return response;
  });
}

function readEmbeds(store: Store, value: unknown): EmbedInput[] {
  if (value === undefined || value === null) return [];
  const list = value as unknown[];
  if (list.length > MAX_EMBEDS)
    throw new ValidationError(`embeds takes at most ${MAX_EMBEDS} items`, 'embeds');
  return list.map((raw, i): EmbedInput => {
    const e = (raw ?? {}) as Record<string, unknown>;
    if (typeof raw !== 'object' || raw === null)
      throw new ValidationError(`embeds[${i}] must be an object`, 'embeds');
    if (typeof e.url === 'string') {
      if (!isHttpUrl(e.url)) throw new ValidationError(`embeds[${i}].url must be an http(s) URL`, 'embeds');
      return { url: e.url };
    }
    const id = (e.cast_id ?? e.castId) as { fid?: unknown; hash?: unknown } | undefined;
    if (!id || typeof id !== 'object') {
      throw new ValidationError(`embeds[${i}] must have a url or a cast_id`, 'embeds');
    }
    const hash = castHashParam(id.hash, `embeds[${i}].cast_id.hash`);
    const fid = store.stmt('SELECT fid FROM casts WHERE hash = ? AND deleted = 0').pluck().get(hash) as
      | number
      | undefined;
    if (fid === undefined) throw new NotFoundError(`embedded cast ${hash} not found`, 'embeds');
    return { castId: { fid, hash } };
  });
}

/**
 * A request value that names either a cast (by hash; it must be live) or a URL, as a cast's parent
 * and a reaction's target do: the cast's id, or the URL itself.
 */
export function castOrUrl(
  store: Store,
  value: string,
  property: string,
): { fid: number; hash: string } | string {
  if (isHex(value)) {
    const row = requireCast(store, castHashParam(value, property), property);
    return { fid: row.fid, hash: row.hash };
  }
  if (isHttpUrl(value)) return value;
  throw new ValidationError(`${property} must be a cast hash or an http(s) URL`, property);
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
