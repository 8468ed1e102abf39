// Accounts: registration, profile updates and verifications (protocol messages through the write
// path), fname availability, storage allocations, usage and purchase (on-chain events).
import { randomBytes } from 'node:crypto';
import type { V2Handlers, V2Params } from '../../api/dispatch.js';
import {
  activeUnits,
  approveSigner,
  createSigner,
  getSigner,
  registerUser,
  rentStorage,
  requestSignerApproval,
  type StorageKind,
  storageUsed,
  UNIT_CAPACITY,
} from '../../domain/accounts.js';
import { idempotent } from '../../domain/idempotency.js';
import { fromHex } from '../../ground/codec.js';
import { ConflictError, NotFoundError, ValidationError } from '../../ground/errors.js';
import { MessageType, UserDataType } from '../../ground/types.js';
import { hydrateUser, requireUser, userDehydrated } from '../../hydrate/user.js';
import { actAs, messageBuilder } from '../../protocol/actions.js';
import { commitMessages, validateMessages } from '../../protocol/submit.js';
import { isoTime } from '../../store/clock.js';
import { activeStorageRents, usernameProofByName } from '../../store/queries/onchain.js';
import { activeKeyCount, signersOfFid } from '../../store/queries/signers.js';
import { fidByUsername, nextFreeFid, userExists, verificationByKey } from '../../store/queries/users.js';
import type { Store } from '../../store/store.js';
import { isHttpUrl } from '../casts/publish.js';
import { listedSignerBody, signerBody, verifySignedKeyRequest } from './signers.js';
import { EVM_ADDRESS, hexParam, ok } from './social-common.js';
import { walletOf3x } from './wallet-header.js';

/** Keys a fid may have at once is not storage-bound; a generous fixed ceiling for the usage view. */
const SIGNER_CAPACITY = 1000;
/** buyStorage remembers only that it rented: a retry answers the allocations as they are then. */
const STORAGE_BOUGHT = idempotent<true>();
/** Who pays for storage bought through the API: the emulator's stand-in for the app's wallet. */
const STORAGE_PAYER = '0x00000000000000000000000000000000000000ff';
const FNAME = /^[a-z0-9][a-z0-9-]{0,15}$/;

/** The profile fields updateUser takes and registerAccount's metadata holds. */
type Profile = Omit<V2Params<'updateUser'>, 'signer_uuid'>;

