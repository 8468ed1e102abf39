// 3.x's client for the main API: every operation of the 3.174 table as a method, under the same
// pipeline, options and signer flows as 2.x's.
import { API_ROOT_URL } from '../clients/base-urls.js';
import type { Configuration } from '../clients/configuration.js';
import { type LegacyClientOptions, resolveOptions } from '../clients/options.js';
import type { CallOptions, ClientOptions } from '../core/client.js';
import { isApiErrorResponse } from '../core/errors.js';
import { type ItemOf, type PaginateOptions, type Paginator, pagesOf } from '../core/paginate.js';
import { Api3Methods } from '../generated/api3/methods.js';
import { api3Operations } from '../generated/api3/operations.js';
import type { Api3OperationTypes, DeveloperManagedSigner, Signer } from '../generated/api3/types.js';
import {
  createSignerAndRegisterSignedKey,
  type FlowCallOptions,
  signAndRegisterSignedKeyForDeveloperManagedSigner,
} from '../signers/register-signed-key.js';
import type { SignedKeyRequestOptions } from '../signers/signed-key-request.js';
import { fetchTransport } from '../transport/fetch.js';
import type { Transport } from '../transport/types.js';

/** Where the 3.x clients send main-API requests unless told otherwise: the API's root (`/v2` works too). */
export const DEFAULT_API_BASE_URL = API_ROOT_URL;

/** Operations that take a cursor, by method name. */
export type Api3PagedOperation = {
  [K in keyof Api3OperationTypes]: Api3OperationTypes[K]['params'] extends { cursor?: unknown } ? K : never;
}[keyof Api3OperationTypes];

// Every operation is a generated method of Api3Methods; this class adds construction and transports.
export class NeynarAPIClient extends Api3Methods {
  static isApiErrorResponse = isApiErrorResponse;
  static readonly operations = api3Operations;

  /**
   * `new NeynarAPIClient(new Configuration({ apiKey, basePath, baseOptions }))` as with 3.x, whose
   * `baseOptions.headers` carry `x-wallet-id`, `x-neynar-experimental` and `authorization`; or
   * `new NeynarAPIClient({ apiKey, baseUrl, headers, timeout, retries, logger, fetch })`.
   */
  constructor(config: Configuration | ClientOptions, options?: LegacyClientOptions & ClientOptions) {
    super(resolveOptions(config, options), DEFAULT_API_BASE_URL);
  }

  /** `for await (const page of client.paginate('fetchFeed', {...}))`, or `.items()` for each item. */
  paginate<K extends Api3PagedOperation>(
    operation: K,
    params: Api3OperationTypes[K]['params'],
    options?: CallOptions & PaginateOptions,
  ): Paginator<Api3OperationTypes[K]['response'], ItemOf<Api3OperationTypes[K]>> {
    return pagesOf(this, api3Operations[operation], params, options);
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
