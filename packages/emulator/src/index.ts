export { type EmulatorCliExtras, main, type ServeValues, serve } from './cli.js';
export * from './domain/accounts.js';
export { type RestoreReport, type SnapshotInfo, Snapshots } from './domain/snapshots.js';
export * from './edge.js';
export { type Emulator, type EmulatorOptions, startEmulator } from './emulator.js';
export { absoluteUrl } from './ground/absolute-url.js';
export * from './ground/codec.js';
export * from './ground/errors.js';
export { ed25519PublicKey, ed25519Sign } from './ground/keys.js';
export * from './ground/types.js';
export { type HarnessValues, harnessOptions, parseFaultFlag } from './harness-flags.js';
export { loadMessage, messageBytes, renderMessage, renderStored } from './hub/render.js';
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
export { defaultSeedCache } from './seed/template.js';
export { parseDuration, parseTime } from './server/admin-clock.js';
export {
  FAULT_EFFECTS,
  type FaultEffect,
  type FaultRule,
  type FaultRuleInput,
  Faults,
} from './server/faults.js';
export { RATE_LIMIT_PLANS, type RateLimitPlan, RateLimits } from './server/rate-limits.js';
export { Clock, type ClockChange, ClockError, type ClockListener, type ClockState } from './store/clock.js';
export { DatabaseOpenError, type DatabaseOwner, type DatabaseProblem } from './store/db-error.js';
export { isActiveKey, type SignerRow } from './store/queries/signers.js';
export { fidByCustody } from './store/queries/users.js';
export { Store, type StoreOptions } from './store/store.js';
export { clearAll, dataTables, rowCounts } from './store/tables.js';
