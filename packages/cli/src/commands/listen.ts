// `castkit listen`: a temporary webhook on the emulator (or a `castkit dev --upstream` server) whose
// deliveries reach a loopback receiver here, are verified, printed and optionally forwarded; the
// webhook is deleted on the way out, however the command ends.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ConnectionError,
  NeynarAPIClient,
  verifyWebhookSignature,
  WEBHOOK_EVENT_TYPES,
  type WebhookEvent,
} from '@castkit/sdk/2.x';
import { type CommandSpec, type OptionTable, type OptionValues, UsageError } from '../args.js';
import { onOutputClosed } from '../output-closed.js';
import { localTarget, TARGET_OPTIONS, unreachable } from '../target.js';
import { summarize } from './listen-summary.js';

type EventType = (typeof WEBHOOK_EVENT_TYPES)[number];

const LISTEN_OPTIONS = {
  events: {
    type: 'string',
    multiple: true,
    value: 'TYPES',
    description: `event types to subscribe to, comma-joined (all: ${WEBHOOK_EVENT_TYPES.join(',')})`,
  },
  'forward-to': {
    type: 'string',
    value: 'URL',
    description: 'also POST each verified delivery, signed, to URL',
  },
  'print-secret': { type: 'boolean', description: "print the webhook's signing secret at start" },
  json: { type: 'boolean', description: 'print each delivery as its raw JSON body, one per line' },
  ...TARGET_OPTIONS,
} as const satisfies OptionTable;

export const LISTEN_COMMAND = {
  name: 'castkit listen',
  summary:
    'Creates a temporary webhook whose deliveries come to this command, verifies each signature and prints\n' +
    'each event as it arrives (type, hash, a one-line summary); removes the webhook on exit (Ctrl-C).\n' +
    'Events go to stdout; the webhook, forwarding results and refused deliveries to stderr.',
  options: LISTEN_OPTIONS,
  notes: ['castkit listen --events cast.created --forward-to http://localhost:8080/webhook'],
} satisfies CommandSpec;

type ListenValues = OptionValues<typeof LISTEN_OPTIONS>;

interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
}

/** The event types `--events` names (every occurrence, comma lists allowed); all when not given. */
export function eventTypes(given: string[] | undefined): EventType[] {
  if (!given) return [...WEBHOOK_EVENT_TYPES];
  const names = given.flatMap((g) => g.split(',')).map((s) => s.trim());
  const types: EventType[] = [];
  for (const name of names) {
    if (!(WEBHOOK_EVENT_TYPES as readonly string[]).includes(name))
      throw new UsageError(
        `--events: unknown event type "${name}" (one of ${WEBHOOK_EVENT_TYPES.join(', ')})`,
      );
    if (!types.includes(name as EventType)) types.push(name as EventType);
  }
  return types;
}

function httpUrl(flag: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${flag} must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`${flag} must be an http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}

interface Delivery {
  raw: Uint8Array<ArrayBuffer>;
  signature: string | undefined;
}

/** Resolves on the first SIGINT or SIGTERM, or once stdout's reader has gone (`| head`). */
function interrupted() {
  let fire!: () => void;
  const signalled = new Promise<void>((resolve) => {
    fire = resolve;
  });
  process.once('SIGINT', fire);
  process.once('SIGTERM', fire);
  onOutputClosed(fire);
  const off = () => {
    process.off('SIGINT', fire);
    process.off('SIGTERM', fire);
    onOutputClosed(undefined);
  };
  return { signalled, off };
}

export async function runListen(values: ListenValues, positionals: string[], io: Io): Promise<number> {
  if (positionals.length) throw new UsageError(`castkit listen takes no arguments, got "${positionals[0]}"`);
  const types = eventTypes(values.events);
  const target = localTarget(values, process.env);
  const base = httpUrl('--base-url', target.baseUrl);
  const forwardTo =
    values['forward-to'] === undefined ? undefined : httpUrl('--forward-to', values['forward-to']);
  const { apiKey } = target;
  const client = new NeynarAPIClient({ apiKey, baseUrl: `${base}/v2`, retries: 0, timeout: 30_000 });

  // Listening for signals before anything exists: a Ctrl-C during start-up still cleans up.
  const stop = interrupted();
  let secrets: string[] = [];
  // Deliveries are handled one at a time, so lines come out in the order the deliveries arrived.
  let queue = Promise.resolve();
  const receiver = createServer((req, res) => {
    readBody(req).then(
      (raw) => {
        const delivery = { raw, signature: header(req, 'x-neynar-signature') };
        queue = queue.then(async () => {
          const ok = await verifyWebhookSignature({ rawBody: raw, signature: delivery.signature, secrets });
          res.writeHead(ok ? 200 : 401).end();
          if (!ok)
            return io.err(
              `refused a delivery whose X-Neynar-Signature does not verify (${raw.length} bytes)`,
            );
          io.out(values.json ? new TextDecoder().decode(raw) : describe(raw));
          if (forwardTo) io.err(await forward(forwardTo, delivery));
        });
      },
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;

  let webhookId: string | undefined;
  try {
    const subscription = Object.fromEntries(types.map((t) => [t, {}]));
    // Not raced against a signal: a webhook created after Ctrl-C would be left behind.
    const { webhook } = await client
      .publishWebhook({ name: `castkit listen ${process.pid}`, url: receiverUrl, subscription })
      .catch((error: unknown) => {
        throw error instanceof ConnectionError ? unreachable(base, error) : error;
      });
    webhookId = webhook?.webhook_id;
    if (!webhook || !webhookId || !webhook.secrets?.length)
      throw new Error(`${base} answered the webhook creation without a webhook and its secret`);
    secrets = webhook.secrets.map((s) => s.value);
    io.err(`listening for ${types.join(', ')} on ${base} (webhook ${webhookId}); Ctrl-C to stop`);
    if (values['print-secret']) io.err(`secret: ${secrets[0]}`);
    if (forwardTo) io.err(`forwarding each verified delivery to ${forwardTo}`);
    await stop.signalled;
    return 0;
  } finally {
    // Signals stay caught until the webhook is gone: a second Ctrl-C or a late write to a closed
    // pipe must not end the process before that.
    try {
      await closeServer(receiver);
      await queue;
      if (webhookId) {
        await client.deleteWebhook({ webhookId });
        io.err(`deleted webhook ${webhookId}`);
      }
    } finally {
      stop.off();
    }
  }
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function readBody(req: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

function describe(raw: Uint8Array): string {
  try {
    return summarize(JSON.parse(new TextDecoder().decode(raw)) as WebhookEvent);
  } catch {
    return `(a delivery whose body is not JSON: ${raw.length} bytes)`;
  }
}

/** Sends the body and signature exactly as they came, so the app verifies with the same secret. */
async function forward(url: string, delivery: Delivery): Promise<string> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(delivery.signature ? { 'x-neynar-signature': delivery.signature } : {}),
      },
      body: delivery.raw,
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    return `  → ${url}: ${res.status}`;
  } catch (error) {
    return `  → ${url}: failed (${(error as Error).message})`;
  }
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
