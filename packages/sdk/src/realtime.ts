// The realtime entry point (`@castkit/sdk/realtime`): the WebSocket client, kept out of the core
// entry so the core stays free of any socket code.
export {
  type AnyRealtimeEvent,
  RealtimeClient,
  type RealtimeClientOptions,
  type RealtimeEvent,
  type RealtimeEventType,
  realtimeUrl,
  type SubscribeParams,
  Subscription,
} from './realtime/client.js';
export {
  ConnectionClosedError,
  RealtimeAuthenticationError,
  RealtimeError,
  ReplyTimeoutError,
  SocketNotReadyError,
} from './realtime/errors.js';
export type { SocketLike, WebSocketConstructor } from './realtime/socket.js';
