// ERC-721 collections on the local ledger: a deploy from a server wallet at a deterministic address,
// mints that pay the collection's price (and gas) in the wallet's ETH on that network and record
// each token to its recipient, and token metadata uploads. No real contract runs; the calldata a
// mint would send is what simulate-nft-mint shows.
import { NotFoundError, ValidationError } from '../ground/errors.js';
import { loadViem } from '../ground/viem.js';
import { balanceOf, transactionCount } from '../store/queries/ledger.js';
import {
  type CollectionRow,
  collectionAt,
  insertCollection,
  insertNftToken,
  mintedCount,
  putTokenMetadata,
  tokensHeld,
} from '../store/queries/nfts.js';
import type { WalletRow } from '../store/queries/wallets.js';
import type { Store } from '../store/store.js';
import { contractAddress, NATIVE, recordTransaction, transfer } from './ledger.js';
import type { Hex } from './wallets.js';

/** Gas a mint of `quantity` tokens uses, and the emulator's fixed gas price (0.001 gwei, an L2's). */
export const mintGas = (quantity: number): bigint => 60_000n + 30_000n * BigInt(quantity);
export const GAS_PRICE_WEI = 1_000_000n;
const DEPLOY_GAS = 2_500_000n;
/** Where gas goes: the zero address, which nothing reads. */
const GAS_SINK = '0x0000000000000000000000000000000000000000';
const MINT_ABI = [
  {
    type: 'function',
    name: 'mintTo',
    stateMutability: 'payable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'quantity', type: 'uint256' },
    ],
    outputs: [],
  },
] as const;

export interface NewCollection {
  network: string;
  name: string;
  symbol: string;
  description?: string | undefined;
  image?: string | undefined;
  external_link?: string | undefined;
  max_supply?: number | undefined;
  royalty_bps?: number | undefined;
  royalty_recipient?: string | undefined;
  mint_config?:
    | {
        end_timestamp?: number | undefined;
        max_per_tx?: number | undefined;
        max_per_wallet?: number | undefined;
        price_per_token?: string | undefined;
        start_timestamp?: number | undefined;
      }
    | undefined;
}

/** Deploys a collection from `wallet`, paying the deploy's gas; its address follows the ledger's history. */
export function deployCollection(store: Store, wallet: WalletRow, input: NewCollection): CollectionRow {
  const mint = input.mint_config ?? {};
  if (
    mint.start_timestamp !== undefined &&
    mint.end_timestamp !== undefined &&
    mint.end_timestamp <= mint.start_timestamp
  )
    throw new ValidationError(
      'mint_config.end_timestamp must be after mint_config.start_timestamp',
      'mint_config.end_timestamp',
    );
  return store.tx(() => {
    const address = contractAddress(`erc721:${wallet.address}`, transactionCount(store));
    payGas(store, input.network, wallet, DEPLOY_GAS, 'network');
    const tx_hash = recordTransaction(store, input.network, 'deploy-erc721', wallet.address, {
      address,
      name: input.name,
      symbol: input.symbol,
    });
    const row: CollectionRow = {
      network: input.network,
      address,
      name: input.name,
      symbol: input.symbol,
      owner: wallet.address,
      wallet_id: wallet.wallet_id,
      description: input.description ?? null,
      image: input.image ?? null,
      external_link: input.external_link ?? null,
      max_supply: input.max_supply ?? 0,
      price_per_token: mint.price_per_token ?? '0',
      max_per_tx: mint.max_per_tx ?? 0,
      max_per_wallet: mint.max_per_wallet ?? 0,
      start_timestamp: mint.start_timestamp ?? null,
      end_timestamp: mint.end_timestamp ?? null,
      royalty_bps: input.royalty_bps ?? 0,
      royalty_recipient: input.royalty_recipient?.toLowerCase() ?? null,
      tx_hash,
      created_at: store.now(),
    };
    insertCollection(store, row);
    return row;
  });
}

function payGas(store: Store, network: string, wallet: WalletRow, gas: bigint, property: string): void {
  const fee = gas * GAS_PRICE_WEI;
  if (!transfer(store, network, NATIVE, wallet.address, GAS_SINK, fee)) {
    throw new ValidationError(
      `wallet ${wallet.wallet_id} holds too little ETH on ${network} for gas (POST /_emulator/wallets funds a new one)`,
      property,
    );
  }
}

export function requireCollection(
  store: Store,
  network: string,
  address: string,
  property: string,
): CollectionRow {
  const c = collectionAt(store, network, address.toLowerCase());
  if (!c)
    throw new NotFoundError(
      `no ERC-721 collection ${address} on the emulator's ${network} network`,
      property,
    );
  return c;
}