export const accountHandlers: V2Handlers = {
  getFreshAccountFID(call) {
    walletOf3x(call);
    return { fid: nextFreeFid(call.store) };
  },

  isFnameAvailable(call) {
    const fname = call.params.fname.toLowerCase();
    if (!FNAME.test(fname)) {
      throw new ValidationError(
        'fname must be 1-16 characters of a-z, 0-9 and -, not starting with -',
        'fname',
      );
    }
    return { available: fnameAvailable(call.store, fname) };
  },

  async registerAccount(call) {
    const { store, params } = call;
    walletOf3x(call);
    const { fid } = params;
    if (!Number.isInteger(fid) || fid < 1) throw new ValidationError('fid must be a positive integer', 'fid');
    const custody = params.requested_user_custody_address;
    if (!EVM_ADDRESS.test(custody)) {
      throw new ValidationError(
        'requested_user_custody_address must be an eth address',
        'requested_user_custody_address',
      );
    }
    // The emulator has no chain to submit the Register signature to, so it checks the shape only.
    hexParam(params.signature, 'signature', 65);
    if (params.deadline * 1000 < store.now()) throw new ValidationError('deadline has passed', 'deadline');
    if (userExists(store, fid)) {
      throw new ConflictError(
        `fid ${fid} is already registered; ask getFreshAccountFID for a free one`,
        'fid',
      );
    }
    const fname = params.fname?.toLowerCase();
    if (fname !== undefined && (!FNAME.test(fname) || !fnameAvailable(store, fname))) {
      throw new ConflictError(`fname ${fname} is not available`, 'fname');
    }
    const changes = profileChanges(params.metadata ?? {}, 'metadata.');
    const given = await givenSigner(store, params);
    // All or nothing: the profile messages are signed with the new signer's key before it exists
    // and validated first; the fid, its storage, the signer and the messages then commit together.
    const privateKey = given?.key ?? new Uint8Array(randomBytes(32));
    const build = messageBuilder(store, fid, privateKey);
    const messages = [
      ...(fname ? [build.userDataAdd(UserDataType.Username, fname)] : []),
      ...changes.map(([type, value]) => build.userDataAdd(type, value)),
    ];
    const validated = await validateMessages(store, messages);
    const signer = store.tx(() => {
      registerUser(store, { fid, custodyAddress: custody });
      const uuid = given
        ? requestSignerApproval(store, given.row.signer_uuid, given.appFid).signer_uuid
        : createSigner(store, { privateKey }).signer_uuid;
      const approved = approveSigner(store, uuid, fid);
      commitMessages(store, validated);
      return approved;
    });
    // 2.44 requires the signer made or taken, 3.x the fid's signers: one answer carries both.
    return {
      success: true,
      message: `registered fid ${fid}`,
      signer: signerBody(signer, call.origin),
      signers: signersOfFid(store, fid).map((row) => listedSignerBody(row, call.origin)),
      user: hydrateUser(store, fid, { origin: call.origin }),
    };
  },

  async updateUser(call) {
    const { store, params } = call;
    const me = actAs(store, params.signer_uuid);
    const changes = [
      ...profileChanges(params),
      ...(isUpdate3(params) ? update3Changes(store, me.fid, params) : []),
    ];
    if (!changes.length)
      throw new ValidationError('nothing to update: give at least one profile field', 'bio');
    const username = changes.find(([type]) => type === UserDataType.Username)?.[1];
    if (username !== undefined) {
      const owner = fidByUsername(store, username);
      if (owner !== undefined && owner !== me.fid)
        throw new ConflictError(`username ${username} is taken`, 'username');
    }
    await me.submit(changes.map(([type, value]) => me.build.userDataAdd(type, value)));
    return ok(`updated ${changes.length} profile field${changes.length === 1 ? '' : 's'}`);
  },

  async publishVerification(call) {
    const { store, params } = call;
    const me = actAs(store, params.signer_uuid);
    const address = hexParam(params.address, 'address', 20);
    // Hub validation (inside the write path) checks the claim signature against fid, address and block hash.
    await me.signAndSubmit(MessageType.VerificationAdd, {
      verificationAddAddressBody: {
        address: fromHex(address),
        claimSignature: fromHex(hexParam(params.eth_signature, 'eth_signature', 65)),
        blockHash: fromHex(hexParam(params.block_hash, 'block_hash', 32)),
        verificationType: params.verification_type ?? 0,
        chainId: params.chain_id ?? 0,
        protocol: 0,
      },
    });
    return ok(`verified ${address} for fid ${me.fid}`);
  },

  async deleteVerification(call) {
    const { store, params } = call;
    const me = actAs(store, params.signer_uuid);
    const address = hexParam(params.address, 'address', 20);
    if (!verificationByKey(store, me.fid, address)) {
      throw new NotFoundError(`fid ${me.fid} has not verified ${address}`, 'address');
    }
    await me.verificationRemove(address);
    return ok(`removed verification of ${address}`);
  },

  lookupUserStorageAllocations(call) {
    requireUser(call.store, call.params.fid, 'fid');
    return allocations(call.store, call.params.fid, call.origin);
  },

  lookupUserStorageUsage(call) {
    const { store, params } = call;
    requireUser(store, params.fid, 'fid');
    const { fid } = params;
    const units = activeUnits(store, fid);
    const used = storageUsed(store, fid);
    const object = (n: number, capacity: number) => ({ object: 'storage', used: n, capacity });
    const usage = (kind: StorageKind) => object(used[kind], units * UNIT_CAPACITY[kind]);
    const signers = activeKeyCount(store, fid);
    return {
      object: 'storage_usage',
      user: userDehydrated(store, [fid], call.origin).get(fid),
      casts: usage('casts'),
      reactions: usage('reactions'),
      links: usage('links'),
      verified_addresses: usage('verifications'),
      username_proofs: usage('username_proofs'),
      signers: object(signers, SIGNER_CAPACITY),
      total_active_units: units,
    };
  },

  buyStorage(call) {
    const { store, params } = call;
    walletOf3x(call);
    requireUser(store, params.fid, 'fid');
    const units = params.units ?? 1;
    // An idem key makes a retried purchase answer the first one's result instead of buying twice.
    const idem = params.idem || undefined;
    const request = { fid: params.fid, units };
    if (!idem || STORAGE_BOUGHT.recall(store, 'buyStorage', idem, request) === undefined) {
      store.tx(() => {
        rentStorage(store, params.fid, units, STORAGE_PAYER);
        if (idem) STORAGE_BOUGHT.remember(store, 'buyStorage', idem, request, true);
      });
    }
    return allocations(store, params.fid, call.origin);
  },
};

function fnameAvailable(store: Store, fname: string): boolean {
  return fidByUsername(store, fname) === undefined && usernameProofByName(store, fname) === undefined;
}

