// Client for the main API (/v2): every operation of the generated table as a method.
import type { CallOptions, ClientOptions } from '../core/client.js';
import { isApiErrorResponse } from '../core/errors.js';
import { type ItemOf, type PaginateOptions, type Paginator, pagesOf } from '../core/paginate.js';
import { V2Methods } from '../generated/v2/methods.js';
import { v2Operations } from '../generated/v2/operations.js';
import type { DeveloperManagedSigner, Signer, V2OperationTypes } from '../generated/v2/types.js';
import {
  createSignerAndRegisterSignedKey,
  type FlowCallOptions,
  signAndRegisterSignedKeyForDeveloperManagedSigner,
} from '../signers/register-signed-key.js';
import type { SignedKeyRequestOptions } from '../signers/signed-key-request.js';
import { fetchTransport } from '../transport/fetch.js';
import type { Transport } from '../transport/types.js';
import type { Configuration } from './configuration.js';
import { type LegacyClientOptions, resolveOptions } from './options.js';

export const DEFAULT_API_BASE_URL = 'https://api.neynar.com/v2';

/** Operations that take a cursor, by method name. */
export type V2PagedOperation = {
  [K in keyof V2OperationTypes]: V2OperationTypes[K]['params'] extends { cursor?: unknown } ? K : never;
}[keyof V2OperationTypes];

// Every operation is a generated method of V2Methods; this class adds construction and transports.
export class NeynarAPIClient extends V2Methods {
  static isApiErrorResponse = isApiErrorResponse;
  static readonly operations = v2Operations;

  /**
   * `new NeynarAPIClient(new Configuration({ apiKey }))` as with the established SDK, or
   * `new NeynarAPIClient({ apiKey, baseUrl, timeout, retries, logger, fetch })`.
   */
  constructor(config: Configuration | ClientOptions, options?: LegacyClientOptions & ClientOptions) {
    super(resolveOptions(config, options), DEFAULT_API_BASE_URL);
  }

  /** `for await (const page of client.paginate('fetchFeed', {...}))`, or `.items()` for each item. */
  paginate<K extends V2PagedOperation>(
    operation: K,
    params: V2OperationTypes[K]['params'],
    options?: CallOptions & PaginateOptions,
  ): Paginator<V2OperationTypes[K]['response'], ItemOf<V2OperationTypes[K]>> {
    return pagesOf(this, v2Operations[operation], params, options);
  }

  /**
   * Creates a signer, signs its EIP-712 SignedKeyRequest with the app's custody account and
   * registers it; resolves to the signer pending the user's approval (`signer_approval_url`).
   * The account is `farcasterDeveloperMnemonic` (needs the optional peer dependency `viem`) or an
   * injected `signer` (a viem account or any `{ signTypedData }`). Without `appFid`, the app is the
   * fid whose custody address is the account's. `deadline` defaults to now + 24 h (unix seconds).
   * Failures are thrown as typed errors (`ApiError` subclasses, `MissingPeerDependencyError`).
   */
  createSignerAndRegisterSignedKey(
    params: SignedKeyRequestOptions,
    options?: FlowCallOptions,
  ): Promise<Signer> {
    return createSignerAndRegisterSignedKey(this, params, options);
  }

  /**
   * The same for a key the developer holds: signs the SignedKeyRequest for `publicKey` with the
   * app's custody account and calls `registerSignedKeyForDeveloperManagedSigner`.
   */
  signAndRegisterSignedKeyForDeveloperManagedSigner(
    params: SignedKeyRequestOptions & { publicKey: string },
    options?: FlowCallOptions,
  ): Promise<DeveloperManagedSigner> {
    return signAndRegisterSignedKeyForDeveloperManagedSigner(this, params, options);
  }

  protected defaultTransport(): Transport {
    return fetchTransport();
  }

  protected fetchTransport(fetchImpl: typeof fetch): Transport {
    return fetchTransport(fetchImpl);
  }
}
