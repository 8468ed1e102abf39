// Frame actions: posting an action to a frame's post_url as a signed FrameAction message (from a
// managed signer, or a packet the developer signed), validating such a message (which records the
// interaction), analytics over what was recorded, and pay frames.
import { randomUUID } from 'node:crypto';
import type { Frame, FrameAction, TransactionFramePay } from '@castkit/sdk/2.x';
import type { V2Handlers } from '../../api/dispatch.js';
import { fromHex, isHex, messageHash, toFarcasterTime, toHex } from '../../ground/codec.js';
import { NotFoundError, ValidationError } from '../../ground/errors.js';
import { ed25519Verify } from '../../ground/keys.js';
import { MessageType } from '../../ground/types.js';
import { hydrateCasts } from '../../hydrate/cast.js';
import { requireCast } from '../../hydrate/cast-rows.js';
import { hydrateUser, requireUser, userDehydrated } from '../../hydrate/user.js';
import { postJson } from '../../miniapps/fetch-page.js';
import { frameFromTags, metaTags } from '../../miniapps/meta-tags.js';
import { actAs } from '../../protocol/actions.js';
import { signMessageData } from '../../protocol/build.js';
import { farcasterCore } from '../../protocol/core.js';
import {
  type DecodedMessage,
  decodeMessageBytes,
  normalize,
  validateState,
} from '../../protocol/validate.js';
import { isoTime } from '../../store/clock.js';
import {
  type FrameActionRow,
  frameActionsBetween,
  insertPayFrame,
  payFrameBody,
  payFrameByIdem,
  recordFrameAction,
  type StoredPayFrame,
  validatedFrameUrls,
} from '../../store/queries/frames.js';
import { fromJson, type Json, toJson } from '../../store/statements.js';
import type { Store } from '../../store/store.js';

const NETWORK_MAINNET = 1;
const WINDOWS_MS: Record<string, number> = {
  '10s': 10_000,
  '1m': 60_000,
  '2m': 120_000,
  '5m': 300_000,
  '10m': 600_000,
  '20m': 1_200_000,
  '30m': 1_800_000,
  '2h': 7_200_000,
  '12h': 43_200_000,
  '1d': 86_400_000,
  '7d': 604_800_000,
};
export const PAY_PATH = '/_emulator/pay/';

