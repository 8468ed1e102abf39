// Webhooks end to end against the emulator: a receiver that verifies every delivery, a webhook that
// takes only alice's casts, a failed first attempt that the emulator retries, its delivery log, a
// secret rotation, and a forged delivery refused. The delivery log and the rotation endpoint are
// the emulator's (`/_emulator`); the real API can only reach receivers on public URLs.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  NeynarAPIClient,
  parseWebhookEvent,
  type WebhookEvent,
  WebhookVerificationError,
} from '@castkit/sdk/2.x';
import { apiKey, baseUrl, serverUrl } from './support/server.js';

const client = new NeynarAPIClient({ apiKey, baseUrl });
const ALICE = '00000000-0000-4000-8000-000000000001';
const BOB = '00000000-0000-4000-8000-000000000002';

/** What the emulator serves under /_emulator, with the same key. */
async function admin<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${serverUrl}/_emulator${path}`, {
    method,
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} /_emulator${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function rawBodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

// The receiver: verifies with the secrets it was given, and fails the very first delivery on purpose.
let secrets: string[] = [];
let received = 0;
const waiting: ((event: WebhookEvent) => void)[] = [];
const receiver = createServer(async (req, res) => {
  const rawBody = await rawBodyOf(req);
  if (++received === 1) {
    console.log('receiver: answered 503 to the first delivery');
    res.writeHead(503).end();
    return;
  }
  try {
    const signature = req.headers['x-neynar-signature'] as string | undefined;
    const event = await parseWebhookEvent({ rawBody, signature, secrets });
    res.writeHead(200).end();
    waiting.shift()?.(event);
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    console.log(`receiver: refused a delivery (${error.problem} does not verify)`);
    res.writeHead(401).end();
  }
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;

/** The next event the receiver accepts (at most 15 s away: retries come within a second here). */
const nextEvent = () =>
  new Promise<WebhookEvent>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no verified delivery within 15 s')), 15_000);
    waiting.push((event) => {
      clearTimeout(timer);
      resolve(event);
    });
  });

const { webhook } = await client.publishWebhook({
  name: 'example: casts by alice',
  url: receiverUrl,
  subscription: { 'cast.created': { author_fids: [1] } },
});
if (!webhook) throw new Error('publishWebhook returned no webhook');
try {
  secrets = webhook.secrets.map((s) => s.value);
  console.log(`webhook ${webhook.webhook_id} takes cast.created by fid 1, ${secrets.length} secret`);

  // bob's cast matches no filter of this webhook; alice's does.
  let event = nextEvent();
  await client.publishCast({ signerUuid: BOB, text: 'bob is not on the list' });
  const { cast } = await client.publishCast({ signerUuid: ALICE, text: 'hello, webhooks' });
  let got = await event;
  if (got.type !== 'cast.created') throw new Error(`expected cast.created, got ${got.type}`);
  console.log(
    `receiver: verified ${got.type} ${got.data.hash} by @${got.data.author.username}: "${got.data.text}"`,
  );
  console.log(`it is the cast just published: ${got.data.hash === cast.hash}`);

  // The 200 is on record once the emulator has read the answer: look until it is no longer pending.
  interface Delivery {
    status: string;
    attempts: number;
    attempt_log: { response_status: number | null }[];
  }
  const path = `/webhooks/deliveries?webhook_id=${webhook.webhook_id}`;
  let log = await admin<{ deliveries: Delivery[] }>('GET', path);
  for (let i = 0; i < 100 && log.deliveries.some((d) => d.status === 'pending'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    log = await admin('GET', path);
  }
  const answers = log.deliveries.map((d) => d.attempt_log.map((a) => a.response_status).join(' then '));
  console.log(
    `delivery log: ${log.deliveries.length} delivery, ${log.deliveries.map((d) => `${d.status} after ${d.attempts} attempts`).join('; ')} (answers ${answers.join('; ')})`,
  );

  // Rotation: the old secret stays valid for the grace period, so receivers roll over unhurried.
  const rotate = `/webhooks/${webhook.webhook_id}/rotate-secret`;
  const rotated = await admin<{ webhook: typeof webhook }>('POST', rotate, { grace_seconds: 60 });
  const newest = rotated.webhook.secrets.find((s) => !secrets.includes(s.value));
  const old = rotated.webhook.secrets.find((s) => secrets.includes(s.value));
  if (!newest || !old) throw new Error('rotation did not return the new and the old secret');
  console.log(
    `rotated: ${rotated.webhook.secrets.length} secrets valid, the old one until ${old.expires_at}`,
  );
  secrets = [newest.value];
  event = nextEvent();
  await client.publishCast({ signerUuid: ALICE, text: 'signed with the new secret' });
  got = await event;
  console.log(
    `receiver: verified "${got.type === 'cast.created' ? got.data.text : got.type}" with the new secret alone`,
  );

  // Anyone can POST to a receiver: a body signed with a secret it does not hold is refused.
  const forged = await fetch(receiverUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-neynar-signature': 'ab'.repeat(64) },
    body: JSON.stringify({ type: 'cast.created', created_at: 0, data: { text: 'forged' } }),
  });
  console.log(`a forged delivery got ${forged.status}`);
} finally {
  await client.deleteWebhook({ webhookId: webhook.webhook_id });
  receiver.close();
}
console.log('webhook deleted');
