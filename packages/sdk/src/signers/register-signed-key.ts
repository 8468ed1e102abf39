// The signer flows the established SDK offers on top of the operations: sign a SignedKeyRequest
// with the app's custody account and register it. Every failure is thrown as a typed error.
import type { CallOptions } from '../core/client.js';
import { RequiredError } from '../core/errors.js';
import type { V2Methods } from '../generated/v2/methods.js';
import type { DeveloperManagedSigner, Signer } from '../generated/v2/types.js';
import { field, fromAnswer, isText } from './answer.js';
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
  // The signer is created only once the account and the app are known, so a missing viem or an
  // unknown app leaves no signer behind.
  const { key, request } = await signedKeyRequest(
    api,
    params,
    'createSignerAndRegisterSignedKey',
    options,
    async () => {
      const answer = await api.createSigner({}, { ...options, raw: true });
      return fromAnswer('createSigner', answer, 'signer_uuid and public_key', (data) => {
        const [uuid, key] = [field(data, 'signer_uuid'), field(data, 'public_key')];
        return isText(uuid) && isText(key) ? { signer_uuid: uuid, public_key: key } : undefined;
      });
    },
  );
  return api.registerSignedKey({ signerUuid: key.signer_uuid, ...request }, options);
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
  const { request } = await signedKeyRequest(api, params, operation, options, async () => ({
    public_key: params.publicKey,
  }));
  return api.registerSignedKeyForDeveloperManagedSigner({ publicKey: params.publicKey, ...request }, options);
}

/**
 * What both registrations send beside the key: the app fid (given, or found by the custody account),
 * the deadline and the custody account's signature over (app fid, key, deadline). The key is made
 * (`makeKey`) only once the account and the app are known.
 */
async function signedKeyRequest<K extends { public_key: string }>(
  api: Api,
  params: SignedKeyRequestOptions,
  operation: string,
  options: FlowCallOptions | undefined,
  makeKey: () => Promise<K>,
) {
  const signer = await resolveSigner(params, operation);
  const appFid = await resolveAppFid(signer, params.appFid, operation, (custodyAddress) =>
    api.lookupUserByCustodyAddress({ custodyAddress }, { ...options, raw: true }),
  );
  const key = await makeKey();
  const deadline = params.deadline ?? defaultDeadline();
  const signature = await signSignedKeyRequest(signer, { appFid, key: key.public_key, deadline });
  return {
    key,
    request: { appFid, deadline, signature, sponsor: params.sponsor, redirectUrl: params.redirectUrl },
  };
}
