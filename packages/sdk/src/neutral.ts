// What both surfaces export alike: the pipeline, errors, transports, retries, pagination, the light
// client's paging, webhook verification, JSON-RPC and signing helpers. Each surface (2x/, 3x/) adds
// its generation's tables, types, enums and clients.

export { type CastkitClientOptions, paginate } from './clients/castkit-client.js';
export { Configuration, type ConfigurationParameters } from './clients/configuration.js';
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
export type { FlowCallOptions } from './signers/register-signed-key.js';
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
export type { WebhookReactionType } from './webhooks/events.js';
export {
  verifyWebhookSignature,
  WEBHOOK_EVENT_TYPES,
  type WebhookSecrets,
  type WebhookSignatureInput,
  WebhookVerificationError,
} from './webhooks/verify.js';
