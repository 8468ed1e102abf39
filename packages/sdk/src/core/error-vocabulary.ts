// The error vocabulary the SDK and the emulator share: for each status, the class the SDK raises
// and the codes a body may carry (v2 `code`, hub `errCode`; the first is the default). The emulator
// answers only with statuses and codes listed here, so the same failure reads the same on both sides.

export const API_ERRORS = {
  400: {
    className: 'BadRequestError',
    codes: ['BadRequest', 'InvalidField', 'RequiredField', 'InvalidJson'],
    hub: [
      'bad_request.validation_failure',
      'bad_request.invalid_param',
      'bad_request.parse_failure',
      'bad_request.unknown_fid',
      'bad_request.unknown_signer',
    ],
  },
  401: { className: 'AuthenticationError', codes: ['Unauthorized'], hub: ['unauthenticated'] },
  403: { className: 'PermissionDeniedError', codes: ['Forbidden'], hub: ['unauthorized'] },
  404: { className: 'NotFoundError', codes: ['NotFound'], hub: ['not_found'] },
  405: { className: 'MethodNotAllowedError', codes: ['MethodNotAllowed'], hub: ['bad_request'] },
  409: {
    className: 'ConflictError',
    codes: ['Conflict'],
    hub: ['bad_request.conflict', 'bad_request.duplicate'],
  },
  413: {
    className: 'PayloadTooLargeError',
    codes: ['PayloadTooLarge'],
    hub: ['bad_request.validation_failure'],
  },
  415: {
    className: 'UnsupportedMediaTypeError',
    codes: ['UnsupportedMediaType'],
    hub: ['bad_request.validation_failure'],
  },
  421: { className: 'MisdirectedRequestError', codes: ['MisdirectedRequest'], hub: ['unauthorized'] },
  429: { className: 'RateLimitError', codes: ['RateLimitExceeded'], hub: ['unavailable.rate_limited'] },
  500: { className: 'InternalServerError', codes: ['InternalError'], hub: ['unknown'] },
  501: { className: 'NotImplementedError', codes: ['NotImplemented'], hub: ['unavailable'] },
  502: { className: 'InternalServerError', codes: ['BadGateway'], hub: ['unavailable.network_failure'] },
  503: { className: 'InternalServerError', codes: ['Unavailable'], hub: ['unavailable'] },
  504: { className: 'InternalServerError', codes: ['GatewayTimeout'], hub: ['unavailable.network_failure'] },
} as const;

export type ApiErrorStatus = keyof typeof API_ERRORS;
export type ApiErrorClassName = (typeof API_ERRORS)[ApiErrorStatus]['className'];
/** The v2 body codes a status may carry. */
export type ApiErrorCode<S extends ApiErrorStatus = ApiErrorStatus> = (typeof API_ERRORS)[S]['codes'][number];
/** The hub body `errCode`s a status may carry. */
export type HubErrorCode<S extends ApiErrorStatus = ApiErrorStatus> = (typeof API_ERRORS)[S]['hub'][number];
