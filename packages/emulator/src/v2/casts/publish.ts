// publishCast's request body to a protocol CastAdd: "@username" mentions, embeds given as URLs or
// cast ids, a parent given as a cast hash or a URL, and a channel id standing for its parent URL.
import type { PostCastReqBodyEmbeds, PostCastResponse } from '@castkit/sdk/2.x';
import type { V2Params } from '../../api/dispatch.js';
import { castHashParam } from '../../api/params.js';
import { idempotent } from '../../domain/idempotency.js';
import { storedAssetUrl } from '../../ground/absolute-url.js';
import { isHex, toHex } from '../../ground/codec.js';
import { NotFoundError, ValidationError } from '../../ground/errors.js';
import { requireCast } from '../../hydrate/cast-rows.js';
import { extractMentions } from '../../hydrate/cast-text.js';
import { requireChannel } from '../../hydrate/channel.js';
import { actAs, type EmbedInput } from '../../protocol/actions.js';
import { commitMessages, validateMessages } from '../../protocol/submit.js';
import { liveCastAuthor } from '../../store/queries/casts.js';
import { localHashFor } from '../../store/queries/imports.js';
import { fidByUsername } from '../../store/queries/users.js';
import type { Store } from '../../store/store.js';

/** publishCast's answers by idem key, per signer. */
const CAST_ANSWERS = idempotent<PostCastResponse>();

/** `origin`: the server's as the caller reached it, whose asset URLs (catalogue apps, images) embeds may name. */
export async function publishCast(
  store: Store,
  params: V2Params<'publishCast'>,
  origin: string,
): Promise<PostCastResponse> {
  const signerUuid = params.signer_uuid;
  const idem = params.idem || undefined;
  const request = {
    text: params.text,
    embeds: params.embeds,
    parent: params.parent,
    channel_id: params.channel_id,
  };
  const me = actAs(store, signerUuid);
  const scope = `cast:${signerUuid}`;
  const earlier = idem ? CAST_ANSWERS.recall(store, scope, idem, request) : undefined;
  if (earlier) return earlier;

  const text = params.text ?? '';
  const embeds = readEmbeds(store, params.embeds, origin);
  if (!text && !embeds.length) throw new ValidationError('a cast needs text or embeds', 'text');

  let parent: { fid: number; hash: string } | undefined;
  let parentUrl: string | undefined;
  if (params.parent) {
    const target = castOrUrl(store, params.parent, 'parent');
    if (typeof target === 'string') parentUrl = target;
    else parent = target;
  }
  if (!parent && !parentUrl && params.channel_id) {
    parentUrl = requireChannel(store, params.channel_id, 'channel_id').url;
  }

  const m = extractMentions(text, (name) => fidByUsername(store, name));
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
    const twin = idem ? CAST_ANSWERS.recall(store, scope, idem, request) : undefined;
    if (twin) return twin;
    commitMessages(store, validated);
    if (idem) CAST_ANSWERS.remember(store, scope, idem, request, response);
    return response;
  });
}

/** The request schema has checked the embeds' shape and count; what is left is what it cannot say. */
function readEmbeds(store: Store, embeds: PostCastReqBodyEmbeds[] = [], origin: string): EmbedInput[] {
  const seeded = store.getMeta('asset_origin');
  return embeds.map((e, i): EmbedInput => {
    if ('url' in e) {
      if (!isHttpUrl(e.url)) {
        throw new ValidationError(`embeds[${i}].url must be an http(s) URL`, `embeds[${i}].url`);
      }
      // Stored as the seeded rows are (the seeding origin's), so the cast meets the catalogue app or
      // image it names; answers show it with the caller's origin again.
      return { url: storedAssetUrl(e.url, origin, seeded) };
    }
    const [key, id] = 'cast_id' in e ? ['cast_id', e.cast_id] : ['castId', e.castId];
    const hash = localHashFor(store, castHashParam(id.hash, `embeds[${i}].${key}.hash`));
    const fid = liveCastAuthor(store, hash);
    if (fid === undefined) throw new NotFoundError(`embedded cast ${hash} not found`, `embeds[${i}].${key}`);
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
