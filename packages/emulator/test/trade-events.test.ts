// 3.x's events where its new operations write, through the one event log: trade.created for the
// fungible trades the local ledger records (to a webhook with 3.x's trade filters, and on the realtime
// stream), and 3.x's cast filters on the casts a cast quotes. Receivers are on loopback.
import { parseWebhookEvent } from '@castkit/sdk';
import { RealtimeClient } from '@castkit/sdk/realtime';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMULATOR_USDC } from '../src/domain/ledger.js';
import { trade } from '../src/domain/trades.js';
import { type Emulator, startEmulator } from '../src/emulator.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { jsonCaller } from './support/json-call.js';
import { errors3 } from './support/spec3.js';
import { type Receiver, startReceiver } from './support/webhook-receiver.js';

const [alice, bob, carol] = SEED_USERS;
let emulator: Emulator;
let receiver: Receiver;
let token: string;
/** Two users with a verified address holding USDC on base: the address and its fid. */
let traders: { address: string; fid: number }[];

beforeAll(async () => {
  emulator = await startEmulator({ db: ':memory:', webhooks: { retryBaseMs: 40 } });
  receiver = await startReceiver();
  const db = emulator.store.db;
  token = String(db.prepare("SELECT address FROM ledger_tokens WHERE symbol = 'EPTS'").pluck().get());
  traders = db
    .prepare<[string], { address: string; fid: number }>(
      `SELECT b.holder AS address, v.fid AS fid FROM ledger_balances b JOIN verifications v ON v.address = b.holder
       WHERE b.network = 'base' AND b.token = ? ORDER BY length(b.amount) DESC, b.amount DESC, v.fid LIMIT 2`,
    )
    .all(EMULATOR_USDC);
});
afterAll(async () => {
  await emulator.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.received.length = 0;
});

const call = jsonCaller(() => emulator);

/** A webhook made as a 3.x app makes one; its secret. */
async function hook(url: string, subscription: unknown): Promise<string> {
  const r = await call('POST', '/v2/farcaster/webhook/', { name: 'trades', url, subscription });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.webhook.secrets[0].value;
}

/** A trade on the local ledger: `usdc` whole USDC for a thousand EPTS, bought by `trader`. */
function buy(trader: string, usdc: bigint): string {
  const hash = trade(emulator.store, {
    network: 'base',
    token,
    trader,
    side: 'buy',
    tokenUnits: 1000n * 10n ** 18n,
    usdcUnits: usdc * 10n ** 6n,
  });
  if (!hash) throw new Error('the trader could not pay');
  return hash;
}

const tradeHash = (body: unknown) =>
  (body as { type: string; data: { transaction?: { hash: string } } }).data.transaction?.hash;

describe('trade.created', () => {
  it("reaches a webhook whose trade filters it passes, shaped as fetchFungibleTrades' trade, and the realtime stream", async () => {
    const [big, other] = traders;
    if (!big || !other) throw new Error('the seed has no two verified USDC holders');
    const secret = await hook(`${receiver.url}/trades`, {
      'trade.created': { fids: [big.fid], minimum_token_amount_usdc: 100 },
    });
    const stream = new RealtimeClient({ url: emulator.url, apiKey: emulator.apiKey });
    await stream.connect();
    const subscription = await stream.subscribe({
      events: ['trade.created'],
      filters: { 'trade.created': { fids: [big.fid] } },
    });
    const streamed: unknown[] = [];
    const reading = (async () => {
      for await (const { event } of subscription) {
        streamed.push(event);
        if (streamed.length === 2) return;
      }
    })();

    const small = buy(big.address, 50n);
    const elsewhere = buy(other.address, 5_000n);
    const wanted = buy(big.address, 2_500n);
    const received = await receiver.waitFor((r) => r.some((x) => tradeHash(x.body) === wanted));
    // The trade under 100 USDC and the other trader's were not sent.
    expect(received.map((r) => tradeHash(r.body))).toEqual([wanted]);
    const [delivery] = received;
    const event = await parseWebhookEvent({
      rawBody: delivery!.raw,
      signature: delivery!.signature,
      secrets: secret,
    });
    if (event.type !== 'trade.created') throw new Error(`expected trade.created, got ${event.type}`);
    expect(event.data.trader).toMatchObject({ fid: big.fid });
    expect(event.data.transaction.net_transfer.sending_fungible.balance.in_token).toBe('2500');
    expect(event.data.transaction.net_transfer.receiving_fungible.token.address).toBe(token);
    expect(
      errors3(
        { api: 'v2', id: 'fetch-fungible-trades' },
        { object: 'fungible_trades', trades: [event.data] },
      ),
    ).toEqual([]);
    // The same trade as fetchFungibleTrades lists it.
    const listed = await call(
      'GET',
      `/v2/farcaster/fungible/trades/?network=base&address=${token}&time_window=1h`,
    );
    const row = listed.body.trades.find(
      (t: { transaction: { hash: string } }) => t.transaction.hash === wanted,
    );
    expect(event.data.transaction).toEqual(row.transaction);

    await reading;
    stream.close();
    expect(streamed.map(tradeHash)).toEqual([small, wanted]);
    expect(streamed.map(tradeHash)).not.toContain(elsewhere);
  });

  it('refuses a trade filter value out of range with a 400 naming it, for callers whose spec has no bounds for it', async () => {
    // 2.44's path: its spec declares no trade.created filter, so the emulator's own check answers.
    for (const [field, value] of [
      ['minimum_token_amount_usdc', -1],
      ['minimum_trader_neynar_score', 1.5],
    ] as const) {
      const r = await call('POST', '/v2/farcaster/webhook', {
        name: 'bad',
        url: `${receiver.url}/bad`,
        subscription: { 'trade.created': { [field]: value } },
      });
      expect([r.status, r.body.property]).toEqual([400, `subscription.trade.created.${field}`]);
    }
  });

  it("is no hub event: the hub's event list and lookup leave it out", async () => {
    const [big] = traders;
    const before = Number(
      emulator.store.db.prepare('SELECT COALESCE(MAX(id), 0) FROM hub_events').pluck().get(),
    );
    buy(big!.address, 10n);
    const id = Number(
      emulator.store.db
        .prepare('SELECT id FROM hub_events WHERE trade_id IS NOT NULL AND id > ?')
        .pluck()
        .get(before),
    );
    expect(id).toBeGreaterThan(before);
    const listed = await call('GET', `/v1/events?from_event_id=${before}`);
    expect(listed.status).toBe(200);
    expect(listed.body.events.map((e: { id: number }) => e.id)).not.toContain(id);
    expect((await call('GET', `/v1/eventById?event_id=${id}`)).status).toBe(404);
  });
});

