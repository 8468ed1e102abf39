// Signers: create, look up, list (by a SIWE-signed message), signed key requests (EIP-712, checked
// against the app's custody address) and their approval; plus login nonce and authorize URL.
import { randomBytes } from 'node:crypto';
import { SIGNED_KEY_REQUEST_DOMAIN, SIGNED_KEY_REQUEST_TYPES, type Signer } from '@castkit/sdk/2.x';
import type { V2Handlers } from '../../api/dispatch.js';
import { approveSigner, createSigner, mustSigner, requestSignerApproval } from '../../domain/accounts.js';
import { findSignerByPublicKey, registerDeveloperKey } from '../../domain/developer-signers.js';
import { AuthenticationError, EmulatorError, NotFoundError, ValidationError } from '../../ground/errors.js';
import { isHex } from '../../ground/hex.js';
import { loadViem } from '../../ground/viem.js';
import { requireUser } from '../../hydrate/user.js';
import type { SignerRow } from '../../store/queries/signers.js';
import { signersOfFid } from '../../store/queries/signers.js';
import { custodyAddressOf, fidByCustody } from '../../store/queries/users.js';
import type { Store } from '../../store/store.js';
import { hexParam } from './social-common.js';

export const approvalPath = (signerUuid: string) => `/_emulator/signer/${signerUuid}/approve`;

/** The spec's Signer for a stored row; pending signers carry the URL that approves them. */
export function signerBody(row: SignerRow, origin: string): Signer {
  const body: Signer = {
    object: 'signer',
    signer_uuid: row.signer_uuid,
    public_key: row.public_key,
    status: row.status,
    permissions: ['WRITE_ALL'],
  };
  if (row.fid !== null) body.fid = row.fid;
  if (row.status === 'pending_approval')
    body.signer_approval_url = `${origin}${approvalPath(row.signer_uuid)}`;
  return body;
}

/** A signer as 3.x's RegisterUserResponse lists a new fid's `signers`: its uuid under `uuid`. */
export function listedSignerBody(row: SignerRow, origin: string) {
  const { signer_uuid: uuid, ...rest } = signerBody(row, origin);
  return { uuid, ...rest };
}

function developerSignerBody(row: SignerRow, origin: string) {
  const { signer_uuid: _uuid, object: _object, permissions: _permissions, ...rest } = signerBody(row, origin);
  return { ...rest, status: rest.status as Exclude<Signer['status'], 'generated'> };
}

/**
 * Checks a SignedKeyRequest: the app fid exists, the deadline is ahead of the emulator clock, and
 * the signature recovers to the app fid's custody address over (requestFid, key, deadline).
 */
export async function verifySignedKeyRequest(
  store: Store,
  params: { app_fid: number; deadline: number; signature: string },
  publicKey: string,
  names = { at: '', signature: 'signature' },
): Promise<void> {
  const appFid = params.app_fid;
  const custody = custodyAddressOf(store, appFid);
  if (!custody) throw new NotFoundError(`app fid ${appFid} not found`, `${names.at}app_fid`);
  const { deadline } = params;
  if (deadline * 1000 <= store.now()) throw new ValidationError('deadline has passed', `${names.at}deadline`);
  const signature = hexParam(params.signature, `${names.at}${names.signature}`, 65);
  let valid = false;
  try {
    const { verifyTypedData } = loadViem();
    // Stored keys and addresses are hex; the checks say so to viem's types.
    valid =
      isHex(custody) &&
      isHex(publicKey) &&
      (await verifyTypedData({
        address: custody,
        domain: SIGNED_KEY_REQUEST_DOMAIN,
        types: SIGNED_KEY_REQUEST_TYPES,
        primaryType: 'SignedKeyRequest',
        message: { requestFid: BigInt(appFid), key: publicKey, deadline: BigInt(deadline) },
        signature,
      }));
  } catch {
    valid = false;
  }
  if (!valid) {
    throw new ValidationError(
      `${names.at}${names.signature} is not a SignedKeyRequest signed by the custody address of app fid ${appFid}`,
      `${names.at}${names.signature}`,
    );
  }
}

export const signerHandlers: V2Handlers = {
  createSigner(call) {
    return signerBody(createSigner(call.store), call.origin);
  },

  lookupSigner(call) {
    return signerBody(mustSigner(call.store, call.params.signer_uuid), call.origin);
  },

  async registerSignedKey(call) {
    const { store, params } = call;
    const signer = mustSigner(store, params.signer_uuid);
    if (signer.status !== 'generated' && signer.status !== 'pending_approval') {
      throw new ValidationError(`signer is already ${signer.status}`, 'signer_uuid');
    }
    await verifySignedKeyRequest(store, params, signer.public_key);
    return signerBody(requestSignerApproval(store, signer.signer_uuid, params.app_fid), call.origin);
  },

  lookupDeveloperManagedSigner(call) {
    // Any key the emulator knows answers, managed or not, once a signed key request was made for it.
    const row = findSignerByPublicKey(call.store, call.params.public_key);
    if (!row || row.status === 'generated') {
      throw new NotFoundError(
        `no developer managed signer with public key ${call.params.public_key}`,
        'public_key',
      );
    }
    return developerSignerBody(row, call.origin);
  },

  async registerSignedKeyForDeveloperManagedSigner(call) {
    const { store, params } = call;
    const publicKey = hexParam(params.public_key, 'public_key', 32);
    await verifySignedKeyRequest(store, params, publicKey);
    return developerSignerBody(registerDeveloperKey(store, publicKey, params.app_fid), call.origin);
  },

  async fetchSigners(call) {
    const { store, params } = call;
    const { message } = params;
    // A Sign-In With Ethereum message: its second line is the signing address.
    const address = message.match(/^0x[0-9a-fA-F]{40}$/m)?.[0];
    if (!address || !isHex(address))
      throw new ValidationError('message is not a Sign-In With Ethereum message', 'message');
    let valid = false;
    try {
      const { verifyMessage } = loadViem();
      valid = await verifyMessage({
        address,
        message,
        signature: hexParam(params.signature, 'signature', 65),
      });
    } catch (e) {
      if (e instanceof EmulatorError) throw e;
    }
    if (!valid) throw new AuthenticationError(`signature was not made by ${address}`, 'signature');
    const fid = fidByCustody(store, address);
    if (fid === undefined) return { signers: [] };
    return { signers: signersOfFid(store, fid).map((r) => signerBody(r, call.origin)) };
  },

  fetchNonce() {
    // SIWE nonces are alphanumeric and at least 8 characters.
    return { nonce: `castkit${randomBytes(12).toString('hex')}` };
  },

  fetchAuthorizationUrl(call) {
    const url = new URL('/_emulator/login/authorize', call.origin);
    url.searchParams.set('client_id', call.params.client_id);
    url.searchParams.set('response_type', call.params.response_type);
    return { authorization_url: url.toString() };
  },
};

/**
 * What the signer approval URL does (`GET /_emulator/signer/<uuid>/approve?fid=N`): the user `fid`
 * approves a pending signer, its key is added on chain and it may sign from then on. Exported for
 * the server's `/_emulator` routes and for tests.
 */
export function approveSignerRequest(
  store: Store,
  signerUuid: string,
  fid: number,
): Signer & { fid: number } {
  const signer = mustSigner(store, signerUuid);
  if (signer.status !== 'pending_approval') {
    throw new ValidationError(`signer is ${signer.status}, not pending approval`, 'signer_uuid');
  }
  requireUser(store, fid, 'fid');
  const row = approveSigner(store, signerUuid, fid);
  return { ...signerBody(row, ''), fid };
}
