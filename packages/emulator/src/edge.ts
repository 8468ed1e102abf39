// `@castkit/emulator/edge`: the HTTP edge alone, without the store, for servers that only front
// something else (castkit dev --upstream's proxy) yet must refuse the same requests the same way.

export { parseCorsOrigins } from './edge/cors.js';
export { createEdge, DEFAULT_MAX_BODY_BYTES, type EdgeOptions, type Logger } from './edge/edge.js';
export { configuredHosts, listeningUrl } from './edge/hosts.js';
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
} from './edge/router.js';
export { EmulatorError } from './ground/errors.js';
