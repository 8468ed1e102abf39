// `@castkit/emulator/edge`: the HTTP edge alone, without the store, for servers that only front
// something else (castkit dev --upstream's proxy) yet must refuse the same requests the same way.

export { EmulatorError } from './protocol/errors.js';
export { parseCorsOrigins } from './server/cors.js';
export { createEdge, DEFAULT_MAX_BODY_BYTES, type EdgeOptions, type Logger } from './server/edge.js';
export { configuredHosts, listeningUrl } from './server/hosts.js';
export type {
  Api,
  BodyKind,
  Context,
  Door,
  Fallback,
  Handler,
  Link,
  LinkCall,
  Result,
  Route,
} from './server/router.js';
