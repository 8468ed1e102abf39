// Webhooks and their durable outbox. A webhook takes events with ids above `after_event_id` (those
// after its creation). `webhook_dispatch` holds the one cursor over hub_events: matching events,
// inserting deliveries and advancing it happen in one transaction, so a crash loses or repeats
// nothing. A delivery stays `pending` until the receiver answers 2xx, then `delivered`; after the
// last allowed attempt, `failed`. Times are unix ms from store.now().
export const webhooksSchema = `
CREATE TABLE webhooks (
  webhook_id TEXT PRIMARY KEY,
  subscription_id TEXT NOT NULL,
  title TEXT NOT NULL,
  target_url TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  active INTEGER NOT NULL DEFAULT 1,
  filters TEXT NOT NULL,
  after_event_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  deleted_at INTEGER
);
CREATE INDEX webhooks_live ON webhooks (created_at) WHERE deleted_at IS NULL;
CREATE TABLE webhook_secrets (
  uid TEXT PRIMARY KEY,
  webhook_id TEXT NOT NULL REFERENCES webhooks (webhook_id),
  value TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  expires_at INTEGER
);
CREATE INDEX webhook_secrets_by_webhook ON webhook_secrets (webhook_id, created_at);
CREATE TABLE webhook_dispatch (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  cursor INTEGER NOT NULL
);
CREATE TABLE webhook_deliveries (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  webhook_id TEXT NOT NULL REFERENCES webhooks (webhook_id),
  event_id INTEGER NOT NULL,
  event_type TEXT NOT NULL,
  payload TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  -- attempts made before the last redelivery request: each request gets the full retry budget
  attempts_before INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER,
  response_status INTEGER,
  error TEXT,
  duration_ms INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  delivered_at INTEGER,
  UNIQUE (webhook_id, event_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, id);
CREATE INDEX webhook_deliveries_by_status ON webhook_deliveries (status, id);
CREATE TABLE webhook_attempts (
  delivery_id INTEGER NOT NULL REFERENCES webhook_deliveries (id),
  attempt INTEGER NOT NULL,
  started_at INTEGER NOT NULL,
  duration_ms INTEGER NOT NULL,
  response_status INTEGER,
  error TEXT,
  PRIMARY KEY (delivery_id, attempt)
) WITHOUT ROWID;
`;

// The X-Neynar-Signature each attempt carried, so the delivery log can show what a receiver had to
// verify; and due deliveries by webhook, so one webhook's backlog is never scanned to find another's.
export const webhookAttemptSignatures = `ALTER TABLE webhook_attempts ADD COLUMN signature TEXT;
CREATE INDEX webhook_deliveries_due_by_webhook ON webhook_deliveries (webhook_id, next_attempt_at)
  WHERE status = 'pending';`;

// An event's body once, however many webhooks take it. Inline, every attempt rewrote it with its
// delivery row, and the undo log copied it each time; rows written before this keep theirs inline
// (webhook_deliveries.payload, '' since), and readers take whichever is there.
export const webhookPayloads = `CREATE TABLE webhook_payloads (
  event_id INTEGER PRIMARY KEY,
  payload TEXT NOT NULL
);`;
