// Subscriptions, the simulated ledger and the pre-signed writes, through the SDK over real HTTP
// against a seeded emulator; a small recording server stands in for a local app receiving actions.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Message } from '@farcaster/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_USDC } from '../src/domain/ledger.js';
import { ed25519Verify } from '../src/ground/keys.js';
import { toFarcasterTime } from '../src/index.js';
import { signMessageData } from '../src/protocol/index.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi } from './support/api.js';
import { request } from './support/http.js';
import { onchainRegistration } from './support/operation-calls.js';
import { castsWithText } from './support/reads.js';
import { signingKeyFor } from './support/signing-key.js';

let env: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  env = await startApi();
});
afterAll(() => env.close());

const [alice, bob] = SEED_USERS;
const DAY = 24 * 3600 * 1000;

describe('subscriptions', () => {
  it('a creator lists the STP contracts it created, and its subscribers are the seeded ones', async () => {
    const created = await env.api.fetchSubscriptionsForFid({ fid: 1, subscriptionProvider: 'fabric_stp' });
    const contracts = created.subscriptions_created!.flatMap((g) => g.subscriptions_created);
    expect(contracts.length).toBeGreaterThan(0);
    const mine = new Set(contracts.map((c) => c.contract_address));
    const subs = await env.api.fetchSubscribersForFid({
      fid: 1,
      subscriptionProvider: 'fabric_stp',
      viewerFid: 2,
    });
    const fids = subs.subscribers!.map((s) => s.user.fid).sort((a, b) => a - b);
    expect(fids).toContain(2);
    // Each subscriber is one of alice's contracts', and says so in what it subscribed to.
    for (const s of subs.subscribers!) expect(mine).toContain(s.subscribed_to.contract_address);
    for (const fid of fids) {
      const theirs = await env.api.fetchSubscribedToForFid({ fid, subscriptionProvider: 'fabric_stp' });
      const toAlice = theirs.subscribed_to!.filter((t) => t.creator.fid === alice.fid);
      expect(toAlice.map((t) => t.contract_address).every((c) => mine.has(c))).toBe(true);
      expect(toAlice.length).toBeGreaterThan(0);
    }
    expect(
      (await env.api.fetchSubscribersForFid({ fid: 1, subscriptionProvider: 'paragraph' })).subscribers,
    ).toEqual([]);
  });

  it('what a user subscribed to names each creator as a hydrated user', async () => {
    const res = await env.api.fetchSubscribedToForFid({ fid: 2, subscriptionProvider: 'fabric_stp' });
    const creators = res.subscribed_to!.map((s) => s.creator.fid);
    expect(creators).toContain(1);
    expect(creators).not.toContain(2);
  });

  it('the subscription check answers current, lapsed and unknown addresses, and follows the clock', async () => {
    // bob's subscription to alice, and the address he subscribed from (his primary verified address).
    const { subscribed_to } = await env.api.fetchSubscribedToForFid({
      fid: 2,
      subscriptionProvider: 'fabric_stp',
    });
    const toAlice = subscribed_to!.find((t) => t.creator.fid === alice.fid)!;
    const { users } = await env.api.fetchBulkUsers({ fids: [bob.fid] });
    const row = {
      contract_address: toAlice.contract_address,
      address: users[0]!.verified_addresses.primary.eth_address!,
      expires_at: Date.parse(toAlice.expires_at!),
    };
    const stranger = '0x000000000000000000000000000000000000dead';
    const check = () =>
      env.api.fetchSubscriptionCheck({
        addresses: [row.address, stranger],
        contractAddress: row.contract_address,
        chainId: '8453',
      });
    const now = await check();
    expect(now[row.address]).toMatchObject({ status: true, expires_at: row.expires_at });
    expect(now[stranger]).toEqual({
      object: 'subscribed_to_dehydrated',
      status: false,
      expires_at: null,
      subscribed_at: null,
      tier: null,
    });
    const started = env.store.now();
    env.tick(row.expires_at - started + DAY);
    try {
      expect((await check())[row.address]!.status).toBe(false);
    } finally {
      // The clock only moves forward by advancing; going back is a set.
      await env.store.clock.set(started);
    }
    await expect(
      env.api.fetchSubscriptionCheck({ addresses: [stranger], contractAddress: stranger, chainId: '8453' }),
    ).rejects.toMatchObject({ status: 404, property: 'contract_address' });
    await expect(
      env.api.fetchSubscriptionCheck({
        addresses: ['nope'],
        contractAddress: row.contract_address,
        chainId: '8453',
      }),
    ).rejects.toMatchObject({ status: 400, property: 'addresses' });
  });
});

