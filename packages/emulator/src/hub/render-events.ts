import { toBase64 } from '../protocol/codec.js';
import { NotFoundError } from '../protocol/errors.js';
import type { Store } from '../store/store.js';
import { renderProof, renderStored } from './render.js';

export interface OnChainRow {
  id: number;
  type: number;
  fid: number;
  chain_id: number;
  block_number: number;
  block_hash: string;
  block_timestamp: number;
  tx_hash: string;
  log_index: number;
  tx_index: number;
  address: string | null;
  body: string;
}

const ON_CHAIN_TYPES: Record<number, string> = {
  1: 'EVENT_TYPE_SIGNER',
  2: 'EVENT_TYPE_SIGNER_MIGRATED',
  3: 'EVENT_TYPE_ID_REGISTER',
  4: 'EVENT_TYPE_STORAGE_RENT',
};
const SIGNER_EVENT_TYPES: Record<number, string> = {
  1: 'SIGNER_EVENT_TYPE_ADD',
  2: 'SIGNER_EVENT_TYPE_REMOVE',
  3: 'SIGNER_EVENT_TYPE_ADMIN_RESET',
};
const ID_REGISTER_TYPES: Record<number, string> = {
  1: 'ID_REGISTER_EVENT_TYPE_REGISTER',
  2: 'ID_REGISTER_EVENT_TYPE_TRANSFER',
  3: 'ID_REGISTER_EVENT_TYPE_CHANGE_RECOVERY',
};

const hexToBase64 = (hex: string) => toBase64(Buffer.from(hex.replace(/^0x/, ''), 'hex'));

export function renderOnChainEvent(row: OnChainRow): Record<string, unknown> {
  const body = JSON.parse(row.body) as Record<string, any>;
  const out: Record<string, unknown> = {
    type: ON_CHAIN_TYPES[row.type],
    chainId: row.chain_id,
    blockNumber: row.block_number,
    blockHash: row.block_hash,
    blockTimestamp: row.block_timestamp,
    transactionHash: row.tx_hash,
    logIndex: row.log_index,
    txIndex: row.tx_index,
    fid: row.fid,
  };
  if (row.type === 1) {
    out.signerEventBody = {
      key: body.key,
      keyType: body.keyType ?? 1,
      eventType: SIGNER_EVENT_TYPES[body.eventType as number] ?? 'SIGNER_EVENT_TYPE_ADD',
      metadata: body.metadata ?? '',
      metadataType: body.metadataType ?? 1,
    };
  } else if (row.type === 3) {
    out.idRegisterEventBody = {
      to: body.to,
      eventType: ID_REGISTER_TYPES[body.eventType as number] ?? 'ID_REGISTER_EVENT_TYPE_REGISTER',
      from: body.from ?? '',
      recoveryAddress: body.recoveryAddress,
    };
  } else if (row.type === 4) {
    out.storageRentEventBody = { payer: hexToBase64(body.payer), units: body.units, expiry: body.expiry };
  } else if (row.type === 2) {
    out.signerMigratedEventBody = { migratedAt: body.migratedAt ?? 0 };
  }
  return out;
}

export function loadOnChainEvent(store: Store, id: number): OnChainRow {
  const row = store.stmt('SELECT * FROM onchain_events WHERE id = ?').get(id) as OnChainRow | undefined;
  if (!row) throw new NotFoundError(`on-chain event ${id} not found`);
  return row;
}

export interface HubEventRow {
  id: number;
  type: number;
  message_hash: string | null;
  deleted_hashes: string;
  onchain_event_id: number | null;
  username_proof_name: string | null;
  block_number: number;
  shard_index: number;
  ts: number;
}

export function renderHubEvent(store: Store, row: HubEventRow): Record<string, unknown> {
  const common = {
    id: row.id,
    blockNumber: row.block_number,
    shardIndex: row.shard_index,
    timestamp: row.ts,
  };
  switch (row.type) {
    case 1:
      return {
        type: 'HUB_EVENT_TYPE_MERGE_MESSAGE',
        ...common,
        mergeMessageBody: {
          message: renderStored(store, row.message_hash!),
          deletedMessages: (JSON.parse(row.deleted_hashes) as string[]).map((h) => renderStored(store, h)),
        },
      };
    case 6: {
      const proof = store.stmt('SELECT * FROM username_proofs WHERE name = ?').get(row.username_proof_name) as
        | Parameters<typeof renderProof>[0]
        | undefined;
      return {
        type: 'HUB_EVENT_TYPE_MERGE_USERNAME_PROOF',
        ...common,
        mergeUsernameProofBody: {
          ...(proof ? { usernameProof: renderProof(proof) } : {}),
          ...(row.message_hash ? { usernameProofMessage: renderStored(store, row.message_hash) } : {}),
        },
      };
    }
    case 9:
      return {
        type: 'HUB_EVENT_TYPE_MERGE_ON_CHAIN_EVENT',
        ...common,
        mergeOnChainEventBody: {
          onChainEvent: renderOnChainEvent(loadOnChainEvent(store, row.onchain_event_id!)),
        },
      };
    default:
      return { type: 'HUB_EVENT_TYPE_NONE', ...common };
  }
}