/** What minting `quantity` to `to` costs in wei (price and gas), and why it cannot happen now, if so. */
export function mintQuote(
  store: Store,
  c: CollectionRow,
  to: string,
  quantity: number,
  alreadyThisCall = 0,
): { cost: bigint; gas: bigint; refusal?: string } {
  const gas = mintGas(quantity);
  const cost = BigInt(c.price_per_token) * BigInt(quantity) + gas * GAS_PRICE_WEI;
  const now = Math.floor(store.now() / 1000);
  const minted = mintedCount(store, c.network, c.address) + alreadyThisCall;
  let refusal: string | undefined;
  if (c.start_timestamp !== null && now < c.start_timestamp) refusal = 'the mint has not started';
  else if (c.end_timestamp !== null && now >= c.end_timestamp) refusal = 'the mint has ended';
  else if (c.max_per_tx > 0 && quantity > c.max_per_tx)
    refusal = `at most ${c.max_per_tx} tokens per transaction`;
  else if (c.max_supply > 0 && minted + quantity > c.max_supply)
    refusal = `only ${Math.max(0, c.max_supply - minted)} of ${c.max_supply} tokens are left`;
  else if (c.max_per_wallet > 0 && tokensHeld(store, c.network, c.address, to) + quantity > c.max_per_wallet)
    refusal = `${to} may hold at most ${c.max_per_wallet} tokens of this collection`;
  return refusal ? { cost, gas, refusal } : { cost, gas };
}

/** The call a mint sends: `mintTo(to, quantity)` on the collection, with the price as value. */
export function mintCall(to: Hex, quantity: number) {
  const args = [to, BigInt(quantity)] as const;
  return {
    functionName: 'mintTo',
    args,
    data: loadViem().encodeFunctionData({ abi: MINT_ABI, functionName: 'mintTo', args }),
    abi: MINT_ABI,
  };
}

export type MintOutcome =
  | { ok: true; hash: string; tokenIds: number[]; gas: bigint; block: number }
  | { ok: false; error: string };

/**
 * Mints `quantity` tokens to `to`, paid from `wallet`: the price to the collection's owner and the gas
 * burnt. A recipient the collection refuses, or a wallet short of ETH, is an outcome, not a throw,
 * so one call's other recipients still mint (the API answers per recipient). Call inside store.tx.
 */
export function mintTo(
  store: Store,
  wallet: WalletRow,
  c: CollectionRow,
  to: string,
  quantity: number,
): MintOutcome {
  const quote = mintQuote(store, c, to, quantity);
  if (quote.refusal) return { ok: false, error: quote.refusal };
  const price = BigInt(c.price_per_token) * BigInt(quantity);
  const fee = quote.gas * GAS_PRICE_WEI;
  if (balanceOf(store, c.network, NATIVE, wallet.address) < price + fee)
    return { ok: false, error: `wallet ${wallet.wallet_id} holds too little ETH on ${c.network}` };
  transfer(store, c.network, NATIVE, wallet.address, c.owner, price);
  transfer(store, c.network, NATIVE, wallet.address, GAS_SINK, fee);
  const first = mintedCount(store, c.network, c.address) + 1;
  const tokenIds = Array.from({ length: quantity }, (_, i) => first + i);
  const hash = recordTransaction(store, c.network, 'mint-erc721', wallet.address, {
    contract: c.address,
    to,
    tokenIds,
  });
  for (const token_id of tokenIds)
    insertNftToken(store, {
      network: c.network,
      contract: c.address,
      token_id,
      owner: to,
      tx_hash: hash,
      minted_at: store.now(),
    });
  return { ok: true, hash, tokenIds, gas: quote.gas, block: transactionCount(store) };
}

/** Stores each token's metadata, answering the local URI it is served at. */
export function uploadMetadata(
  store: Store,
  c: CollectionRow,
  tokens: readonly { token_id: string; metadata: unknown }[],
  origin: string,
): { token_id: string; uri: string }[] {
  return store.tx(() =>
    tokens.map((t, i) => {
      if (!/^\d{1,78}$/.test(t.token_id))
        throw new ValidationError(
          `tokens[${i}].token_id must be a token id (decimal digits)`,
          `tokens[${i}].token_id`,
        );
      putTokenMetadata(store, c.network, c.address, t.token_id, JSON.stringify(t.metadata));
      return { token_id: t.token_id, uri: metadataUri(origin, c, t.token_id) };
    }),
  );
}

export const metadataUri = (origin: string, c: { network: string; address: string }, tokenId: string) =>
  `${origin}/_emulator/nft/${c.network}/${c.address}/${tokenId}.json`;
