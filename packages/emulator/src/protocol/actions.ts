import type { Message, MessageData } from '@farcaster/core';
import { mustSigner } from '../domain/accounts.js';
import { fromHex, isHex, toFarcasterTime } from '../ground/codec.js';
import { ValidationError } from '../ground/errors.js';
import { MessageType, ReactionType } from '../ground/types.js';
import { lastTimestampOfKey } from '../store/queries/messages.js';
import type { SignerRow } from '../store/queries/signers.js';
import type { Store } from '../store/store.js';
import { crdtKey } from './apply.js';
import { signMessageData } from './build.js';
import { type SubmitResult, submitMessage, submitMessages } from './submit.js';

/** A cast embed as callers give it: a URL or another cast. */
export type EmbedInput = { url: string } | { castId: { fid: number; hash: string } };

export interface CastAddIntent {
  text: string;
  embeds?: EmbedInput[];
  /** Reply to a cast... */
  parent?: { fid: number; hash: string };
  /** ...or post under a URL (a channel's url). */
  parentUrl?: string;
  mentions?: number[];
  mentionsPositions?: number[];
}

/**
 * Builds protocol messages for `fid` from plain intent and signs them with `privateKey`, without
 * submitting: an operation that writes several builds them all, then commits them together
 * (submitMessages). Each message is stamped after the last one with its CRDT key, counting those
 * built here and not committed yet, so a batch that touches one key twice still goes forward in time.
 */
export function messageBuilder(
  store: Store,
  fid: number,
  privateKey: Uint8Array,
  /** When the messages are made, unix ms; an import passes each one's time on the live network. */
  now: () => number = () => store.now(),
) {
  const issued = new Map<string, number>();
  const sign = (type: number, body: Partial<MessageData>): Message => {
    const data = { type, fid, timestamp: 0, network: 1, ...body } as MessageData;
    data.timestamp = nextTimestamp(store, data, issued, now());
    return signMessageData(data, privateKey);
  };

  const castId = (c: { fid: number; hash: string }, property: string) => {
    if (!isHex(c.hash, 20))
      throw new ValidationError(`${property} must be a 0x-prefixed 20-byte hex hash`, property);
    return { fid: c.fid, hash: fromHex(c.hash) };
  };
  const reactionTarget = (target: { fid: number; hash: string } | string) =>
    typeof target === 'string' ? { targetUrl: target } : { targetCastId: castId(target, 'target') };

  return {
    castAdd(intent: CastAddIntent) {
      return sign(MessageType.CastAdd, {
        castAddBody: {
          text: intent.text,
          type: Buffer.byteLength(intent.text) > 320 ? 1 : 0,
          embeds: (intent.embeds ?? []).map((e) =>
            'url' in e ? { url: e.url } : { castId: castId(e.castId, 'embeds.castId') },
          ),
          embedsDeprecated: [],
          mentions: intent.mentions ?? [],
          mentionsPositions: intent.mentionsPositions ?? [],
          ...(intent.parent ? { parentCastId: castId(intent.parent, 'parent') } : {}),
          ...(intent.parentUrl ? { parentUrl: intent.parentUrl } : {}),
        },
      });
    },
    castRemove(hash: string) {
      return sign(MessageType.CastRemove, {
        castRemoveBody: { targetHash: castId({ fid, hash }, 'target_hash').hash },
      });
    },
    reactionAdd(type: 'like' | 'recast', target: { fid: number; hash: string } | string) {
      return sign(MessageType.ReactionAdd, {
        reactionBody: { type: reactionType(type), ...reactionTarget(target) },
      });
    },
    reactionRemove(type: 'like' | 'recast', target: { fid: number; hash: string } | string) {
      return sign(MessageType.ReactionRemove, {
        reactionBody: { type: reactionType(type), ...reactionTarget(target) },
      });
    },
    follow(targetFid: number) {
      return sign(MessageType.LinkAdd, { linkBody: { type: 'follow', targetFid } });
    },
    unfollow(targetFid: number) {
      return sign(MessageType.LinkRemove, { linkBody: { type: 'follow', targetFid } });
    },
    /** type: protocol UserDataType number (see ground/types.ts). */
    userDataAdd(type: number, value: string) {
      return sign(MessageType.UserDataAdd, { userDataBody: { type, value } });
    },
    verificationRemove(address: string) {
      if (!isHex(address, 20))
        throw new ValidationError('address must be a 0x-prefixed eth address', 'address');
      return sign(MessageType.VerificationRemove, {
        verificationRemoveBody: { address: fromHex(address), protocol: 0 },
      });
    },
    /** Any message body built elsewhere (e.g. an EIP-712 verification add). */
    message(type: number, body: Partial<MessageData>) {
      return sign(type, body);
    },
  };
}

