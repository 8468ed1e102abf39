export { type EmulatorCliExtras, main, type ServeValues, serve } from './cli.js';
export * from './edge.js';
export { loadMessage, messageBytes, renderMessage, renderStored } from './hub/render.js';
export {
  type Actor,
  actAs,
  type CastAddIntent,
  type EmbedInput,
  type MessageBuilder,
  messageBuilder,
} from './protocol/actions.js';
export { signMessageData } from './protocol/build.js';
export * from './protocol/codec.js';
export * from './protocol/errors.js';
export { ed25519PublicKey, ed25519Sign } from './protocol/keys.js';
export {
  checkMessage,
  commitMessages,
  type SubmitResult,
  submitMessage,
  submitMessages,
  type ValidatedMessage,
  validateMessages,
} from './protocol/submit.js';
export * from './protocol/types.js';
export {
  DEFAULT_API_KEY,
  DEFAULT_ASSET_ORIGIN,
  DEFAULT_PORT,
  DEFAULT_SEED,
  DEV_MNEMONIC,
  SEED_SHAPES,
  SEED_USERS,
  type SeedShape,
  type SeedSize,
} from './seed/constants.js';
export { avatarUrl, imageUrl, type SeedOptions, type SeedReport, seedStore } from './seed/seed.js';
export { parseDuration, parseTime } from './server/admin-clock.js';
export { absoluteUrl } from './server/assets.js';
export {
  FAULT_EFFECTS,
  type FaultEffect,
  type FaultRule,
  type FaultRuleInput,
  Faults,
} from './server/faults.js';
export { type HarnessValues, harnessOptions, parseFaultFlag } from './server/harness-flags.js';
export { type Emulator, type EmulatorOptions, startEmulator } from './server/http.js';
export { RATE_LIMIT_PLANS, type RateLimitPlan, RateLimits } from './server/rate-limits.js';
export * from './store/accounts.js';
export { Clock, type ClockChange, ClockError, type ClockListener, type ClockState } from './store/clock.js';
export { DatabaseOpenError, type DatabaseOwner, type DatabaseProblem } from './store/db-error.js';
export { isActiveKey, type SignerRow } from './store/queries/signers.js';
export { fidByCustody } from './store/queries/users.js';
export { type RestoreReport, type SnapshotInfo, Snapshots } from './store/snapshots.js';
export { Store, type StoreOptions } from './store/store.js';
export { clearAll, dataTables, rowCounts } from './store/tables.js';