describe("3.x's embedded-cast filters", () => {
  it('send the casts that quote a given cast or a given author, and not others', async () => {
    const posted = async (signer: string, body: object) => {
      const r = await call('POST', '/v2/farcaster/cast/', { signer_uuid: signer, ...body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.cast.hash as string;
    };
    const quotedHash = await posted(bob!.signerUuid, { text: 'quote me' });
    await hook(`${receiver.url}/by-hash`, { 'cast.created': { embedded_cast_hashes: [quotedHash] } });
    await hook(`${receiver.url}/by-author`, { 'cast.created': { embedded_cast_author_fids: [bob!.fid] } });
    await posted(carol!.signerUuid, { text: 'no quote here' });
    const quote = await posted(alice!.signerUuid, {
      text: 'quoting bob',
      embeds: [{ cast_id: { fid: bob!.fid, hash: quotedHash } }],
    });
    const quotes = (r: typeof receiver.received) => r.filter((x) => /\/by-/.test(x.path));
    const received = quotes(await receiver.waitFor((r) => quotes(r).length >= 2));
    const sent = received
      .map((x) => [x.path.slice(x.path.lastIndexOf('/')), (x.body.data as { hash: string }).hash])
      .sort();
    expect(sent).toEqual([
      ['/by-author', quote],
      ['/by-hash', quote],
    ]);
  });
});

describe("3.x's other filters", () => {
  it('take reactions to given casts (target_cast_hashes) and casts by authors scored at least so much (minimum_author_score)', async () => {
    const posted = async (signer: string, text: string) => {
      const r = await call('POST', '/v2/farcaster/cast/', { signer_uuid: signer, text });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.cast.hash as string;
    };
    const users = (
      await call('GET', `/v2/farcaster/user/bulk/?fids=${SEED_USERS.map((u) => u.fid).join(',')}`)
    ).body.users as { fid: number; score: number }[];
    const ranked = [...users].sort((a, b) => b.score - a.score);
    const high = SEED_USERS.find((u) => u.fid === ranked[0]!.fid)!;
    const low = SEED_USERS.find((u) => u.fid === ranked.at(-1)!.fid)!;
    expect(ranked[0]!.score).toBeGreaterThan(ranked.at(-1)!.score);

    const liked = await posted(bob!.signerUuid, 'like this one');
    const other = await posted(bob!.signerUuid, 'not this one');
    await hook(`${receiver.url}/reactions`, { 'reaction.created': { target_cast_hashes: [liked] } });
    await hook(`${receiver.url}/scored`, { 'cast.created': { minimum_author_score: ranked[0]!.score } });
    for (const target of [other, liked]) {
      const r = await call('POST', '/v2/farcaster/reaction/', {
        signer_uuid: alice!.signerUuid,
        reaction_type: 'like',
        target,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    await posted(low.signerUuid, 'from the lowest score');
    const fromHigh = await posted(high.signerUuid, 'from the highest score');
    const mine = (r: typeof receiver.received) => r.filter((x) => /\/(reactions|scored)$/.test(x.path));
    const received = mine(await receiver.waitFor((r) => mine(r).length >= 2));
    const sent = received
      .map((x) => {
        const data = x.body.data as { hash?: string; cast?: { hash: string } };
        return [x.path.slice(x.path.lastIndexOf('/')), data.cast?.hash ?? data.hash];
      })
      .sort();
    expect(sent).toEqual([
      ['/reactions', liked],
      ['/scored', fromHigh],
    ]);
  });
});