export type MessageBuilder = ReturnType<typeof messageBuilder>;

/**
 * Acts for a managed signer: `me.build` makes its signed messages; `me.castAdd(...)` and the other
 * single writes build one and submit it through the one write path; `me.submit(messages)` commits
 * several built ones all or nothing. What v2 write routes call.
 */
export function actAs(store: Store, signerUuid: string) {
  const signer = usableSigner(store, signerUuid);
  const build = messageBuilder(store, signer.fid!, new Uint8Array(signer.private_key!));
  const submitting =
    <A extends unknown[]>(make: (...args: A) => Message) =>
    (...args: A): Promise<SubmitResult> =>
      submitMessage(store, make(...args));

  return {
    fid: signer.fid!,
    signer,
    build,
    castAdd: submitting(build.castAdd),
    castRemove: submitting(build.castRemove),
    reactionAdd: submitting(build.reactionAdd),
    reactionRemove: submitting(build.reactionRemove),
    follow: submitting(build.follow),
    unfollow: submitting(build.unfollow),
    userDataAdd: submitting(build.userDataAdd),
    verificationRemove: submitting(build.verificationRemove),
    /** Submit a message built elsewhere (e.g. an EIP-712 verification add) with this signer's key. */
    signAndSubmit: submitting(build.message),
    /** Commits messages from `build` all or nothing. */
    submit(messages: readonly Message[]): Promise<SubmitResult[]> {
      return submitMessages(store, messages);
    },
  };
}

export type Actor = ReturnType<typeof actAs>;

function reactionType(type: 'like' | 'recast'): number {
  if (type === 'like') return ReactionType.Like;
  if (type === 'recast') return ReactionType.Recast;
  throw new ValidationError(`reaction_type must be like or recast`, 'reaction_type');
}

/**
 * The approved signer with this uuid: enough for writes that need no signature (marking
 * notifications seen), so it does not ask for the private key.
 */
export function approvedSigner(store: Store, signerUuid: string): SignerRow & { fid: number } {
  const signer = mustSigner(store, signerUuid);
  if (signer.status !== 'approved' || signer.fid === null) {
    throw new ValidationError(`signer ${signerUuid} is ${signer.status}, not approved`, 'signer_uuid');
  }
  return signer as SignerRow & { fid: number };
}

/** An approved signer the emulator can sign with: it holds the private key. */
function usableSigner(store: Store, signerUuid: string): SignerRow {
  const signer = approvedSigner(store, signerUuid);
  if (!signer.private_key) {
    throw new ValidationError(`signer ${signerUuid} is not managed by the emulator`, 'signer_uuid');
  }
  return signer;
}

/**
 * Timestamps have one-second resolution, and per CRDT key the later message wins; so a message
 * is stamped now, or one second after the last message with its key (stored, or `issued` and not
 * stored yet) when that is not earlier (a remove right after an add). Other keys do not hold it
 * back: a burst of likes of different casts all carry the same second.
 */
function nextTimestamp(store: Store, data: MessageData, issued: Map<string, number>, at: number): number {
  const now = toFarcasterTime(at);
  const key = crdtKey(data);
  if (key === null) return now;
  const stored = lastTimestampOfKey(store, data.fid, key);
  const last = Math.max(stored ?? -1, issued.get(key) ?? -1);
  const stamp = last < 0 ? now : Math.max(now, last + 1);
  issued.set(key, stamp);
  return stamp;
}
