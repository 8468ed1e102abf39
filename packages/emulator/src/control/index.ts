// `@castkit/emulator/control`: the developer controls under /_emulator as one declaration, and the
// typed client that calls them. Nothing of Node: it runs in the browser (the console) as in Node
// (the CLI, the test kit).
//
//   const control = createControlClient({ baseUrl: 'http://127.0.0.1:3000', apiKey: 'castkit-dev-key' });
//   const clock = await control.call('POST /_emulator/clock/advance', { body: { by: '1h' } });
//   const file = await control.exportSnapshot('before-test'); // file.stream, or await file.bytes()

export type {
  ClockView,
  Delivery,
  FaultRule,
  FaultRuleInput,
  HostedMiniapp,
  HostResult,
  RestoreReport,
  ServerWallet,
  SnapshotImportReport,
  SnapshotInfo,
} from './answers.js';
export {
  type ControlCallArgs,
  type ControlCallOptions,
  type ControlClient,
  type ControlClientOptions,
  ControlError,
  createControlClient,
  type SnapshotDownload,
  type SnapshotUpload,
} from './client.js';
export type { ImportReport, ImportSlice } from './import-slice.js';
export {
  CONTROL_ROUTES,
  type ControlAnswer,
  type ControlInput,
  type ControlRequest,
  type ControlRoute,
  type ControlRoutes,
  type ControlSpec,
  controlRoutes,
  controlSpec,
  type FileRoute,
  type HostActionRoute,
  hostActionRoute,
  type JsonRoute,
  splitRoute,
} from './routes.js';
export { type Infer, type InputOf, type Schema, SchemaError } from './schema.js';
export {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  FAULT_EFFECTS,
  type FaultEffect,
  HOST_ACTIONS,
  HOST_EVENTS,
  type HostAction,
  type HostEvent,
  LATEST_TIME_MS,
  type PlanLimits,
  RATE_LIMIT_PLAN_NAMES,
  RATE_LIMIT_PLANS,
  type RateLimitPlan,
  SNAPSHOT_MEDIA_TYPE,
} from './vocabulary.js';