export const frameActionHandlers: V2Handlers = {
  async postFrameAction({ store, params }) {
    const me = actAs(store, params.signer_uuid);
    const { action } = params;
    const cast = params.cast_hash ? requireCast(store, params.cast_hash, 'cast_hash') : undefined;
    const message = signMessageData(
      {
        type: MessageType.FrameAction,
        fid: me.fid,
        timestamp: toFarcasterTime(store.now()),
        network: NETWORK_MAINNET,
        frameActionBody: {
          url: new TextEncoder().encode(action.frames_url),
          buttonIndex: action.button.index,
          castId: cast ? { fid: cast.fid, hash: fromHex(cast.hash) } : undefined,
          inputText: new TextEncoder().encode(action.input?.text ?? ''),
          state: new TextEncoder().encode(action.state?.serialized ?? ''),
          transactionId: new Uint8Array(),
          address: new Uint8Array(),
        },
      } as never,
      new Uint8Array(me.signer.private_key!),
    );
    const packet = {
      untrustedData: {
        fid: me.fid,
        url: action.frames_url,
        messageHash: toHex(message.hash),
        timestamp: store.now(),
        network: NETWORK_MAINNET,
        buttonIndex: action.button.index,
        inputText: action.input?.text,
        state: action.state?.serialized,
        ...(cast ? { castId: { fid: cast.fid, hash: cast.hash } } : {}),
      },
      trustedData: { messageBytes: Buffer.from(encodeMessage(message)).toString('hex') },
    };
    return nextFrame(store, action, packet);
  },

  postFrameActionDeveloperManaged({ store, params }) {
    if (params.cast_hash) requireCast(store, params.cast_hash, 'cast_hash');
    if (!params.signature_packet.trustedData.messageBytes) {
      throw new ValidationError(
        'signature_packet.trustedData.messageBytes is required',
        'signature_packet.trustedData.messageBytes',
        'RequiredField',
      );
    }
    return nextFrame(store, params.action, params.signature_packet);
  },

  validateFrameAction({ store, params, origin }) {
    const m = frameActionMessage(store, params.message_bytes_in_hex);
    const body = m.data.frameActionBody!;
    const url = new TextDecoder().decode(body.url);
    const castId = body.castId;
    const castHash = castId ? toHex(castId.hash) : undefined;
    const cast = castHash
      ? hydrateCasts(store, [castHash], { origin, viewerFid: m.data.fid }).get(castHash)
      : undefined;
    if (!cast) throw new NotFoundError('the action names no cast the emulator knows', 'message_bytes_in_hex');
    const inputText = new TextDecoder().decode(body.inputText);
    const state = new TextDecoder().decode(body.state);
    const ts = store.now();
    recordFrameAction(store, {
      frame_url: url,
      fid: m.data.fid,
      cast_hash: castHash ?? null,
      cast_fid: castId?.fid ?? null,
      button_index: body.buttonIndex,
      input_text: inputText || null,
      ts,
    });
    return {
      valid: true,
      action: {
        object: 'validated_frame_action',
        url,
        interactor: hydrateUser(store, m.data.fid, { origin }),
        tapped_button: { index: body.buttonIndex },
        ...(inputText ? { input: { text: inputText } } : {}),
        state: { serialized: state },
        cast,
        timestamp: isoTime(ts),
      },
    };
  },

  fetchValidateFrameList({ store }) {
    return { frames: validatedFrameUrls(store).filter(isUrl) };
  },

  fetchValidateFrameAnalytics({ store, params }) {
    const start = instant(params.start, 'start');
    const stop = instant(params.stop, 'stop');
    if (stop <= start) throw new ValidationError('stop must be after start', 'stop');
    const actions = frameActionsBetween(store, params.frame_url, start, stop);
    const names = userDehydrated(
      store,
      actions.map((a) => a.fid),
      '',
    );
    const username = (fid: number) => names.get(fid)?.username ?? `!${fid}`;
    switch (params.analytics_type) {
      case 'total-interactors':
        return { total_interactors: new Set(actions.map((a) => a.fid)).size };
      case 'interactors': {
        const counts = countBy(actions, (a) => a.fid);
        return {
          interactors: [...counts]
            .sort((a, b) => b[1] - a[1] || a[0] - b[0])
            .map(([fid, n]) => ({ fid, username: username(fid), interaction_count: n })),
        };
      }
      case 'input-text':
        return {
          input_texts: actions
            .filter((a) => a.input_text)
            .map((a) => ({ fid: a.fid, username: username(a.fid), input_text: a.input_text! })),
        };
      case 'interactions-per-cast': {
        if (!params.aggregate_window) {
          throw new ValidationError(
            'aggregate_window is required for interactions-per-cast',
            'aggregate_window',
            'RequiredField',
          );
        }
        return {
          interactions_per_cast: perCast(actions, start, WINDOWS_MS[params.aggregate_window]!, username),
        };
      }
    }
  },

  createTransactionPayFrame({ store, params, origin }) {
    if (params.idem) {
      const earlier = payFrameByIdem(store, params.idem);
      if (earlier) return { transaction_frame: payFrame(earlier, origin) };
    }
    for (const [i, fid] of (params.config.allowlist_fids ?? []).entries()) {
      requireUser(store, fid, `config.allowlist_fids[${i}]`);
    }
    const id = randomUUID().replaceAll('-', '').slice(0, 16);
    const stored: Omit<TransactionFramePay, 'url'> = {
      id,
      type: 'pay',
      config: params.config,
      status: 'created',
      transaction: { to: { ...params.transaction.to, address: params.transaction.to.address.toLowerCase() } },
    };
    insertPayFrame(store, id, toJson(stored), params.idem ?? null, store.now());
    return { transaction_frame: payFrame(toJson(stored), origin) };
  },

  getTransactionPayFrame({ store, params, origin }) {
    const body = payFrameBody(store, params.id);
    if (!body) throw new NotFoundError(`no transaction pay frame with id ${params.id}`, 'id');
    return { transaction_frame: payFrame(body, origin) };
  },
};

