import type { Hub } from '@castkit/sdk/2.x';
import type { MessageData } from '@farcaster/core';
import type {
  HubLinkBody,
  HubUserDataBody,
  HubUserDataType,
  HubUserNameProof,
  HubUserNameType,
} from '../api/spec-differences.js';
import { toBase64, toHex } from '../ground/codec.js';
import { NotFoundError } from '../ground/errors.js';
import { ed25519Sign } from '../ground/keys.js';
import { MessageType, UserDataType } from '../ground/types.js';
import { farcasterCore } from '../protocol/core.js';
import { type MessageRow, messageByHash, setMessageSignature } from '../store/queries/messages.js';
import { signerPrivateKey } from '../store/queries/signers.js';
import type { Store } from '../store/store.js';

/** A stored message; bulk-seeded rows are signed here on first read and the signature kept. */
export function loadMessage(store: Store, hash: string): MessageRow {
  const row = messageByHash(store, hash);
  if (!row) throw new NotFoundError(`message ${hash} not found`, 'hash');
  if (!row.signature) {
    const key = signerPrivateKey(store, row.signer);
    if (!key) throw new Error(`no key to sign deferred message ${hash}`);
    row.signature = Buffer.from(ed25519Sign(new Uint8Array(key), Buffer.from(row.hash.slice(2), 'hex')));
    setMessageSignature(store, hash, row.signature);
  }
  return row;
}

/** The canonical protobuf Message bytes of a stored message. */
export function messageBytes(row: MessageRow): Uint8Array {
  // data is left out: hubs read data from dataBytes, which is what the hash and signature cover.
  return farcasterCore()
    .Message.encode({
      data: undefined,
      hash: Buffer.from(row.hash.slice(2), 'hex'),
      hashScheme: 1,
      signature: row.signature ?? new Uint8Array(),
      signatureScheme: 1,
      signer: Buffer.from(row.signer.slice(2), 'hex'),
      dataBytes: row.data_bytes,
    })
    .finish();
}

type Common = Hub.MessageDataCommon & { type: Hub.MessageType };
type Protocol = 'PROTOCOL_ETHEREUM' | 'PROTOCOL_SOLANA';

/** MessageData as hubs render it: the common fields and the one body of its message type. */
export type RenderedData =
  | (Common & { castAddBody: Hub.CastAddBody & { type: 'CAST' | 'LONG_CAST' | 'TEN_K_CAST' } })
  // The spec puts targetHash on data; hubs nest it in castRemoveBody. Both, so either reader works.
  | (Common & { targetHash: string; castRemoveBody: { targetHash: string } })
  | (Common & { reactionBody: Hub.ReactionBody })
  | (Common & { linkBody: HubLinkBody })
  | (Common & { userDataBody: HubUserDataBody })
  | (Common & { verificationAddEthAddressBody: Hub.VerificationAddEthAddressBody & { protocol: Protocol } })
  | (Common & { verificationRemoveBody: Hub.VerificationRemoveBody & { protocol: Protocol } })
  | (Common & { usernameProofBody: HubUserNameProof });

type KeysOf<T> = T extends unknown ? keyof T : never;

/** The body keys of RenderedData, one per kind of message. */
export type BodyKey = Exclude<KeysOf<RenderedData>, keyof Common | 'targetHash'>;

export type RenderedMessage<D extends RenderedData = RenderedData> = Hub.MessageCommon & { data: D };

/** A message of the kind whose body sits under `K`. */
export type MessageWith<K extends BodyKey> = RenderedMessage<Extract<RenderedData, Record<K, unknown>>>;

/** Hub JSON form of a stored message, shaped as hub-v1.yaml's Message schema. */
export function renderMessage(row: MessageRow): RenderedMessage {
  return {
    data: renderData(farcasterCore().MessageData.decode(row.data_bytes)),
    hash: row.hash,
    hashScheme: 'HASH_SCHEME_BLAKE3',
    signature: toBase64(row.signature ?? new Uint8Array()),
    signatureScheme: 'SIGNATURE_SCHEME_ED25519',
    signer: row.signer,
  };
}

