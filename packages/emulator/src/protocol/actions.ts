import type { MessageData } from '@farcaster/core';
import { mustSigner, type SignerRow } from '../store/accounts.js';
import type { Store } from '../store/store.js';
import { crdtKey } from './apply.js';
import { signMessageData } from './build.js';
import { fromHex, isHex, toFarcasterTime } from './codec.js';
import { ValidationError } from './errors.js';
import { type SubmitResult, submitMessage } from './submit.js';
import { MessageType, ReactionType } from './types.js';

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
 * Acts for a managed signer: builds the protocol message from plain intent, signs it with the
 * signer's stored key and submits it through the one write path. What v2 write routes call.
 */
export function actAs(store: Store, signerUuid: string) {
  const signer = usableSigner(store, signerUuid);
  const fid = signer.fid!;
  const key = new Uint8Array(signer.private_key!);

  const send = (type: number, body: Partial<MessageData>): Promise<SubmitResult> => {
    const data = { type, fid, timestamp: 0, network: 1, ...body } as MessageData;
    data.timestamp = nextTimestamp(store, data);
    return submitMessage(store, signMessageData(data, key));
  };

  const castId = (c: { fid: number; hash: string }, property: string) => {
    if (!isHex(c.hash, 20))
      throw new ValidationError(`${property} must be a 0x-prefixed 20-byte hex hash`, property);
    return { fid: c.fid, hash: fromHex(c.hash) };
  };
  const reactionTarget = (target: { fid: number; hash: string } | string) =>
    typeof target === 'string' ? { targetUrl: target } : { targetCastId: castId(target, 'target') };

  return {
    fid,
    signer,
    castAdd(intent: CastAddIntent) {
      return send(MessageType.CastAdd, {
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
      return send(MessageType.CastRemove, {
        castRemoveBody: { targetHash: castId({ fid, hash }, 'target_hash').hash },
      });
    },
    reactionAdd(type: 'like' | 'recast', target: { fid: number; hash: string } | string) {
      return send(MessageType.ReactionAdd, {
        reactionBody: { type: reactionType(type), ...reactionTarget(target) },
      });
    },
    reactionRemove(type: 'like' | 'recast', target: { fid: number; hash: string } | string) {
      return send(MessageType.ReactionRemove, {
        reactionBody: { type: reactionType(type), ...reactionTarget(target) },
      });
    },
    follow(targetFid: number) {
      return send(MessageType.LinkAdd, { linkBody: { type: 'follow', targetFid } });
    },
    unfollow(targetFid: number) {
      return send(MessageType.LinkRemove, { linkBody: { type: 'follow', targetFid } });
    },
    /** type: protocol UserDataType number (see protocol/types.ts). */
    userDataAdd(type: number, value: string) {
      return send(MessageType.UserDataAdd, { userDataBody: { type, value } });
    },
    verificationRemove(address: string) {
      if (!isHex(address, 20))
        throw new ValidationError('address must be a 0x-prefixed eth address', 'address');
      return send(MessageType.VerificationRemove, {
        verificationRemoveBody: { address: fromHex(address), protocol: 0 },
      });
    },
    /** Submit a message built elsewhere (e.g. an EIP-712 verification add) with this signer's key. */
    signAndSubmit(type: number, body: Partial<MessageData>) {
      return send(type, body);
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
 * is stamped now, or one second after the last message with its key when that is not earlier
 * (a remove right after an add). Other keys do not hold it back: a burst of likes of different
 * casts all carry the same second.
 */
function nextTimestamp(store: Store, data: MessageData): number {
  const now = toFarcasterTime(store.now());
  const key = crdtKey(data);
  if (key === null) return now;
  const last = store
    .stmt('SELECT MAX(timestamp) FROM messages WHERE fid = ? AND crdt_key = ?')
    .pluck()
    .get(data.fid, key) as number | null;
  return last === null ? now : Math.max(now, last + 1);
}
