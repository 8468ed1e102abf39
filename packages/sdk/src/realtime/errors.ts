// The realtime client's failures, in the SDK's one hierarchy (CastkitError at the root).
import { CastkitError } from '../core/errors.js';
import { JsonRpcError } from './json-rpc.js';

export class RealtimeError extends CastkitError {
  override name = 'RealtimeError';
}

/** A request was made while the socket was not open (before connect, while reconnecting, after close). */
export class SocketNotReadyError extends RealtimeError {
  override name = 'SocketNotReadyError';
  constructor(readonly method: string) {
    super(`${method}: socket not ready`);
  }
}

/** No answer came within `replyTimeout` ms. */
export class ReplyTimeoutError extends RealtimeError {
  override name = 'ReplyTimeoutError';
  constructor(
    readonly method: string,
    readonly timeout: number,
  ) {
    super(`${method}: reply timeout (no answer within ${timeout} ms)`);
  }
}

/** The socket closed: requests in flight fail with it; after the last reconnect attempt, so do subscriptions. */
export class ConnectionClosedError extends RealtimeError {
  override name = 'ConnectionClosedError';
  constructor(
    message: string,
    /** The close code and reason the server gave, when it gave one. */
    readonly code?: number,
    readonly reason?: string,
  ) {
    super(message);
  }
}

/** login was refused: the API key is not one the server accepts. */
export class RealtimeAuthenticationError extends JsonRpcError {
  override name = 'RealtimeAuthenticationError';
}