export const renderStored = (store: Store, hash: string) => renderMessage(loadMessage(store, hash));

/**
 * A stored message the caller knows the kind of (it read the hash from that kind's table), as
 * that kind; a message of another kind here is a bug in the caller.
 */
export function renderStoredAs<K extends BodyKey>(store: Store, hash: string, body: K): MessageWith<K> {
  const message = renderStored(store, hash);
  if (!isMessageWith(message, body)) throw new Error(`message ${hash} has no ${body}`);
  return message;
}

const isMessageWith = <K extends BodyKey>(m: RenderedMessage, body: K): m is MessageWith<K> => body in m.data;

const castId = (c: { fid: number; hash: Uint8Array }) => ({ fid: c.fid, hash: toHex(c.hash) });
const REACTION_TYPES: Record<number, Hub.ReactionType> = { 1: 'Like', 2: 'Recast' };

const MESSAGE_TYPES: Record<number, Hub.MessageType> = {
  [MessageType.CastAdd]: 'MESSAGE_TYPE_CAST_ADD',
  [MessageType.CastRemove]: 'MESSAGE_TYPE_CAST_REMOVE',
  [MessageType.ReactionAdd]: 'MESSAGE_TYPE_REACTION_ADD',
  [MessageType.ReactionRemove]: 'MESSAGE_TYPE_REACTION_REMOVE',
  [MessageType.LinkAdd]: 'MESSAGE_TYPE_LINK_ADD',
  [MessageType.LinkRemove]: 'MESSAGE_TYPE_LINK_REMOVE',
  [MessageType.VerificationAdd]: 'MESSAGE_TYPE_VERIFICATION_ADD_ETH_ADDRESS',
  [MessageType.VerificationRemove]: 'MESSAGE_TYPE_VERIFICATION_REMOVE',
  [MessageType.UserDataAdd]: 'MESSAGE_TYPE_USER_DATA_ADD',
  [MessageType.UsernameProof]: 'MESSAGE_TYPE_USERNAME_PROOF',
  [MessageType.FrameAction]: 'MESSAGE_TYPE_FRAME_ACTION',
};

const USER_DATA_TYPES: Record<number, HubUserDataType> = {
  [UserDataType.Pfp]: 'USER_DATA_TYPE_PFP',
  [UserDataType.Display]: 'USER_DATA_TYPE_DISPLAY',
  [UserDataType.Bio]: 'USER_DATA_TYPE_BIO',
  [UserDataType.Url]: 'USER_DATA_TYPE_URL',
  [UserDataType.Username]: 'USER_DATA_TYPE_USERNAME',
  [UserDataType.Location]: 'USER_DATA_TYPE_LOCATION',
  [UserDataType.Twitter]: 'USER_DATA_TYPE_TWITTER',
  [UserDataType.Github]: 'USER_DATA_TYPE_GITHUB',
  [UserDataType.Banner]: 'USER_DATA_TYPE_BANNER',
  // The protocol's own names for these two (no TYPE_ in them).
  [UserDataType.PrimaryAddressEthereum]: 'USER_DATA_PRIMARY_ADDRESS_ETHEREUM',
  [UserDataType.PrimaryAddressSolana]: 'USER_DATA_PRIMARY_ADDRESS_SOLANA',
};

const USER_NAME_TYPES: Record<number, HubUserNameType> = {
  1: 'USERNAME_TYPE_FNAME',
  2: 'USERNAME_TYPE_ENS_L1',
  3: 'USERNAME_TYPE_BASENAME',
};

/** A protocol enum value by its hub name; the write path only stores values these tables name. */
function named<T>(table: Record<number, T>, value: number, what: string): T {
  const name = table[value];
  if (name === undefined) throw new Error(`no hub name for ${what} ${value}`);
  return name;
}

const protocolOf = (protocol: number | undefined): Protocol =>
  protocol === 1 ? 'PROTOCOL_SOLANA' : 'PROTOCOL_ETHEREUM';