describe('the simulated ledger', () => {
  /** bob's verified addresses, oldest first, and what each holds on base. */
  const bobsBalances = async () =>
    (await env.api.fetchUserBalance({ fid: bob.fid, networks: ['base'] })).user_balance!.address_balances;

  it('a fungible deployed as a multipart form (file included) lands in the owner balance', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // Owned by bob's verified address, so his balance shows what it holds.
    const [owned] = await bobsBalances();
    const owner = { address: owned!.verified_address.address };
    const res = await env.api.deployFungible({
      owner: owner.address,
      symbol: 'TEST',
      name: 'Test Token',
      metadataMedia: new Blob([png], { type: 'image/png' }),
      metadataDescription: 'deployed by a test',
    });
    const fungible = res.contract!.fungible!;
    expect(fungible).toMatchObject({ object: 'fungible', symbol: 'TEST', name: 'Test Token', decimals: 18 });
    const [after] = await bobsBalances();
    const held = after!.token_balances.find((t) => t.token.address === fungible.address);
    // 10^27 of the smallest unit: 10^9 tokens of 18 decimals.
    expect(held?.balance.in_token).toBe('1000000000');
    // The description is kept on the token, which no API answers with: read in SQL.
    expect(
      env.value<string>('SELECT metadata FROM ledger_tokens WHERE address = ?', fungible.address),
    ).toContain('deployed by a test');
  });

  it('sends from a server wallet credit each recipient verified address, and say why the others failed', async () => {
    // bob's first verified address, and a user with none: one the test kit registers.
    const [first] = await bobsBalances();
    const to = { fid: bob.fid, address: first!.verified_address.address };
    const unverified = (await env.fixtures.user()).fid;
    const before = await env.api.fetchUserBalance({ fid: bob.fid, networks: ['base'] });
    const usdc = (b: typeof before) =>
      b
        .user_balance!.address_balances.find((a) => a.verified_address.address === to!.address)!
        .token_balances.find((t) => t.token.symbol === 'USDC')?.balance.in_token ?? '0';
    const res = await env.api.sendFungiblesToUsers({
      xWalletId: 'wallet-for-tests',
      network: 'base',
      recipients: [
        { fid: bob.fid, amount: 2.5 },
        { fid: unverified, amount: 1 },
        { fid: 999_999, amount: 1 },
        { fid: bob.fid, amount: 1_000_000 },
      ],
    });
    expect(res.send_receipts.map((r) => r.status)).toEqual(['sent', 'failed', 'failed', 'failed']);
    expect(res.send_receipts[1]!.reason).toContain('no verified Ethereum address');
    expect(res.send_receipts[2]!.reason).toContain('no user with fid 999999');
    expect(res.send_receipts[3]!.reason).toContain('too little USDC');
    expect(res.transactions).toHaveLength(1);
    expect(res.transactions[0]!.transaction_hash).toMatch(/^0x[0-9a-f]{64}$/);
    const after = await env.api.fetchUserBalance({ fid: bob.fid, networks: ['base'] });
    expect(Number(usdc(after)) - Number(usdc(before))).toBeCloseTo(2.5, 6);
    await expect(
      env.api.sendFungiblesToUsers({
        xWalletId: 'w',
        network: 'base',
        fungibleContractAddress: '0x00000000000000000000000000000000000000aa',
        recipients: [{ fid: 1, amount: 1 }],
      }),
    ).rejects.toMatchObject({ status: 404, property: 'fungible_contract_address' });
    // Without fungible_contract_address the emulator's USDC moved, into bob's first verified address.
    const usdcHeld = (await bobsBalances())
      .find((a) => a.verified_address.address === to.address)!
      .token_balances.find((t) => t.token.symbol === 'USDC');
    expect(usdcHeld?.token.address).toBe(EMULATOR_USDC);
  });

  it('relevant owners of a seeded token are the holders the viewer follows', async () => {
    // The seeded CAST token, as carol's balance lists it.
    const carols = await env.api.fetchUserBalance({ fid: 3, networks: ['base'] });
    const token = carols
      .user_balance!.address_balances.flatMap((a) => a.token_balances)
      .find((t) => t.token.symbol === 'CAST')!.token.address!;
    const res = await env.api.fetchRelevantFungibleOwners({
      contractAddress: token,
      network: 'base',
      viewerFid: 1,
    });
    const fids = res.all_relevant_owners_dehydrated!.map((u) => u.fid);
    expect(fids.length).toBeGreaterThan(0);
    const links = await env.hub.fetchUserFollowing({ fid: 1, pageSize: 1000 });
    const followed = new Set(links.messages.map((m) => m.data.linkBody!.targetFid!));
    for (const fid of fids) expect(followed.has(fid)).toBe(true);
  });

  it('registerAccountOnchain checks the Register and Add signatures and creates the fid with its key', async () => {
    const { registration, signers } = await onchainRegistration(Math.floor(env.store.now() / 1000) + 3600);
    // The Add signature in the Register's place: signed by the right key over the wrong message.
    await expect(
      env.api.registerAccountOnchain({ registration: { ...registration, signature: signers[0]!.signature } }),
    ).rejects.toMatchObject({ status: 400, property: 'registration.signature' });
    const res = await env.api.registerAccountOnchain({ registration, signers });
    const fid = res.user!.fid;
    expect(res.user!.custody_address).toBe(registration.custody_address.toLowerCase());
    expect(res.transaction_hash).toMatch(/^0x[0-9a-f]{64}$/);
    // Its one key on chain, as the hub's signer events show it.
    const keys = await env.hub.fetchUserOnChainEvents({ fid, eventType: 'EVENT_TYPE_SIGNER' });
    expect(keys.events.map((e) => ('signerEventBody' in e ? e.signerEventBody.key : ''))).toEqual([
      signers[0]!.public_key,
    ]);
    // Which app requested it is kept on the key, which no API answers with: read in SQL.
    expect(env.value('SELECT app_fid FROM active_keys WHERE fid = ?', fid)).toBe(1);
    await expect(env.api.registerAccountOnchain({ registration })).rejects.toMatchObject({ status: 409 });
  });
});