function payFrame(stored: Json<StoredPayFrame>, origin: string): TransactionFramePay {
  const frame = fromJson(stored);
  return { ...frame, url: `${origin}${PAY_PATH}${frame.id}` };
}

/**
 * POSTs the signature packet to the frame's post_url and reads the next frame from the answer. A
 * post_redirect button's answer is a redirect the client sends the user to (frames v1), so it is
 * handed back unfollowed: the frame's launch URL and the button's target are where it points.
 */
async function nextFrame(store: Store, action: FrameAction, packet: unknown): Promise<Frame> {
  const redirects = action.button.action_type === 'post_redirect';
  const answer = await postJson(store, action.post_url, 'action.post_url', packet, !redirects);
  if ('location' in answer) {
    return {
      version: 'vNext',
      image: action.image ?? '',
      frames_url: answer.location,
      ...(action.title ? { title: action.title } : {}),
      buttons: [{ ...action.button, target: answer.location }],
      post_url: action.post_url,
    };
  }
  if (redirects) {
    throw new ValidationError(
      `${action.post_url} answered a post_redirect button without a redirect (frames answer those with 302 and a Location)`,
      'action.post_url',
    );
  }
  const frame = frameFromTags(metaTags(answer.html), answer.url);
  if (!frame)
    throw new ValidationError(`${action.post_url} answered without frame meta tags`, 'action.post_url');
  return frame;
}

/** The signature packet carries the whole protobuf Message, as clients send it. */
const encodeMessage = (m: ReturnType<typeof signMessageData>): Uint8Array =>
  farcasterCore().Message.encode(m).finish();

/** A FrameAction message from hex, its hash and signature checked and its signer an active key. */
function frameActionMessage(store: Store, hex: string): DecodedMessage {
  const property = 'message_bytes_in_hex';
  const clean = hex.startsWith('0x') ? hex : `0x${hex}`;
  if (!isHex(clean) || clean.length < 4) throw new ValidationError(`${property} must be hex`, property);
  let m: DecodedMessage;
  try {
    m = normalize(decodeMessageBytes(fromHex(clean)));
  } catch {
    throw new ValidationError(`${property} is not a Farcaster message`, property);
  }
  if (m.data.type !== MessageType.FrameAction || !m.data.frameActionBody) {
    throw new ValidationError(`${property} is not a frame action message`, property);
  }
  if (toHex(messageHash(m.dataBytes)) !== toHex(m.hash)) {
    throw new ValidationError(`${property}: the hash does not match the message data`, property);
  }
  if (!ed25519Verify(m.signature, m.hash, m.signer)) {
    throw new ValidationError(`${property}: the signature does not verify`, property);
  }
  validateState(store, m);
  return m;
}

function instant(value: string, property: string): number {
  const t = Date.parse(value);
  if (Number.isNaN(t)) throw new ValidationError(`${property} must be an ISO date-time`, property);
  return t;
}

function isUrl(s: string): boolean {
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
}

function countBy<T, K>(items: readonly T[], key: (t: T) => K): Map<K, number> {
  const out = new Map<K, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return out;
}

function perCast(
  actions: FrameActionRow[],
  start: number,
  windowMs: number,
  username: (fid: number) => string,
) {
  const buckets = new Map<string, { from: number; hash: string; fid: number; n: number }>();
  for (const a of actions) {
    if (!a.cast_hash) continue;
    const from = start + Math.floor((a.ts - start) / windowMs) * windowMs;
    const key = `${from} ${a.cast_hash}`;
    const b = buckets.get(key) ?? { from, hash: a.cast_hash, fid: a.cast_fid ?? 0, n: 0 };
    b.n++;
    buckets.set(key, b);
  }
  return [...buckets.values()].map((b) => ({
    start: isoTime(b.from),
    stop: isoTime(b.from + windowMs),
    time: isoTime(b.from),
    interaction_count: b.n,
    cast_url: `https://warpcast.com/${username(b.fid)}/${b.hash.slice(0, 10)}`,
  }));
}
