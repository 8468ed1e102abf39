// Everything both entry points export; the entries add clients wired to their platform's transport.

export { DEFAULT_API_BASE_URL, type V2PagedOperation } from './clients/api-client.js';
export { type CastkitClientOptions, paginate } from './clients/castkit-client.js';
export { Configuration, type ConfigurationParameters } from './clients/configuration.js';
export { DEFAULT_HUB_BASE_URL, type HubPagedOperation } from './clients/hub-client.js';
export type { BinaryBody } from './core/body.js';
export { buildRequest, type PreparedRequest, type RequestContext } from './core/build-request.js';
export type { CallOptions, ClientOptions, RawResponse } from './core/client.js';
export {
  API_ERRORS,
  type ApiErrorClassName,
  type ApiErrorCode,
  type ApiErrorStatus,
  type HubErrorCode,
} from './core/error-vocabulary.js';
export {
  AbortError,
  ApiError,
  type ApiErrorBody,
  type ApiErrorResponseBody,
  AuthenticationError,
  BadRequestError,
  CastkitError,
  ConflictError,
  ConnectionError,
  InternalServerError,
  isApiErrorResponse,
  MethodNotAllowedError,
  MisdirectedRequestError,
  MissingPeerDependencyError,
  NotFoundError,
  NotImplementedError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  RequiredError,
  ResponseTooLargeError,
  TimeoutError,
  TransportError,
  UnexpectedResponseError,
  UnsupportedMediaTypeError,
} from './core/errors.js';
export { type Logger, silentLogger } from './core/logger.js';
export type {
  Operation,
  OperationSpec,
  OperationTypes,
  Paged,
  ParamSpec,
  TypesOf,
} from './core/operation.js';
export { type PaginateOptions, Paginator } from './core/paginate.js';
export type { RetryPolicy } from './core/retry.js';
export { searchOperations } from './core/search-operations.js';
// Enums are values and types; operation entries are exported one by one so bundles keep only those used.
export * from './generated/enums.js';
export * from './generated/hub/operations.js';
export type * as Hub from './generated/hub/types.js';
export * from './generated/v2/operations.js';
export type * from './generated/v2/types.js';
export { allOperations } from './operations.js';
export {
  isJsonRpcResponse,
  JSON_RPC_ERRORS,
  JsonRpcError,
  type JsonRpcErrorObject,
  type JsonRpcId,
  type JsonRpcNotification,
  type JsonRpcRequest,
  type JsonRpcResponse,
  jsonRpcBatch,
  jsonRpcNotification,
  jsonRpcRequest,
  jsonRpcResult,
  matchJsonRpcResponses,
} from './realtime/json-rpc.js';
export {
  createSignerAndRegisterSignedKey,
  type FlowCallOptions,
  signAndRegisterSignedKeyForDeveloperManagedSigner,
} from './signers/register-signed-key.js';
export {
  SIGNED_KEY_REQUEST_DOMAIN,
  SIGNED_KEY_REQUEST_TYPES,
  type SignedKeyRequestAuthority,
  type SignedKeyRequestOptions,
  type SignedKeyRequestTypedData,
  signSignedKeyRequest,
  type TypedDataSigner,
} from './signers/signed-key-request.js';
export { fetchTransport } from './transport/fetch.js';
export type { Transport, TransportRequest, TransportResponse } from './transport/types.js';
export type * from './webhooks/events.js';
export {
  parseWebhookEvent,
  verifyWebhookSignature,
  WEBHOOK_EVENT_TYPES,
  type WebhookSecrets,
  type WebhookSignatureInput,
  WebhookVerificationError,
} from './webhooks/verify.js';