describe('pre-signed writes', () => {
  let key: Uint8Array;
  beforeAll(async () => {
    key = await signingKeyFor(env.api, alice.fid, env.store.now());
  });
  const privateKey = () => key;
  const signedCast = (text: string) =>
    signMessageData(
      {
        type: 1,
        fid: alice.fid,
        timestamp: toFarcasterTime(env.store.now()),
        network: 1,
        castAddBody: { text, type: 0, embeds: [], embedsDeprecated: [], mentions: [], mentionsPositions: [] },
      } as never,
      privateKey(),
    );

  it('publishMessageToFarcaster stores a signed message sent as protobuf JSON or as the hub JSON', async () => {
    const first = signedCast('published as protobuf JSON');
    const res = (await env.api.publishMessageToFarcaster({ body: Message.toJSON(first) as object })) as any;
    const hash = `0x${Buffer.from(first.hash).toString('hex')}`;
    expect(res.hash).toBe(hash);
    const { cast } = await env.api.lookupCastByHashOrWarpcastUrl({ identifier: hash, type: 'hash' });
    expect(cast.text).toBe('published as protobuf JSON');

    env.tick(1000);
    const second = signedCast('published as hub JSON');
    const hubJson = (await env.hub.validateMessage({ body: Message.encode(second).finish() }))
      .message as object;
    await env.api.publishMessageToFarcaster({ body: hubJson });
    expect(await castsWithText(env.api, alice.fid, 'published as hub JSON')).toBe(1);

    const forged = {
      ...(Message.toJSON(signedCast('forged')) as any),
      signature: Buffer.alloc(64).toString('base64'),
    };
    await expect(env.api.publishMessageToFarcaster({ body: forged })).rejects.toMatchObject({ status: 400 });
    await expect(env.api.publishMessageToFarcaster({ body: { hello: 1 } })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('publishFarcasterAction posts the action to the local app with a bearer token signed by the user key', async () => {
    const seen: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];
    const app = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        seen.push({ url: req.url!, headers: req.headers, body });
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ ok: true, received: JSON.parse(body).action.type }));
      });
    });
    await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(app.address() as AddressInfo).port}/app`;
    try {
      const res = await env.api.publishFarcasterAction({
        signerUuid: alice.signerUuid,
        baseUrl: base,
        action: { type: 'create.user', payload: { n: 1 } },
      });
      expect(res).toEqual({ ok: true, received: 'create.user' });
      expect(seen[0]!.url).toBe('/app/api/farcaster/action');
      const [header, payload, signature] = seen[0]!.headers.authorization!.replace('Bearer ', '').split('.');
      const h = JSON.parse(Buffer.from(header!, 'base64url').toString());
      expect(h).toMatchObject({ fid: alice.fid, type: 'app_key' });
      expect(JSON.parse(Buffer.from(payload!, 'base64url').toString()).action).toEqual({
        type: 'create.user',
        payload: { n: 1 },
      });
      const valid = ed25519Verify(
        Buffer.from(signature!, 'base64url'),
        Buffer.from(`${header}.${payload}`),
        Buffer.from(h.key.slice(2), 'hex'),
      );
      expect(valid).toBe(true);
      await expect(
        env.api.publishFarcasterAction({
          signerUuid: alice.signerUuid,
          baseUrl: 'https://example.com',
          action: { type: 'x' },
        }),
      ).rejects.toMatchObject({ status: 400, property: 'base_url' });
    } finally {
      app.close();
    }
  });
});

describe('multipart bodies at the edge', () => {
  const post = (body: string, type: string) =>
    request(env.url, '/v2/fungible', {
      method: 'POST',
      headers: { 'x-api-key': env.apiKey, 'content-type': type },
      body,
    });
  const form = (parts: string[], boundary = 'b0undary') =>
    `${parts.map((p) => `--${boundary}\r\n${p}\r\n`).join('')}--${boundary}--\r\n`;
  const field = (name: string, value: string) =>
    `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
  const type = 'multipart/form-data; boundary=b0undary';

  it('a well-formed form is read field by field, and a missing field is named', async () => {
    const owner = '0x0000000000000000000000000000000000000abc';
    const ok = await post(form([field('owner', owner), field('symbol', 'RAW'), field('name', 'Raw')]), type);
    expect(ok.status).toBe(200);
    expect(ok.json().contract.fungible.symbol).toBe('RAW');
    // A browser's empty file input (no filename, no bytes) counts as no file.
    const emptyFile =
      'Content-Disposition: form-data; name="metadata[media]"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n';
    const withEmpty = await post(
      form([field('owner', owner), field('symbol', 'RAW2'), field('name', 'Raw'), emptyFile]),
      type,
    );
    expect(withEmpty.status).toBe(200);
    expect(withEmpty.json().contract.fungible.media).toBeUndefined();
    const missing = await post(form([field('owner', owner), field('symbol', 'RAW')]), type);
    expect(missing.status).toBe(400);
    expect(missing.json().property).toBe('name');
  });

  it('malformed forms are 400s saying what is wrong, another content type a 415', async () => {
    const cases: [string, string, RegExp][] = [
      [form([field('owner', 'x')]), 'multipart/form-data', /no boundary/],
      ['no boundary here', type, /boundary never occurs/],
      ['--b0undary\r\nContent-Disposition: form-data; name="owner"\r\n\r\nunterminated', type, /not closed/],
      [form([field('owner', 'a'), field('owner', 'b')]), type, /more than once/],
      [form(['Content-Type: text/plain\r\n\r\nx']), type, /Content-Disposition/],
      [form(Array.from({ length: 70 }, (_, i) => field(`f${i}`, 'x'))), type, /more than 64 parts/],
      [
        form([
          field('owner', '0x0000000000000000000000000000000000000abc'),
          field('symbol', 'A'),
          field('name', 'n'),
          field('network', 'mainnet'),
        ]),
        type,
        /network must be one of/,
      ],
      [
        form([
          field('owner', '0x0000000000000000000000000000000000000abc'),
          field('symbol', 'A'),
          field('name', 'n'),
          `Content-Disposition: form-data; name="metadata[media]"\r\n\r\nnot a file`,
        ]),
        type,
        /must be a file part/,
      ],
    ];
    for (const [body, contentType, message] of cases) {
      const res = await post(body, contentType);
      expect(res.status, body.slice(0, 60)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const json = await post('{"owner":"x"}', 'application/json');
    expect(json.status).toBe(415);
  });
});
