// The emulator's developer controls under /_emulator: routes of the emulator itself, not API
// operations, so the SDK has no methods for them. They go through the typed control client
// (@castkit/emulator/control): requests and answers typed from the emulator's declaration of each
// route, and every answer checked against it. This is the one place the console calls them; only
// the screens that do import it, so the declaration stays out of every other screen's first load.
import {
  type ControlClient,
  type ControlRequest,
  createControlClient,
  type FaultRuleInput,
  type HostAction,
  hostActionRoute,
} from '@castkit/emulator/control';
import type { Clients } from '../api/clients';

export type {
  ClockView,
  Delivery,
  FaultEffect,
  FaultRule,
  FaultRuleInput,
  HostAction,
  HostedMiniapp,
  HostResult,
  ServerWallet,
  SnapshotInfo,
} from '@castkit/emulator/control';
export { FAULT_EFFECTS } from '@castkit/emulator/control';

const controls = new WeakMap<Clients, ControlClient>();

/** The control client on the same server and key as `clients`. */
function control(clients: Clients): ControlClient {
  let client = controls.get(clients);
  if (!client) {
    client = createControlClient({ baseUrl: clients.hub.baseUrl, apiKey: clients.apiKey, timeoutMs: 60_000 });
    controls.set(clients, client);
  }
  return client;
}

/** The signer approval URL's action: user `fid` approves the pending signer. */
export const approveSigner = (clients: Clients, signerUuid: string, fid: number) =>
  control(clients).call('GET /_emulator/signer/:uuid/approve', {
    params: { uuid: signerUuid },
    query: { fid },
  });

export const listDeliveries = (clients: Clients, webhookId: string) =>
  control(clients).call('GET /_emulator/webhooks/deliveries', {
    query: { webhook_id: webhookId, limit: 50 },
  });

export const redeliver = (clients: Clients, deliveryId: number) =>
  control(clients).call('POST /_emulator/webhooks/deliveries/:id/redeliver', { params: { id: deliveryId } });

export const rotateWebhookSecret = (clients: Clients, webhookId: string) =>
  control(clients).call('POST /_emulator/webhooks/:webhook_id/rotate-secret', {
    params: { webhook_id: webhookId },
    body: {},
  });

export const resetEmulator = (clients: Clients) => control(clients).call('POST /_emulator/reset');

export const readClock = (clients: Clients) => control(clients).call('GET /_emulator/clock');

export type ClockMove =
  | { kind: 'freeze' }
  | { kind: 'resume' }
  | { kind: 'real' }
  | { kind: 'advance'; by: string }
  | { kind: 'set'; to: string };

export function moveClock(clients: Clients, move: ClockMove) {
  switch (move.kind) {
    case 'freeze':
      return control(clients).call('POST /_emulator/clock/freeze', { body: {} });
    case 'resume':
      return control(clients).call('POST /_emulator/clock/resume');
    case 'real':
      return control(clients).call('POST /_emulator/clock/real');
    case 'advance':
      return control(clients).call('POST /_emulator/clock/advance', { body: { by: move.by } });
    case 'set':
      return control(clients).call('POST /_emulator/clock/set', { body: { to: move.to } });
  }
}

export const listSnapshots = (clients: Clients) => control(clients).call('GET /_emulator/snapshots');
export const takeSnapshot = (clients: Clients, name: string) =>
  control(clients).call('POST /_emulator/snapshots', { body: { name } });
export const restoreSnapshot = (clients: Clients, name: string) =>
  control(clients).call('POST /_emulator/snapshots/:name/restore', { params: { name } });
export const deleteSnapshot = (clients: Clients, name: string) =>
  control(clients).call('DELETE /_emulator/snapshots/:name', { params: { name } });

/** The mini apps registered with the emulator's host simulation. */
export const listHostedMiniapps = (clients: Clients) => control(clients).call('GET /_emulator/miniapps');
export const registerMiniapp = (clients: Clients, app: ControlRequest<'POST /_emulator/miniapps'>['body']) =>
  control(clients).call('POST /_emulator/miniapps', { body: app });

/** User `fid` does `action` to app `appId` on the emulated Farcaster client. */
export const actAsUser = (
  clients: Clients,
  appId: number,
  fid: number,
  action: HostAction,
  notifications = false,
) =>
  control(clients).call(hostActionRoute(action), {
    params: { id: appId, fid },
    body: { notifications },
  });

export const listFaults = (clients: Clients) => control(clients).call('GET /_emulator/faults');
export const addFault = (clients: Clients, rule: FaultRuleInput) =>
  control(clients).call('POST /_emulator/faults', { body: rule });
export const removeFault = (clients: Clients, id: string) =>
  control(clients).call('DELETE /_emulator/faults/:id', { params: { id } });
export const clearFaults = (clients: Clients) => control(clients).call('DELETE /_emulator/faults');

/** The emulator's server wallets (the `x-wallet-id`s it knows) with what each holds. */
export const listWallets = (clients: Clients) => control(clients).call('GET /_emulator/wallets');
export const createWallet = (clients: Clients, body: ControlRequest<'POST /_emulator/wallets'>['body']) =>
  control(clients).call('POST /_emulator/wallets', { body });
