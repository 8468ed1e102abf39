// ERC-721 collections on the local ledger: the collections, their minted tokens, uploaded metadata.

import { column, rows, write } from '../statements.js';
import type { Store } from '../store.js';

export interface CollectionRow {
  network: string;
  address: string;
  name: string;
  symbol: string;
  owner: string;
  wallet_id: string;
  description: string | null;
  image: string | null;
  external_link: string | null;
  /** 0: unlimited. */
  max_supply: number;
  /** wei per token, decimal. */
  price_per_token: string;
  /** 0: unlimited. */
  max_per_tx: number;
  /** 0: unlimited. */
  max_per_wallet: number;
  start_timestamp: number | null;
  end_timestamp: number | null;
  royalty_bps: number;
  royalty_recipient: string | null;
  tx_hash: string;
  created_at: number;
}

const INSERT_COLLECTION = write<[row: CollectionRow]>(
  `INSERT INTO nft_collections (network, address, name, symbol, owner, wallet_id, description, image,
         external_link, max_supply, price_per_token, max_per_tx, max_per_wallet, start_timestamp,
         end_timestamp, royalty_bps, royalty_recipient, tx_hash, created_at)
       VALUES (@network, @address, @name, @symbol, @owner, @wallet_id, @description, @image,
         @external_link, @max_supply, @price_per_token, @max_per_tx, @max_per_wallet, @start_timestamp,
         @end_timestamp, @royalty_bps, @royalty_recipient, @tx_hash, @created_at)`,
);

export function insertCollection(store: Store, row: CollectionRow): void {
  INSERT_COLLECTION.run(store, row);
}

const COLLECTION = rows<[network: string, address: string], CollectionRow>(
  'SELECT * FROM nft_collections WHERE network = ? AND address = ?',
);

export function collectionAt(store: Store, network: string, address: string): CollectionRow | undefined {
  return COLLECTION.get(store, network, address);
}

const MINTED = column<[network: string, contract: string], number>(
  'SELECT COUNT(*) FROM nft_tokens WHERE network = ? AND contract = ?',
);

/** Tokens minted so far in a collection: the next token's id is one more. */
export function mintedCount(store: Store, network: string, contract: string): number {
  return MINTED.get(store, network, contract) ?? 0;
}

const HELD = column<[network: string, contract: string, owner: string], number>(
  'SELECT COUNT(*) FROM nft_tokens WHERE network = ? AND contract = ? AND owner = ?',
);

export function tokensHeld(store: Store, network: string, contract: string, owner: string): number {
  return HELD.get(store, network, contract, owner) ?? 0;
}

export interface NftTokenRow {
  network: string;
  contract: string;
  token_id: number;
  owner: string;
  tx_hash: string;
  minted_at: number;
}

const INSERT_NFT = write<[row: NftTokenRow]>(
  `INSERT INTO nft_tokens (network, contract, token_id, owner, tx_hash, minted_at)
       VALUES (@network, @contract, @token_id, @owner, @tx_hash, @minted_at)`,
);

export function insertNftToken(store: Store, row: NftTokenRow): void {
  INSERT_NFT.run(store, row);
}

const TOKENS_OF = rows<[network: string, contract: string, owner: string], NftTokenRow>(
  'SELECT * FROM nft_tokens INDEXED BY nft_tokens_owner WHERE network = ? AND contract = ? AND owner = ? ORDER BY token_id',
);

export function nftTokensOf(store: Store, network: string, contract: string, owner: string): NftTokenRow[] {
  return TOKENS_OF.all(store, network, contract, owner);
}

const PUT_METADATA = write<
  [network: string, contract: string, tokenId: string, metadata: string, at: number]
>(`INSERT INTO nft_token_metadata (network, contract, token_id, metadata, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (network, contract, token_id) DO UPDATE SET metadata = excluded.metadata, updated_at = excluded.updated_at`);

export function putTokenMetadata(
  store: Store,
  network: string,
  contract: string,
  tokenId: string,
  metadata: string,
): void {
  PUT_METADATA.run(store, network, contract, tokenId, metadata, store.now());
}

const TOKEN_METADATA = column<[network: string, contract: string, tokenId: string], string>(
  'SELECT metadata FROM nft_token_metadata WHERE network = ? AND contract = ? AND token_id = ?',
);

/** The JSON uploaded for a token, as stored. */
export function tokenMetadata(
  store: Store,
  network: string,
  contract: string,
  tokenId: string,
): string | undefined {
  return TOKEN_METADATA.get(store, network, contract, tokenId);
}
