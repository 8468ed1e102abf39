// The emulator's developer controls under /_emulator: routes of the emulator itself, not API
// operations, so the SDK has no methods for them; this is the one place the console calls them.
// Types only: the fault rules' shapes come from the emulator; nothing of it reaches the browser.
import type { FaultEffect, FaultRule, FaultRuleInput } from '@castkit/emulator';
import type { Clients } from '../api/clients';

export type { FaultEffect, FaultRule, FaultRuleInput };

export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function emulatorControl<T>(
  clients: Clients,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: `/_emulator/${string}`,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { 'x-api-key': clients.apiKey, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(new URL(path, clients.hub.baseUrl), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = text;
  }
  if (!res.ok) {
    const message = (data as { message?: unknown } | undefined)?.message;
    throw new ControlError(
      res.status,
      typeof message === 'string' ? message : `${path} answered ${res.status}`,
    );
  }
  return data as T;
}

/** The signer approval URL's action: user `fid` approves the pending signer. */
export const approveSigner = (clients: Clients, signerUuid: string, fid: number) =>
  emulatorControl<{ status: string; fid: number }>(
    clients,
    'GET',
    `/_emulator/signer/${encodeURIComponent(signerUuid)}/approve?fid=${fid}`,
  );

/** A webhook delivery as the emulator's log shows it (/_emulator/webhooks/deliveries). */
export interface Delivery {
  id: number;
  webhook_id: string;
  event_id: number;
  type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  response_status: number | null;
  error: string | null;
  duration_ms: number | null;
  created_at: string;
  delivered_at: string | null;
  next_attempt_at: string | null;
  payload: unknown;
  attempt_log: {
    attempt: number;
    started_at: string;
    duration_ms: number | null;
    response_status: number | null;
    error: string | null;
  }[];
}

export const listDeliveries = (clients: Clients, webhookId: string) =>
  emulatorControl<{ deliveries: Delivery[] }>(
    clients,
    'GET',
    `/_emulator/webhooks/deliveries?webhook_id=${encodeURIComponent(webhookId)}&limit=50`,
  );

export const redeliver = (clients: Clients, deliveryId: number) =>
  emulatorControl<{ delivery: Delivery }>(
    clients,
    'POST',
    `/_emulator/webhooks/deliveries/${deliveryId}/redeliver`,
  );

export const rotateWebhookSecret = (clients: Clients, webhookId: string) =>
  emulatorControl<unknown>(
    clients,
    'POST',
    `/_emulator/webhooks/${encodeURIComponent(webhookId)}/rotate-secret`,
    {},
  );

export const resetEmulator = (clients: Clients) =>
  emulatorControl<{ status: string }>(clients, 'POST', '/_emulator/reset');

export interface ClockView {
  now: number;
  iso: string;
  [field: string]: unknown;
}
export const readClock = (clients: Clients) => emulatorControl<ClockView>(clients, 'GET', '/_emulator/clock');
export const moveClock = (
  clients: Clients,
  move:
    | { kind: 'freeze' }
    | { kind: 'resume' }
    | { kind: 'real' }
    | { kind: 'advance'; by: string }
    | { kind: 'set'; to: string },
) => {
  const body = move.kind === 'advance' ? { by: move.by } : move.kind === 'set' ? { to: move.to } : {};
  return emulatorControl<ClockView>(clients, 'POST', `/_emulator/clock/${move.kind}`, body);
};

export interface Snapshot {
  name: string;
  [field: string]: unknown;
}
export const listSnapshots = (clients: Clients) =>
  emulatorControl<{ snapshots: Snapshot[] }>(clients, 'GET', '/_emulator/snapshots');
export const takeSnapshot = (clients: Clients, name: string) =>
  emulatorControl<unknown>(clients, 'POST', '/_emulator/snapshots', { name });
export const restoreSnapshot = (clients: Clients, name: string) =>
  emulatorControl<unknown>(clients, 'POST', `/_emulator/snapshots/${encodeURIComponent(name)}/restore`);
export const deleteSnapshot = (clients: Clients, name: string) =>
  emulatorControl<unknown>(clients, 'DELETE', `/_emulator/snapshots/${encodeURIComponent(name)}`);

/** A mini app registered with the emulator's host simulation (/_emulator/miniapps). */
export interface HostedMiniapp {
  id: number;
  name: string;
  frames_url: string;
  webhook_url: string | null;
  [field: string]: unknown;
}
export const listHostedMiniapps = (clients: Clients) =>
  emulatorControl<{ miniapps: HostedMiniapp[] }>(clients, 'GET', '/_emulator/miniapps');
export const registerMiniapp = (
  clients: Clients,
  app: { url: string; webhook_url?: string; name?: string; category?: string },
) => emulatorControl<{ id: number }>(clients, 'POST', '/_emulator/miniapps', app);

export type HostAction = 'add' | 'remove' | 'notifications/enable' | 'notifications/disable';
export interface HostResult {
  event: string;
  app_id: number;
  fid: number;
  state: { added: boolean; notifications_enabled: boolean; token: string | null };
  webhook: { url: string; status: number; body: string } | { url: string; error: string } | null;
}
export const actAsUser = (
  clients: Clients,
  appId: number,
  fid: number,
  action: HostAction,
  notifications = false,
) =>
  emulatorControl<HostResult>(clients, 'POST', `/_emulator/miniapps/${appId}/users/${fid}/${action}`, {
    notifications,
  });

/** The effects of a fault rule, listed for the form; the rule types are the emulator's own. */
export const FAULT_EFFECTS = [
  'error',
  'latency',
  'drop',
  'timeout',
  'not-stored',
  'stored-timeout',
] as const satisfies readonly FaultEffect[];

export const listFaults = (clients: Clients) =>
  emulatorControl<{ faults: FaultRule[] }>(clients, 'GET', '/_emulator/faults');
export const addFault = (clients: Clients, rule: FaultRuleInput) =>
  emulatorControl<{ fault: FaultRule }>(clients, 'POST', '/_emulator/faults', rule);
export const removeFault = (clients: Clients, id: string) =>
  emulatorControl<{ faults: FaultRule[] }>(clients, 'DELETE', `/_emulator/faults/${encodeURIComponent(id)}`);
export const clearFaults = (clients: Clients) =>
  emulatorControl<{ faults: FaultRule[] }>(clients, 'DELETE', '/_emulator/faults');
