// Webhooks as the v2 API shows them (`Webhook`, with `secrets` and `subscription.filters`), and the
// changes the operations make: create, update, activate, delete, rotate a secret.
import { randomBytes } from 'node:crypto';
import type { Webhook } from '@castkit/sdk';
import { type Filters, validateFilters } from '../events/filters.js';
import { latestEventId } from '../events/log.js';
import { NotFoundError, ValidationError } from '../ground/errors.js';
import { targetRefusal } from '../outbound/targets.js';
import { isoTime as iso } from '../store/clock.js';
import {
  expireCurrentSecrets,
  insertSecret,
  insertWebhook,
  liveWebhook,
  markWebhookDeleted,
  type SecretRow,
  setWebhookActive,
  updateWebhookRow,
  validSecrets,
  type WebhookRow,
} from '../store/queries/webhooks.js';
import { fromJson } from '../store/statements.js';
import type { Store } from '../store/store.js';

/** The one developer every key of the emulator acts as. */
export const DEVELOPER_UUID = '00000000-0000-4000-8000-0000000000de';
/** How long a rotated-out secret stays valid by default: receivers roll over within a day. */
export const ROTATION_GRACE_MS = 24 * 60 * 60 * 1000;

const newId = () => randomBytes(13).toString('hex').toUpperCase();
const newSecret = () => randomBytes(24).toString('base64url');

export interface WebhookInput {
  name: unknown;
  url: unknown;
  subscription?: unknown;
}

function checked(store: Store, input: WebhookInput): { title: string; url: string; filters: Filters } {
  if (typeof input.name !== 'string' || !input.name.trim())
    throw new ValidationError('name must not be empty', 'name');
  if (input.name.length > 256) throw new ValidationError('name is longer than 256 characters', 'name');
  let url: URL | undefined;
  try {
    url = typeof input.url === 'string' ? new URL(input.url) : undefined;
  } catch {}
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new ValidationError('url must be an absolute http(s) URL', 'url');
  const refused = targetRefusal(store, String(input.url), url);
  if (refused) throw new ValidationError(`url is refused: ${refused}`, 'url');
  const filters = input.subscription === undefined ? {} : validateFilters(input.subscription, 'subscription');
  return { title: input.name, url: url.href, filters };
}

export function requireWebhook(store: Store, id: unknown, property = 'webhook_id'): WebhookRow {
  if (typeof id !== 'string' || !id) throw new ValidationError(`${property} must not be empty`, property);
  const row = liveWebhook(store, id);
  if (!row) throw new NotFoundError(`webhook ${id} not found`, property);
  return row;
}

export function createWebhook(store: Store, input: WebhookInput): WebhookRow {
  const { title, url, filters } = checked(store, input);
  return store.tx(() => {
    const at = store.now();
    const row: WebhookRow = {
      webhook_id: newId(),
      subscription_id: newId(),
      title,
      target_url: url,
      description: '',
      active: 1,
      filters: JSON.stringify(filters),
      // Only what happens after creation is delivered.
      after_event_id: latestEventId(store),
      created_at: at,
      updated_at: at,
      deleted_at: null,
    };
    insertWebhook(store, row);
    addSecret(store, row.webhook_id, at);
    return row;
  });
}

export function updateWebhook(store: Store, id: unknown, input: WebhookInput): WebhookRow {
  const row = requireWebhook(store, id);
  const { title, url, filters } = checked(store, input);
  const at = store.now();
  updateWebhookRow(store, row.webhook_id, {
    title,
    target_url: url,
    filters: JSON.stringify(filters),
    updated_at: at,
  });
  return requireWebhook(store, row.webhook_id);
}

export function setActive(store: Store, id: unknown, active: boolean): WebhookRow {
  const row = requireWebhook(store, id);
  setWebhookActive(store, row.webhook_id, active, store.now(), latestEventId(store));
  return requireWebhook(store, row.webhook_id);
}

/** Soft delete: the row stays so the delivery log can still name it. */
export function deleteWebhook(store: Store, id: unknown): WebhookRow {
  const row = requireWebhook(store, id);
  const at = store.now();
  markWebhookDeleted(store, row.webhook_id, at);
  return { ...row, active: 0, deleted_at: at, updated_at: at };
}

/**
 * A new signing secret; the ones before stay valid for `graceMs` so receivers can roll over
 * (they verify against every secret the webhook lists).
 */
export function rotateSecret(store: Store, id: unknown, graceMs = ROTATION_GRACE_MS): WebhookRow {
  const row = requireWebhook(store, id);
  store.tx(() => {
    const at = store.now();
    expireCurrentSecrets(store, row.webhook_id, at + graceMs, at);
    addSecret(store, row.webhook_id, at);
  });
  return row;
}

function addSecret(store: Store, webhookId: string, at: number): void {
  insertSecret(store, {
    uid: newId(),
    webhook_id: webhookId,
    value: newSecret(),
    created_at: at,
    updated_at: at,
    expires_at: null,
  });
}

/** The v2 `Webhook`: secrets still valid, newest (the signing one) first. */
export function renderWebhooks(store: Store, rows: readonly WebhookRow[]): Webhook[] {
  const secrets = new Map<string, SecretRow[]>();
  for (const s of validSecrets(
    store,
    rows.map((r) => r.webhook_id),
    store.now(),
  )) {
    const list = secrets.get(s.webhook_id) ?? [];
    list.push(s);
    secrets.set(s.webhook_id, list);
  }
  return rows.map((r) => ({
    object: 'webhook',
    webhook_id: r.webhook_id,
    developer_uuid: DEVELOPER_UUID,
    target_url: r.target_url,
    title: r.title,
    secrets: (secrets.get(r.webhook_id) ?? []).map((s) => ({
      uid: s.uid,
      value: s.value,
      // Both specs type these as strings; '' stands for "none" (no expiry yet, not deleted).
      expires_at: s.expires_at === null ? '' : iso(s.expires_at),
      created_at: iso(s.created_at),
      updated_at: iso(s.updated_at),
      deleted_at: '',
    })),
    description: r.description,
    http_timeout: '10s',
    rate_limit: 1000,
    active: r.active === 1,
    rate_limit_duration: '60s',
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    deleted_at: r.deleted_at === null ? null : iso(r.deleted_at),
    subscription: {
      object: 'webhook_subscription',
      subscription_id: r.subscription_id,
      filters: fromJson(r.filters),
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    },
  }));
}
