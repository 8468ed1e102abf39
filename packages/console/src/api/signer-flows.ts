// The SDK's signer flows (sign a SignedKeyRequest with the app's custody account, then register the
// key) sent through the console's light client: the flows take the four operations they use as
// methods, and these send each one's entry.
import {
  type CastkitClient,
  createSigner,
  createSignerAndRegisterSignedKey,
  type FlowCallOptions,
  lookupUserByCustodyAddress,
  registerSignedKey,
  registerSignedKeyForDeveloperManagedSigner,
  type SignedKeyRequestOptions,
  signAndRegisterSignedKeyForDeveloperManagedSigner,
} from '@castkit/sdk/2.x';

type FlowApi = Parameters<typeof createSignerAndRegisterSignedKey>[0];

const flowApi = (v2: CastkitClient<'v2'>): FlowApi => ({
  createSigner: (params, options) => v2.call(createSigner, params, options),
  lookupUserByCustodyAddress: (params, options) => v2.call(lookupUserByCustodyAddress, params, options),
  registerSignedKey: (params, options) => v2.call(registerSignedKey, params, options),
  registerSignedKeyForDeveloperManagedSigner: (params, options) =>
    v2.call(registerSignedKeyForDeveloperManagedSigner, params, options),
});

/** A new managed signer, its key request signed by the app and registered: pending the user's approval. */
export const createAndRegisterSigner = (
  v2: CastkitClient<'v2'>,
  params: SignedKeyRequestOptions,
  options?: FlowCallOptions,
) => createSignerAndRegisterSignedKey(flowApi(v2), params, options);

/** A key the developer holds, its key request signed by the app and registered. */
export const registerDeveloperManagedKey = (
  v2: CastkitClient<'v2'>,
  params: SignedKeyRequestOptions & { publicKey: string },
  options?: FlowCallOptions,
) => signAndRegisterSignedKeyForDeveloperManagedSigner(flowApi(v2), params, options);