function allocations(store: Store, fid: number, origin: string) {
  const rows = activeStorageRents(store, fid, store.now());
  const user = userDehydrated(store, [fid], origin).get(fid);
  return {
    total_active_units: rows.reduce((n, r) => n + r.units, 0),
    allocations: rows.map((r) => ({
      object: 'storage_allocation',
      user,
      units: r.units,
      expiry: isoTime(r.expires_at),
      timestamp: isoTime(r.rented_at),
    })),
  };
}

/**
 * Profile fields of a request as protocol UserDataAdd (type, value) pairs, checked first so nothing
 * half-applies. The request schema has checked their types and the location's ranges; `at` prefixes
 * the field names errors give (`metadata.` for registerAccount).
 */
type RegisterParams = V2Params<'registerAccount'>;

/**
 * 3.x's `signer`: a signer the app made (create-signer) and its signed key request, to be the new
 * account's signer instead of one the emulator makes; checked as register-signed-key checks one.
 */
async function givenSigner(store: Store, params: RegisterParams) {
  const signer = 'signer' in params ? params.signer : undefined;
  if (!signer) return undefined;
  const row = getSigner(store, signer.uuid);
  if (!row) throw new NotFoundError(`signer ${signer.uuid} not found`, 'signer.uuid');
  if (row.status !== 'generated' && row.status !== 'pending_approval')
    throw new ValidationError(`signer ${signer.uuid} is already ${row.status}`, 'signer.uuid');
  const request = { ...signer, signature: signer.signed_key_request_metadata_signature };
  await verifySignedKeyRequest(store, request, row.public_key, {
    at: 'signer.',
    signature: 'signed_key_request_metadata_signature',
  });
  // A uuid names a signer whose key the emulator keeps (create-signer's): it signs the new profile.
  if (!row.private_key)
    throw new ValidationError(`signer ${signer.uuid} has no key the emulator keeps`, 'signer.uuid');
  return { row, key: new Uint8Array(row.private_key), appFid: signer.app_fid };
}

type UpdateParams = V2Params<'updateUser'>;
/** What only 3.x's update-user takes: a banner image and the primary address of each protocol. */
type Update3 = Extract<UpdateParams, { banner?: string }>;
const isUpdate3 = (p: UpdateParams): p is Update3 =>
  'banner' in p || 'primary_eth_address' in p || 'primary_sol_address' in p;

/** 3.x's profile fields as user data messages: a primary address must be one the fid has verified. */
function update3Changes(store: Store, fid: number, p: Update3): [number, string][] {
  const out: [number, string][] = [];
  if (p.banner !== undefined) {
    if (p.banner !== '' && !isHttpUrl(p.banner))
      throw new ValidationError('banner must be an http(s) URL', 'banner');
    out.push([UserDataType.Banner, p.banner]);
  }
  const primary = (value: string | undefined, name: string, type: number) => {
    if (value === undefined) return;
    if (!verificationByKey(store, fid, value)) {
      throw new ValidationError(
        `${name} must be one of fid ${fid}'s verified addresses; ${value} is not`,
        name,
      );
    }
    out.push([type, value]);
  };
  primary(p.primary_eth_address?.toLowerCase(), 'primary_eth_address', UserDataType.PrimaryAddressEthereum);
  primary(p.primary_sol_address, 'primary_sol_address', UserDataType.PrimaryAddressSolana);
  return out;
}

function profileChanges(p: Profile, at = ''): [number, string][] {
  const out: [number, string][] = [];
  const text = (value: string | undefined, type: number) => {
    if (value !== undefined) out.push([type, value]);
  };
  // Clients render these as links and images: only http(s), never javascript: or data:.
  const link = (value: string | undefined, name: string, type: number) => {
    if (value !== undefined && value !== '' && !isHttpUrl(value)) {
      throw new ValidationError(`${at}${name} must be an http(s) URL`, `${at}${name}`);
    }
    text(value, type);
  };
  if (p.username !== undefined) {
    const name = p.username.toLowerCase();
    if (!FNAME.test(name))
      throw new ValidationError('username must be 1-16 characters of a-z, 0-9 and -', `${at}username`);
    out.push([UserDataType.Username, name]);
  }
  text(p.display_name, UserDataType.Display);
  text(p.bio, UserDataType.Bio);
  link(p.pfp_url, 'pfp_url', UserDataType.Pfp);
  link(p.url, 'url', UserDataType.Url);
  if (p.location !== undefined) {
    const { latitude: lat, longitude: lng } = p.location;
    // The protocol's geo URI carries two decimals.
    out.push([UserDataType.Location, `geo:${lat.toFixed(2)},${lng.toFixed(2)}`]);
  }
  text(p.verified_accounts?.x, UserDataType.Twitter);
  text(p.verified_accounts?.github, UserDataType.Github);
  return out;
}
