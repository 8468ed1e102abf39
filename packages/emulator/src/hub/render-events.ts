import type { Hub } from '@castkit/sdk/2.x';
import type { HubAnswer } from '../api/spec-differences.js';
import { toBase64 } from '../ground/codec.js';
import { NotFoundError } from '../ground/errors.js';
import { HubEventType, OnChainEventType } from '../ground/types.js';
import type { HubEventRow } from '../store/queries/messages.js';
import { type OnChainRow, onChainEventById, usernameProofByName } from '../store/queries/onchain.js';
import { fromJson } from '../store/statements.js';
import type { Store } from '../store/store.js';
import { renderProof, renderStored } from './render.js';

const ON_CHAIN_TYPES: Record<number, Hub.OnChainEventType> = {
  [OnChainEventType.Signer]: 'EVENT_TYPE_SIGNER',
  [OnChainEventType.SignerMigrated]: 'EVENT_TYPE_SIGNER_MIGRATED',
  [OnChainEventType.IdRegister]: 'EVENT_TYPE_ID_REGISTER',
  [OnChainEventType.StorageRent]: 'EVENT_TYPE_STORAGE_RENT',
};
const SIGNER_EVENT_TYPES: Record<number, Hub.SignerEventType> = {
  1: 'SIGNER_EVENT_TYPE_ADD',
  2: 'SIGNER_EVENT_TYPE_REMOVE',
  3: 'SIGNER_EVENT_TYPE_ADMIN_RESET',
};
const ID_REGISTER_TYPES: Record<number, Hub.IdRegisterEventType> = {
  1: 'ID_REGISTER_EVENT_TYPE_REGISTER',
  2: 'ID_REGISTER_EVENT_TYPE_TRANSFER',
  3: 'ID_REGISTER_EVENT_TYPE_CHANGE_RECOVERY',
};

const hexToBase64 = (hex: string) => toBase64(Buffer.from(hex.replace(/^0x/, ''), 'hex'));

/** An on-chain event of the kind whose body sits under `K`. */
export type OnChainEventWith<K extends string> = Extract<Hub.OnChainEvent, Record<K, unknown>>;

export function renderOnChainEvent(row: OnChainRow): Hub.OnChainEvent {
  const body = fromJson(row.body);
  const type = ON_CHAIN_TYPES[row.type];
  if (!type)
    throw new Error(`on-chain event ${row.id} has type ${row.type}, which the emulator never writes`);
  const common: Hub.OnChainEventCommon = {
    type,
    chainId: row.chain_id,
    blockNumber: row.block_number,
    blockHash: row.block_hash,
    blockTimestamp: row.block_timestamp,
    transactionHash: row.tx_hash,
    logIndex: row.log_index,
    txIndex: row.tx_index,
    fid: row.fid,
  };
  switch (row.type) {
    case OnChainEventType.Signer:
      return {
        ...common,
        signerEventBody: {
          key: body.key,
          keyType: body.keyType ?? 1,
          eventType: SIGNER_EVENT_TYPES[body.eventType] ?? 'SIGNER_EVENT_TYPE_ADD',
          metadata: body.metadata ?? '',
          metadataType: body.metadataType ?? 1,
        },
      };
    case OnChainEventType.IdRegister:
      return {
        ...common,
        idRegisterEventBody: {
          to: body.to,
          eventType: ID_REGISTER_TYPES[body.eventType] ?? 'ID_REGISTER_EVENT_TYPE_REGISTER',
          from: body.from ?? '',
          recoveryAddress: body.recoveryAddress,
        },
      };
    case OnChainEventType.StorageRent:
      return {
        ...common,
        storageRentEventBody: { payer: hexToBase64(body.payer), units: body.units, expiry: body.expiry },
      };
    default:
      return { ...common, signerMigratedEventBody: { migratedAt: body.migratedAt ?? 0 } };
  }
}

/** An on-chain event the caller knows the kind of (it selected rows of that type), as that kind. */
export function renderOnChainEventAs<K extends string>(row: OnChainRow, body: K): OnChainEventWith<K> {
  const event = renderOnChainEvent(row);
  if (!isOnChainEventWith(event, body)) throw new Error(`on-chain event ${row.id} has no ${body}`);
  return event;
}

const isOnChainEventWith = <K extends string>(e: Hub.OnChainEvent, body: K): e is OnChainEventWith<K> =>
  body in e;

export function loadOnChainEvent(store: Store, id: number): OnChainRow {
  const row = onChainEventById(store, id);
  if (!row) throw new NotFoundError(`on-chain event ${id} not found`);
  return row;
}

/** A hub event as the API answers it (with the emulator's differences from the spec's types). */
export type RenderedHubEvent = HubAnswer<Hub.HubEvent>;

export function renderHubEvent(store: Store, row: HubEventRow): RenderedHubEvent {
  const common = {
    id: row.id,
    blockNumber: row.block_number,
    shardIndex: row.shard_index,
    timestamp: row.ts,
  };
  switch (row.type) {
    case HubEventType.MergeMessage:
      return {
        type: 'HUB_EVENT_TYPE_MERGE_MESSAGE',
        ...common,
        mergeMessageBody: {
          message: renderStored(store, row.message_hash!),
          deletedMessages: fromJson(row.deleted_hashes).map((h) => renderStored(store, h)),
        },
      };
    case HubEventType.MergeUsernameProof: {
      const name = row.username_proof_name;
      const proof = name === null ? undefined : usernameProofByName(store, name);
      return {
        type: 'HUB_EVENT_TYPE_MERGE_USERNAME_PROOF',
        ...common,
        mergeUsernameProofBody: {
          ...(proof ? { usernameProof: renderProof(proof) } : {}),
          ...(row.message_hash ? { usernameProofMessage: renderStored(store, row.message_hash) } : {}),
        },
      };
    }
    case HubEventType.MergeOnChainEvent:
      return {
        type: 'HUB_EVENT_TYPE_MERGE_ON_CHAIN_EVENT',
        ...common,
        mergeOnChainEventBody: {
          onChainEvent: renderOnChainEvent(loadOnChainEvent(store, row.onchain_event_id!)),
        },
      };
    default:
      // The write path appends only the three kinds above (domain/onchain.ts, protocol/submit.ts).
      throw new Error(`hub event ${row.id} has type ${row.type}, which the emulator never writes`);
  }
}
