// The signer flows the established SDK offers on top of the operations: sign a SignedKeyRequest
// with the app's custody account and register it. Every failure is thrown as a typed error.
import type { CallOptions } from '../core/client.js';
import { RequiredError } from '../core/errors.js';
import type { V2Methods } from '../generated/v2/methods.js';
import type { DeveloperManagedSigner, Signer } from '../generated/v2/types.js';
import {
  defaultDeadline,
  resolveAppFid,
  resolveSigner,
  type SignedKeyRequestOptions,
  signSignedKeyRequest,
} from './signed-key-request.js';

/** Per-call options for every request a flow sends (`raw` does not apply: a flow returns the result). */
export type FlowCallOptions = Omit<CallOptions, 'raw'>;

/** The operations the flows are made of. */
type Api = Pick<
  V2Methods,
  | 'createSigner'
  | 'lookupUserByCustodyAddress'
  | 'registerSignedKey'
  | 'registerSignedKeyForDeveloperManagedSigner'
>;

/**
 * Creates a signer, signs its key request with the app's custody account and registers it:
 * resolves to the signer, pending the user's approval at `signer_approval_url`.
 */
export async function createSignerAndRegisterSignedKey(
  api: Api,
  params: SignedKeyRequestOptions,
  options?: FlowCallOptions,
): Promise<Signer> {
  const operation = 'createSignerAndRegisterSignedKey';
  // The account and the app fid first, so a missing viem or an unknown app leaves no signer behind.
  const signer = await resolveSigner(params, operation);
  const appFid = await resolveAppFid(signer, params.appFid, operation, (custodyAddress) =>
    api.lookupUserByCustodyAddress({ custodyAddress }, options),
  );
  const created = await api.createSigner({}, options);
  const deadline = params.deadline ?? defaultDeadline();
  const signature = await signSignedKeyRequest(signer, { appFid, key: created.public_key, deadline });
  return api.registerSignedKey(
    {
      signerUuid: created.signer_uuid,
      appFid,
      deadline,
      signature,
      sponsor: params.sponsor,
      redirectUrl: params.redirectUrl,
    },
    options,
  );
}

/**
 * Signs the key request for a key the developer holds (`publicKey`) with the app's custody account
 * and registers it: resolves to the developer managed signer, pending the user's approval.
 */
export async function signAndRegisterSignedKeyForDeveloperManagedSigner(
  api: Api,
  params: SignedKeyRequestOptions & { publicKey: string },
  options?: FlowCallOptions,
): Promise<DeveloperManagedSigner> {
  const operation = 'signAndRegisterSignedKeyForDeveloperManagedSigner';
  if (!params.publicKey) throw new RequiredError('publicKey', operation);
  const signer = await resolveSigner(params, operation);
  const appFid = await resolveAppFid(signer, params.appFid, operation, (custodyAddress) =>
    api.lookupUserByCustodyAddress({ custodyAddress }, options),
  );
  const deadline = params.deadline ?? defaultDeadline();
  const signature = await signSignedKeyRequest(signer, { appFid, key: params.publicKey, deadline });
  return api.registerSignedKeyForDeveloperManagedSigner(
    {
      publicKey: params.publicKey,
      appFid,
      deadline,
      signature,
      sponsor: params.sponsor,
      redirectUrl: params.redirectUrl,
    },
    options,
  );
}
