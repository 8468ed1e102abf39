// On-chain operations against the emulator's own ledger (domain/ledger.ts): balances of verified
// addresses, fungible deploys and sends from a server wallet, relevant owners, and fid registration
// with its signed Register and Add requests checked as the gateways would. No real chain is touched;
// the networks named in answers are the emulator's copies of them.

import type { UserDehydrated } from '@castkit/sdk/2.x';
import type { V2Handlers, V2Params } from '../../api/dispatch.js';
import { addKey, registerUser } from '../../domain/accounts.js';
import { idempotent } from '../../domain/idempotency.js';
import {
  contractAddress,
  credit,
  EMULATOR_USDC,
  formatUnits,
  inUsdc,
  NATIVE,
  recordTransaction,
  toBaseUnits,
  tokenOn,
  transfer,
} from '../../domain/ledger.js';
import { walletOrNew } from '../../domain/wallets.js';
import { ConflictError, NotFoundError, ValidationError } from '../../ground/errors.js';
import { type Hex, isHex } from '../../ground/hex.js';
import { loadViem } from '../../ground/viem.js';
import {
  type HydrateOptions,
  hydrateUser,
  hydrateUserList,
  requireUser,
  type UserOfBoth,
  userDehydrated,
} from '../../hydrate/user.js';
import { farcasterCore } from '../../protocol/core.js';
import {
  balancesOfHolders,
  ethAddressesOfFids,
  followedTokenHolderFids,
  insertToken,
  tokenHolderFids,
  transactionCount,
} from '../../store/queries/ledger.js';
import { fidByCustody, userExists } from '../../store/queries/users.js';
import type { Store } from '../../store/store.js';
import { capped, EVM_ADDRESS, hexParam, viewOf } from './social-common.js';
import { walletOf3x } from './wallet-header.js';

