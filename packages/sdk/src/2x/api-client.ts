// 2.44's client for the main API: every operation of its generated table as a method.
import { API_V2_BASE_URL } from '../clients/base-urls.js';
import type { Configuration } from '../clients/configuration.js';
import { type LegacyClientOptions, resolveOptions } from '../clients/options.js';
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

/** Where the 2.x clients send main-API requests unless told otherwise; the API's root works too. */
export const DEFAULT_API_BASE_URL = API_V2_BASE_URL;

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
