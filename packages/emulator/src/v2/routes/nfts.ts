// 3.x's NFT operations, generated images and x402 payments, on the local ledger from the caller's
// server wallet (x-wallet-id, domain/wallets.ts): ERC-721 deploys and mints that spend the wallet's
// ETH (domain/nfts.ts), metadata uploads served back under /_emulator/nft, a mint's simulation that
// writes nothing, pictures that are a function of the prompt (domain/images.ts), and payment
// signatures from the wallet's key (domain/x402.ts).
import type { V2Handlers } from '../../api/dispatch.js';
import { generatedImageUrl, imageId } from '../../domain/images.js';
import {
  deployCollection,
  mintCall,
  mintQuote,
  mintTo,
  requireCollection,
  uploadMetadata,
} from '../../domain/nfts.js';
import { hexAddress } from '../../domain/wallets.js';
import { signPayment, X402_CHAIN_IDS } from '../../domain/x402.js';
import { ValidationError } from '../../ground/errors.js';
import { ethAddressesOfFids } from '../../store/queries/ledger.js';
import { userExists } from '../../store/queries/users.js';
import type { Store } from '../../store/store.js';
import { walletOf } from './wallet-header.js';

type Recipient = { address?: unknown; fid?: unknown; quantity?: number | undefined };

/** A mint recipient's address: given, or the fid's first verified Ethereum address; or why not. */
function recipientAddress(store: Store, r: Recipient, at: string): { address: string } | { error: string } {
  if (typeof r.address === 'string') return { address: hexAddress(r.address, `${at}.address`).toLowerCase() };
  if (typeof r.fid !== 'number' || !Number.isInteger(r.fid) || r.fid < 0)
    throw new ValidationError(`${at} needs an address or a fid`, at);
  if (!userExists(store, r.fid)) return { error: `no user with fid ${r.fid}` };
  const verified = ethAddressesOfFids(store, [r.fid])[0];
  return verified
    ? { address: verified.address }
    : { error: `fid ${r.fid} has no verified Ethereum address` };
}

function quantityOf(r: Recipient, at: string): number {
  const q = r.quantity ?? 1;
  if (!Number.isInteger(q) || q < 1 || q > 10_000)
    throw new ValidationError(`${at}.quantity must be an integer from 1 to 10000`, `${at}.quantity`);
  return q;
}

function parseRecipients(value: string): Recipient[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ValidationError(
      'recipients must be a JSON array of { address | fid, quantity? }',
      'recipients',
    );
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || parsed.length > 200)
    throw new ValidationError('recipients must be a JSON array of 1 to 200 recipients', 'recipients');
  return parsed.map((r: unknown, i) => {
    if (typeof r !== 'object' || r === null)
      throw new ValidationError(`recipients[${i}] must be an object`, `recipients[${i}]`);
    const quantity = 'quantity' in r ? r.quantity : undefined;
    if (quantity !== undefined && typeof quantity !== 'number')
      throw new ValidationError(`recipients[${i}].quantity must be an integer`, `recipients[${i}].quantity`);
    return { address: 'address' in r ? r.address : undefined, fid: 'fid' in r ? r.fid : undefined, quantity };
  });
}

export const nftHandlers: V2Handlers = {
  deployErc721(call) {
    const { store, params } = call;
    const wallet = walletOf(call);
    if (params.royalty_recipient !== undefined) hexAddress(params.royalty_recipient, 'royalty_recipient');
    const c = deployCollection(store, wallet, params);
    return {
      object: 'nft_collection' as const,
      collection: {
        type: 'ERC721' as const,
        network: params.network,
        address: c.address,
        name: c.name,
        symbol: c.symbol,
        transaction_hash: c.tx_hash,
      },
    };
  },

  uploadTokenMetadata(call) {
    const { store, params, origin } = call;
    const wallet = walletOf(call);
    const c = requireCollection(store, params.network, params.contract_address, 'contract_address');
    if (c.owner !== wallet.address)
      throw new ValidationError(`wallet ${wallet.wallet_id} did not deploy ${c.address}`, 'contract_address');
    return { tokens: uploadMetadata(store, c, params.tokens, origin) };
  },

  simulateNftMint({ store, params }) {
    const c = requireCollection(store, params.network, params.nft_contract_address, 'nft_contract_address');
    return parseRecipients(params.recipients).flatMap((r, i) => {
      const at = `recipients[${i}]`;
      const quantity = quantityOf(r, at);
      const to = recipientAddress(store, r, at);
      if ('error' in to) throw new ValidationError(`${at}: ${to.error}`, at);
      const quote = mintQuote(store, c, to.address, quantity);
      if (quote.refusal) throw new ValidationError(`${at}: ${quote.refusal}`, at);
      const call = mintCall(hexAddress(to.address, at), quantity);
      return [
        {
          recipient: typeof r.fid === 'number' ? { fid: r.fid, quantity } : { address: to.address, quantity },
          to: c.address,
          network: c.network,
          function_name: call.functionName,
          args: [to.address, String(quantity)],
          abi: call.abi,
          data: call.data,
          calldata: call.data,
          value: String(BigInt(c.price_per_token) * BigInt(quantity)),
          estimated_total_cost_wei: String(quote.cost),
        },
      ];
    });
  },

  mintNft(call) {
    const { store, params } = call;
    const wallet = walletOf(call);
    const c = requireCollection(store, params.network, params.contract_address, 'contract_address');
    const recipients = params.recipients.map((r, i) => ({
      r,
      at: `recipients[${i}]`,
      quantity: quantityOf(r, `recipients[${i}]`),
    }));
    return store.tx(() => ({
      transactions: recipients.map(({ r, at, quantity }) => {
        const to = recipientAddress(store, r, at);
        const fid = typeof r.fid === 'number' ? { fid: r.fid } : {};
        if ('error' in to) return { recipient: { ...fid, quantity }, error: to.error };
        const minted = mintTo(store, wallet, c, to.address, quantity);
        if (!minted.ok) return { recipient: { address: to.address, ...fid, quantity }, error: minted.error };
        return {
          transaction_hash: minted.hash,
          recipient: {
            address: to.address,
            ...fid,
            quantity,
            tokens: minted.tokenIds.map((id) => ({ token_id: String(id) })),
          },
          receipt: { status: 'success', gas_used: String(minted.gas), block_number: String(minted.block) },
        };
      }),
    }));
  },

  generateImage(call) {
    const { params, origin } = call;
    walletOf(call);
    if (!params.prompt.trim()) throw new ValidationError('prompt must not be empty', 'prompt');
    return { image_url: generatedImageUrl(origin, imageId(params)) };
  },

  async createX402Signature(call) {
    const wallet = walletOf(call);
    const accepts = call.params.payment_requirements.accepts;
    const i = accepts.findIndex((a) => a.scheme === 'exact' && a.network in X402_CHAIN_IDS);
    const chosen = accepts[i];
    if (!chosen)
      throw new ValidationError(
        'payment_requirements.accepts must offer the exact scheme on base or base-sepolia',
        'payment_requirements.accepts',
      );
    const property = `payment_requirements.accepts[${i}]`;
    const payload = await signPayment(call.store, wallet, chosen, property);
    return { x402Version: 1 as const, scheme: 'exact' as const, network: chosen.network, payload };
  },
};