function solanaOrHex(bytes: Uint8Array, protocol: number | undefined): string {
  if (protocol === 1) {
    const r = farcasterCore().bytesToBase58(bytes);
    return r.isOk() ? r.value : toHex(bytes);
  }
  return toHex(bytes);
}

export function renderData(d: MessageData): RenderedData {
  const common: Common = {
    type: named(MESSAGE_TYPES, d.type, 'message type'),
    fid: d.fid,
    timestamp: d.timestamp,
    network: 'FARCASTER_NETWORK_MAINNET',
  };
  if (d.castAddBody) {
    const b = d.castAddBody;
    return {
      ...common,
      castAddBody: {
        embedsDeprecated: b.embedsDeprecated,
        mentions: b.mentions,
        ...(b.parentCastId ? { parentCastId: castId(b.parentCastId) } : {}),
        ...(b.parentUrl !== undefined ? { parentUrl: b.parentUrl } : {}),
        text: b.text,
        mentionsPositions: b.mentionsPositions,
        embeds: b.embeds.map((e) => (e.castId ? { castId: castId(e.castId) } : { url: e.url ?? '' })),
        type: b.type === 1 ? 'LONG_CAST' : b.type === 2 ? 'TEN_K_CAST' : 'CAST',
      },
    };
  }
  if (d.castRemoveBody) {
    const targetHash = toHex(d.castRemoveBody.targetHash);
    return { ...common, castRemoveBody: { targetHash }, targetHash };
  }
  if (d.reactionBody) {
    const b = d.reactionBody;
    return {
      ...common,
      reactionBody: {
        type: REACTION_TYPES[b.type] ?? 'Like',
        ...(b.targetCastId ? { targetCastId: castId(b.targetCastId) } : {}),
        ...(b.targetUrl !== undefined ? { targetUrl: b.targetUrl } : {}),
      },
    };
  }
  if (d.linkBody) {
    const b = d.linkBody;
    // The write path refuses links without a target.
    if (b.targetFid === undefined) throw new Error('link message without targetFid');
    return {
      ...common,
      linkBody: {
        type: b.type,
        targetFid: b.targetFid,
        ...(b.displayTimestamp !== undefined ? { displayTimestamp: b.displayTimestamp } : {}),
      },
    };
  }
  if (d.userDataBody) {
    const { type, value } = d.userDataBody;
    return { ...common, userDataBody: { type: named(USER_DATA_TYPES, type, 'user data type'), value } };
  }
  if (d.verificationAddAddressBody) {
    const b = d.verificationAddAddressBody;
    return {
      ...common,
      verificationAddEthAddressBody: {
        address: solanaOrHex(b.address, b.protocol),
        ethSignature: toBase64(b.claimSignature),
        blockHash: solanaOrHex(b.blockHash, b.protocol),
        protocol: protocolOf(b.protocol),
      },
    };
  }
  if (d.verificationRemoveBody) {
    const b = d.verificationRemoveBody;
    return {
      ...common,
      verificationRemoveBody: {
        address: solanaOrHex(b.address, b.protocol),
        protocol: protocolOf(b.protocol),
      },
    };
  }
  if (d.usernameProofBody) return { ...common, usernameProofBody: renderProof(d.usernameProofBody) };
  throw new Error(`no hub rendering for message type ${d.type}`);
}

export function renderProof(p: {
  timestamp: number;
  name: Uint8Array | string;
  owner: Uint8Array | string;
  signature: Uint8Array;
  fid: number;
  type: number;
}): HubUserNameProof {
  return {
    timestamp: p.timestamp,
    name: typeof p.name === 'string' ? p.name : Buffer.from(p.name).toString('utf8'),
    owner: typeof p.owner === 'string' ? p.owner : toHex(p.owner),
    signature: toBase64(p.signature),
    fid: p.fid,
    type: named(USER_NAME_TYPES, p.type, 'username type'),
  };
}