/** registerAccountOnchain's fid and transaction by idem key. */
const REGISTRATIONS = idempotent<{ fid: number; hash: string }>();
/** Every deployed fungible's supply, minted to its owner. */
const DEPLOY_SUPPLY = 1_000_000_000n * 10n ** 18n;
const MAX_RECIPIENTS = 200;
/** Relevant owners listed per fungible. */
const MAX_OWNERS = 50;
/** Relevant owners that come hydrated. */
const TOP_OWNERS = 5;
/** Contract addresses one bulk request takes (the spec's "up to 10 at a time"). */
const MAX_BULK_CONTRACTS = 10;
const MEDIA_TYPES = ['image/jpeg', 'image/gif', 'image/png'];
const SIGNED_KEY_REQUEST_METADATA = [
  {
    type: 'tuple',
    components: [
      { name: 'requestFid', type: 'uint256' },
      { name: 'requestSigner', type: 'address' },
      { name: 'signature', type: 'bytes' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
] as const;

function evmAddress(value: string, property: string): Hex {
  const lower = value.toLowerCase();
  if (!EVM_ADDRESS.test(value) || !isHex(lower))
    throw new ValidationError(`${property} must be an eth address`, property);
  return lower;
}

export const onchainHandlers: V2Handlers = {
  fetchUserBalance({ store, params, origin }) {
    requireUser(store, params.fid, 'fid');
    const networks = [...new Set(params.networks)];
    const addresses = ethAddressesOfFids(store, [params.fid]).map((r) => r.address);
    const rows = balancesOfHolders(store, addresses, networks);
    return {
      user_balance: {
        object: 'user_balance',
        user: userDehydrated(store, [params.fid], origin).get(params.fid)!,
        address_balances: addresses.flatMap((address) =>
          networks.map((network) => {
            const held = rows.filter((r) => r.holder === address && r.network === network);
            // The native coin is always listed, zero or not, as a wallet shows it.
            if (!held.some((r) => r.token === NATIVE))
              held.unshift({ network, token: NATIVE, holder: address, amount: '0' });
            return {
              object: 'address_balance' as const,
              verified_address: { address, network },
              token_balances: held.map((r) => {
                const token = tokenOn(store, network, r.token)!;
                const units = BigInt(r.amount);
                return {
                  object: 'token_balance' as const,
                  token: {
                    object: 'token' as const,
                    name: token.name,
                    symbol: token.symbol,
                    ...(r.token === NATIVE ? {} : { address: token.address }),
                    decimals: token.decimals,
                  },
                  balance: { in_token: formatUnits(units, token.decimals), in_usdc: inUsdc(units, token) },
                };
              }),
            };
          }),
        ),
      },
    };
  },

  deployFungible({ store, params, origin }) {
    const owner = evmAddress(params.owner, 'owner');
    if (!/^[A-Za-z0-9]{1,16}$/.test(params.symbol))
      throw new ValidationError('symbol must be 1-16 letters or digits', 'symbol');
    if (params.name.length > 64) throw new ValidationError('name must be at most 64 characters', 'name');
    const media = params['metadata[media]'];
    if (media && !MEDIA_TYPES.includes(media.type)) {
      throw new ValidationError(
        `metadata[media] must be image/jpeg, image/gif or image/png, got ${media.type}`,
        'metadata[media]',
      );
    }
    const network = params.network ?? 'base';
    const factory = params.factory ?? 'wow';
    const address = contractAddress(`${factory}:${owner}`, transactionCount(store));
    // The uploaded file is checked, not hosted: the token's media is the emulator's generated image.
    const mediaUrl = media ? `${origin}/_emulator/image/token-${address.slice(2, 10)}.svg` : null;
    const metadata = Object.fromEntries(
      (['description', 'nsfw', 'website_link', 'twitter', 'discord', 'telegram'] as const)
        .map((k) => [k, params[`metadata[${k}]`]])
        .filter(([, v]) => v !== undefined),
    );
    store.tx(() => {
      insertToken(store, {
        network,
        address,
        name: params.name,
        symbol: params.symbol,
        decimals: 18,
        owner,
        media: mediaUrl,
        metadata: JSON.stringify(metadata),
        factory,
        created_at: store.now(),
      });
      credit(store, network, address, owner, DEPLOY_SUPPLY);
      recordTransaction(store, network, 'deploy', owner, { address, factory });
    });
    return {
      contract: {
        fungible: {
          object: 'fungible',
          name: params.name,
          symbol: params.symbol,
          ...(mediaUrl ? { media: mediaUrl } : {}),
          address,
          decimals: 18,
        },
      },
    };
  },

  sendFungiblesToUsers(call) {
    const { store, params } = call;
    const { network } = params;
    const token = params.fungible_contract_address?.toLowerCase() ?? EMULATOR_USDC;
    const fungible = tokenOn(store, network, token);
    if (!fungible) {
      throw new NotFoundError(
        `no fungible ${token} on the emulator's ${network} network`,
        'fungible_contract_address',
      );
    }
    if (params.recipients.length === 0 || params.recipients.length > MAX_RECIPIENTS) {
      throw new ValidationError(`recipients must list 1 to ${MAX_RECIPIENTS} users`, 'recipients');
    }
    const amounts = params.recipients.map((r, i) =>
      toBaseUnits(r.amount, fungible.decimals, `recipients[${i}].amount`),
    );
    const wallet = (walletOf3x(call) ?? walletOrNew(store, params['x-wallet-id'])).address;
    const addressOf = new Map<number, string>();
    for (const r of ethAddressesOfFids(
      store,
      params.recipients.map((r) => r.fid),
    ))
      if (!addressOf.has(r.fid)) addressOf.set(r.fid, r.address);
    return store.tx(() => {
      const receipts = params.recipients.map((r, i) => {
        const failed = (reason: string) => ({
          fid: r.fid,
          amount: r.amount,
          status: 'failed' as const,
          reason,
        });
        if (!userExists(store, r.fid)) return failed(`no user with fid ${r.fid}`);
        const to = addressOf.get(r.fid);
        if (!to) return failed(`fid ${r.fid} has no verified Ethereum address`);
        if (!transfer(store, network, token, wallet, to, amounts[i]!))
          return failed(`wallet ${wallet} holds too little ${fungible.symbol}`);
        return { fid: r.fid, amount: r.amount, status: 'sent' as const };
      });
      const sent = receipts.filter((r) => r.status === 'sent');
      if (!sent.length) return { send_receipts: receipts, transactions: [] };
      const approval = recordTransaction(store, network, 'approve', wallet, { token });
      const hash = recordTransaction(store, network, 'send', wallet, { token, receipts: sent });
      return {
        send_receipts: receipts,
        transactions: [
          {
            network,
            transaction_hash: hash,
            gas_used: String(21_000 + 30_000 * sent.length),
            approval_hash: approval,
          },
        ],
      };
    });
  },

  fetchRelevantFungibleOwners(call) {
    const { store, params } = call;
    const view = viewOf(call);
    // Solana is a network the emulator's ledger has no tokens on.
    if (params.network === 'solana') return ownersAnswer(NO_OWNERS);
    const contract = evmAddress(params.contract_address, 'contract_address');
    if (!tokenOn(store, params.network, contract)) {
      throw new NotFoundError(
        `no fungible ${contract} on the emulator's ${params.network} network`,
        'contract_address',
      );
    }
    return ownersAnswer(relevantOwners(store, params.network, contract, view));
  },

  fetchBulkRelevantFungibleOwners(call) {
    const { store, params } = call;
    const view = viewOf(call);
    const listed = capped(params.contract_addresses, 'contract_addresses', MAX_BULK_CONTRACTS);
    if (params.network === 'solana')
      return Object.fromEntries(listed.map((a) => [a, fungibleOwners(NO_OWNERS)]));
    const { network } = params;
    const contracts = [...new Set(listed.map((a) => evmAddress(a, 'contract_addresses')))];
    // Keyed by the lowercase address, as the ledger and every other answer spell it. An address the
    // ledger has no fungible at has no holders: its lists are empty rather than failing the batch,
    // as the other batch reads (fetchFungibles, batchGetTokenMetadata) skip what they do not know.
    return Object.fromEntries(
      contracts.map((contract) => [
        contract,
        fungibleOwners(
          tokenOn(store, network, contract) ? relevantOwners(store, network, contract, view) : NO_OWNERS,
        ),
      ]),
    );
  },

  async registerAccountOnchain(call) {
    const { store, params, origin } = call;
    walletOf3x(call);
    const { registration } = params;
    const custody = evmAddress(registration.custody_address, 'registration.custody_address');
    const recovery = evmAddress(registration.recovery_address, 'registration.recovery_address');
    const idem = params.idem || undefined;
    const request = { custody, recovery, signers: params.signers?.map((s) => s.public_key) ?? [] };
    const replay = idem ? REGISTRATIONS.recall(store, 'registerAccountOnchain', idem, request) : undefined;
    if (replay) return registered(store, replay, origin);
    const owned = fidByCustody(store, custody);
    if (owned !== undefined)
      throw new ConflictError(`${custody} already owns fid ${owned}`, 'registration.custody_address');
    await checkRegister(store, registration, custody, recovery);
    const keys = await Promise.all((params.signers ?? []).map((s, i) => checkAdd(store, s, custody, i)));
    const done = store.tx(() => {
      const fid = registerUser(store, {
        custodyAddress: custody,
        recoveryAddress: recovery,
        storageUnits: params.storage_units || 1,
      });
      for (const k of keys) addKey(store, fid, k.key, k.appFid);
      const hash = recordTransaction(store, 'optimism', 'register', custody, {
        fid,
        keys: keys.map((k) => k.key),
        // Recorded, not run: the emulator's ledger has no contracts to call.
        pre_registration_calls: params.pre_registration_calls ?? [],
      });
      const result = { fid, hash };
      if (idem) REGISTRATIONS.remember(store, 'registerAccountOnchain', idem, request, result);
      return result;
    });
    return registered(store, done, origin);
  },
};

interface Owners {
  users: UserOfBoth[];
  dehydrated: UserDehydrated[];
}
const NO_OWNERS: Owners = { users: [], dehydrated: [] };

/** A fungible's relevant owners as 3.x declares them: the first few hydrated, all dehydrated. */
function fungibleOwners({ users, dehydrated }: Owners) {
  return {
    top_relevant_fungible_owners_hydrated: users.slice(0, TOP_OWNERS),
    all_relevant_fungible_owners_dehydrated: dehydrated,
  };
}

/**
 * 2.44 requires the *_fungible_owners_* names but declares the shorter ones as properties (of full
 * users); 3.x declares the long names, the dehydrated list as UserDehydrated. Both are sent, so a
 * client of either generation reading either finds the lists.
 */
function ownersAnswer(found: Owners) {
  const owners = fungibleOwners(found);
  return {
    top_relevant_owners_hydrated: owners.top_relevant_fungible_owners_hydrated,
    all_relevant_owners_dehydrated: found.users,
    ...owners,
  };
}

/**
 * A fungible's holders with a verified address, largest balance first: those the viewer follows when
 * there is a viewer, every holder otherwise.
 */
function relevantOwners(store: Store, network: string, contract: Hex, view: HydrateOptions): Owners {
  const holders =
    view.viewerFid !== undefined
      ? followedTokenHolderFids(store, network, contract, view.viewerFid, MAX_OWNERS)
      : tokenHolderFids(store, network, contract, MAX_OWNERS);
  const fids = [...new Set(holders.map((h) => h.fid))];
  const dehydrated = userDehydrated(store, fids, view.origin);
  return {
    users: hydrateUserList(store, fids, view),
    dehydrated: fids.flatMap((fid) => dehydrated.get(fid) ?? []),
  };
}

function registered(store: Store, r: { fid: number; hash: string }, origin: string) {
  return {
    message: `registered fid ${r.fid} on the emulator's ledger`,
    transaction_hash: r.hash,
    user: hydrateUser(store, r.fid, { origin }),
  };
}

type Registration = V2Params<'registerAccountOnchain'>['registration'];
type SignerRequest = NonNullable<V2Params<'registerAccountOnchain'>['signers']>[number];

/** The custody address's EIP-712 Register signature for the IdGateway (a fresh address: nonce 0). */
async function checkRegister(store: Store, r: Registration, custody: Hex, recovery: Hex): Promise<void> {
  if (r.deadline * 1000 <= store.now())
    throw new ValidationError('registration.deadline has passed', 'registration.deadline');
  const signature = hexParam(r.signature, 'registration.signature', 65);
  const { verifyTypedData } = loadViem();
  const valid = await verifyTypedData({
    address: custody,
    domain: farcasterCore().ID_GATEWAY_EIP_712_DOMAIN,
    types: { Register: farcasterCore().ID_GATEWAY_REGISTER_TYPE },
    primaryType: 'Register',
    message: {
      to: custody,
      recovery: recovery,
      nonce: 0n,
      deadline: BigInt(r.deadline),
    },
    signature,
  }).catch(() => false);
  if (!valid) {
    throw new ValidationError(
      'registration.signature is not an IdGateway Register signed by registration.custody_address (nonce 0)',
      'registration.signature',
    );
  }
}

/** A KeyGateway Add signed by the custody address (the n-th key: nonce n), with its key request metadata. */
async function checkAdd(
  store: Store,
  s: SignerRequest,
  custody: Hex,
  n: number,
): Promise<{ key: string; appFid: number }> {
  const at = `signers[${n}]`;
  if (s.deadline * 1000 <= store.now())
    throw new ValidationError(`${at}.deadline has passed`, `${at}.deadline`);
  const key = hexParam(s.public_key, `${at}.public_key`, 32);
  const metadata = s.metadata.toLowerCase();
  const notMetadata = new ValidationError(
    `${at}.metadata is not an ABI-encoded SignedKeyRequestMetadata`,
    `${at}.metadata`,
  );
  if (!isHex(metadata)) throw notMetadata;
  const { decodeAbiParameters, verifyTypedData } = loadViem();
  let appFid: number;
  try {
    const [decoded] = decodeAbiParameters(SIGNED_KEY_REQUEST_METADATA, metadata);
    appFid = Number(decoded.requestFid);
  } catch {
    throw notMetadata;
  }
  const valid = await verifyTypedData({
    address: custody,
    domain: farcasterCore().KEY_GATEWAY_EIP_712_DOMAIN,
    types: { Add: farcasterCore().KEY_GATEWAY_ADD_TYPE },
    primaryType: 'Add',
    message: {
      owner: custody,
      keyType: s.key_type ?? 1,
      key,
      metadataType: s.metadata_type ?? 1,
      metadata,
      nonce: BigInt(n),
      deadline: BigInt(s.deadline),
    },
    signature: hexParam(s.signature, `${at}.signature`, 65),
  }).catch(() => false);
  if (!valid) {
    throw new ValidationError(
      `${at}.signature is not a KeyGateway Add signed by registration.custody_address (nonce ${n})`,
      `${at}.signature`,
    );
  }
  return { key, appFid };
}
