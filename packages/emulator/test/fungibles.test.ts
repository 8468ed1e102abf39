// 3.x's fungible reads over real HTTP against a seeded emulator, as a 3.x client sends them (paths
// with their trailing slash where 3.x has one): token metadata, balances page by page, fungibles by
// CAIP id, trades and trending inside windows of the emulator's clock, each checked against the
// ledger's rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_USDC } from '../src/domain/ledger.js';
import { block, unblock, unmute } from '../src/domain/social.js';
import { trade } from '../src/domain/trades.js';
import { DEFAULT_WALLET_ID, walletAddress } from '../src/domain/wallets.js';
import { startTestEmulator, type TestEmulator } from '../src/testing/index.js';
import { errors3 } from './support/spec3.js';

let env: TestEmulator;
let cast: string;
let epts: string;
beforeAll(async () => {
  env = await startTestEmulator();
  const bySymbol = env.emulator.store.db
    .prepare('SELECT address FROM ledger_tokens WHERE symbol = ?')
    .pluck();
  cast = String(bySymbol.get('CAST'));
  epts = String(bySymbol.get('EPTS'));
});
afterAll(() => env.close());

async function get(path: string, query: Record<string, string | number>) {
  const url = new URL(path, env.url);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
  const res = await fetch(url, { headers: { 'x-api-key': env.apiKey } });
  return { status: res.status, body: await res.json() };
}

describe('token metadata', () => {
  it('counts holders and supply from the balances and prices a token by its last trade', async () => {
    const { status, body } = await get('/v2/onchain/token/metadata', { network: 'base', address: cast });
    expect(status).toBe(200);
    const holders = env.emulator.store.db
      .prepare("SELECT COUNT(*) FROM ledger_balances WHERE network = 'base' AND token = ? AND amount != '0'")
      .pluck()
      .get(cast);
    expect(body.token).toMatchObject({
      symbol: 'CAST',
      decimals: 18,
      holder_count: holders,
      price_source: 'onchain',
    });
    expect(Number(body.token.price_usd)).toBeGreaterThan(0);
    const missing = await get('/v2/onchain/token/metadata', {
      network: 'base',
      address: '0x00000000000000000000000000000000000000e1',
    });
    expect(missing).toMatchObject({ status: 404, body: { property: 'address' } });
    const batch = await get('/v2/onchain/token/metadata/batch', {
      networks: 'base',
      addresses: `${cast},${epts},0x00000000000000000000000000000000000000e1`,
    });
    expect(batch.body.tokens.map((t: { symbol: string }) => t.symbol)).toEqual(['CAST', 'EPTS']);
  });

  it('finds fungibles by CAIP id and refuses an id it cannot read', async () => {
    const ok = await get('/v2/farcaster/fungibles/', { fungibles: `eip155:8453/erc20:${epts}` });
    expect(ok.body.fungibles).toHaveLength(1);
    expect(ok.body.fungibles[0]).toMatchObject({
      object: 'farcaster_fungible',
      fungible: { symbol: 'EPTS', network: 'base' },
    });
    expect(typeof ok.body.fungibles[0].cast_count).toBe('number');
    const bad = await get('/v2/farcaster/fungibles/', { fungibles: 'base:EPTS' });
    expect(bad).toMatchObject({ status: 400, body: { property: 'fungibles' } });
  });
});

describe('wallet balances', () => {
  it("pages a wallet's balances with the cursor, leaving out networks not asked for", async () => {
    const address = walletAddress(DEFAULT_WALLET_ID);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await get('/v2/onchain/token/balances', {
        address,
        networks: 'base,optimism',
        limit: 1,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.status).toBe(200);
      seen.push(
        ...page.body.balances.map((b: { network: string; symbol: string }) => `${b.network}:${b.symbol}`),
      );
      cursor = page.body.next.cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(['base:USDC', 'base:ETH', 'optimism:USDC', 'optimism:ETH']);
  });
});

describe('trades and trending', () => {
  it('lists a new trade first and ranks by buy volume inside the window, which the clock moves past', async () => {
    await env.clock.freeze();
    const store = env.emulator.store;
    const trader = String(
      store.db
        .prepare(
          `SELECT b.holder FROM ledger_balances b JOIN verifications v ON v.address = b.holder
           WHERE b.network = 'base' AND b.token = ? ORDER BY length(b.amount) DESC, b.amount DESC`,
        )
        .pluck()
        .get(EMULATOR_USDC),
    );
    const hash = trade(store, {
      network: 'base',
      token: epts,
      trader,
      side: 'buy',
      tokenUnits: 1000n * 10n ** 18n,
      usdcUnits: 5_000n * 10n ** 6n,
    });
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    const trades = await get('/v2/farcaster/fungible/trades/', {
      network: 'base',
      address: epts,
      time_window: '1h',
    });
    expect(trades.body.trades[0].transaction.hash).toBe(hash);
    expect(trades.body.trades[0].transaction.net_transfer.sending_fungible.token.symbol).toBe('USDC');
    const big = await get('/v2/farcaster/fungible/trades/', {
      network: 'base',
      address: epts,
      time_window: '7d',
      min_amount_usd: 4000,
    });
    expect(big.body.trades.map((t: { transaction: { hash: string } }) => t.transaction.hash)).toEqual([hash]);

    const trending = await get('/v2/farcaster/fungible/trending/', { network: 'base', time_window: '1h' });
    expect(trending.body.trending[0].fungible.symbol).toBe('EPTS');
    await env.clock.advance(2 * 3_600_000);
    const later = await get('/v2/farcaster/fungible/trending/', { network: 'base', time_window: '1h' });
    expect(later.body.trending).toEqual([]);
    const week = await get('/v2/farcaster/fungible/trending/', { network: 'base', time_window: '7d' });
    expect(week.body.trending.map((t: { fungible: { symbol: string } }) => t.fungible.symbol).sort()).toEqual(
      ['CAST', 'EPTS'],
    );
  });
});

describe('relevant owners in bulk', () => {
  /** A token's holders by verified fid as the ledger holds them: largest balance first, then by fid. */
  function ledgerHolders(token: string, followedBy?: number): number[] {
    const rows = env.emulator.store.db
      .prepare<[string], { fid: number; amount: string }>(
        `SELECT v.fid AS fid, b.amount AS amount FROM ledger_balances b
         JOIN verifications v ON v.address = b.holder
         WHERE b.network = 'base' AND b.token = ? AND b.amount != '0'`,
      )
      .all(token);
    const followed = new Set(
      followedBy === undefined
        ? rows.map((r) => r.fid)
        : env.emulator.store.db
            .prepare("SELECT target_fid FROM links WHERE fid = ? AND type = 'follow'")
            .pluck()
            .all(followedBy),
    );
    const ranked = rows
      .filter((r) => followed.has(r.fid))
      .sort((a, b) => {
        const d = BigInt(b.amount) - BigInt(a.amount);
        return d !== 0n ? (d > 0n ? 1 : -1) : a.fid - b.fid;
      })
      .slice(0, 50);
    return [...new Set(ranked.map((r) => r.fid))];
  }

  it("answers each fungible's holders among the viewer's follows, keyed by its address, largest first", async () => {
    const unknown = '0x00000000000000000000000000000000000000e1';
    const { status, body } = await get('/v2/farcaster/fungible/owner/relevant/bulk', {
      contract_addresses: `${cast.toUpperCase().replace('0X', '0x')},${epts},${unknown},${cast}`,
      network: 'base',
      viewer_fid: 1,
    });
    expect(status).toBe(200);
    expect(errors3({ api: 'v2', id: 'fetch-bulk-relevant-fungible-owners' }, body)).toEqual([]);
    expect(Object.keys(body).sort()).toEqual([cast, epts, unknown].sort());
    for (const token of [cast, epts]) {
      const expected = ledgerHolders(token, 1);
      expect(expected.length).toBeGreaterThan(0);
      const owners = body[token];
      expect(owners.all_relevant_fungible_owners_dehydrated.map((u: { fid: number }) => u.fid)).toEqual(
        expected,
      );
      const top = owners.top_relevant_fungible_owners_hydrated;
      expect(top.map((u: { fid: number }) => u.fid)).toEqual(expected.slice(0, 5));
      for (const user of top) {
        // 3.x's User: registered_at and auth_addresses, and the viewer follows every one listed.
        expect(typeof user.registered_at).toBe('string');
        expect(Array.isArray(user.auth_addresses)).toBe(true);
        expect(user.viewer_context.following).toBe(true);
      }
    }
    expect(body[unknown]).toEqual({
      top_relevant_fungible_owners_hydrated: [],
      all_relevant_fungible_owners_dehydrated: [],
    });

    const everyone = await get('/v2/farcaster/fungible/owner/relevant/bulk', {
      contract_addresses: epts,
      network: 'base',
    });
    expect(
      everyone.body[epts].all_relevant_fungible_owners_dehydrated.map((u: { fid: number }) => u.fid),
    ).toEqual(ledgerHolders(epts));
  });

  it('refuses contract_addresses that are too many or no address, and an unknown viewer, naming each', async () => {
    const path = '/v2/farcaster/fungible/owner/relevant/bulk';
    const eleven = Array.from({ length: 11 }, (_, i) => `0x${String(i + 1).padStart(40, '0')}`).join(',');
    expect(await get(path, { contract_addresses: eleven, network: 'base' })).toMatchObject({
      status: 400,
      body: { property: 'contract_addresses' },
    });
    expect(await get(path, { contract_addresses: `${cast},CAST`, network: 'base' })).toMatchObject({
      status: 400,
      body: { property: 'contract_addresses' },
    });
    expect(await get(path, { network: 'base' })).toMatchObject({
      status: 400,
      body: { property: 'contract_addresses' },
    });
    expect(await get(path, { contract_addresses: cast, network: 'polygon' })).toMatchObject({
      status: 400,
      body: { property: 'network' },
    });
    expect(
      await get(path, { contract_addresses: cast, network: 'base', viewer_fid: 99_999_999 }),
    ).toMatchObject({ status: 404, body: { property: 'viewer_fid' } });
  });

  it('leaves out holders the viewer muted or blocked and those who block the viewer, as relevant followers do', async () => {
    const viewer = 1;
    const token = [cast, epts].find((t) => ledgerHolders(t, viewer).length >= 4);
    if (!token) throw new Error('the seed has no token with four holders fid 1 follows');
    const [muted, blocked, blocking, ...rest] = ledgerHolders(token, viewer);
    if (muted === undefined || blocked === undefined || blocking === undefined)
      throw new Error('unreachable');
    const store = env.emulator.store;
    const mute = await fetch(new URL('/v2/farcaster/mute/', env.url), {
      method: 'POST',
      headers: { 'x-api-key': env.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ fid: viewer, muted_fid: muted }),
    });
    expect(mute.status).toBe(200);
    block(store, viewer, blocked);
    block(store, blocking, viewer);
    try {
      const fids = (users: { fid: number }[]) => users.map((u) => u.fid);
      const one = await get('/v2/farcaster/fungible/owner/relevant/', {
        contract_address: token,
        network: 'base',
        viewer_fid: viewer,
      });
      expect(one.status).toBe(200);
      expect(fids(one.body.all_relevant_fungible_owners_dehydrated)).toEqual(rest);
      expect(fids(one.body.top_relevant_fungible_owners_hydrated)).toEqual(rest.slice(0, 5));
      const bulk = await get('/v2/farcaster/fungible/owner/relevant/bulk', {
        contract_addresses: token,
        network: 'base',
        viewer_fid: viewer,
      });
      expect(fids(bulk.body[token].all_relevant_fungible_owners_dehydrated)).toEqual(rest);
      // Without a viewer there is no one whose mutes and blocks apply.
      const anyone = await get('/v2/farcaster/fungible/owner/relevant/bulk', {
        contract_addresses: token,
        network: 'base',
      });
      expect(fids(anyone.body[token].all_relevant_fungible_owners_dehydrated)).toEqual(
        expect.arrayContaining([muted, blocked, blocking]),
      );
      // fetchRelevantFollowers keeps the same three out: each from the followers of one it follows.
      for (const hidden of [muted, blocked, blocking]) {
        const target = Number(
          store.db
            .prepare(
              "SELECT target_fid FROM links WHERE type = 'follow' AND fid = ? AND target_fid != ? LIMIT 1",
            )
            .pluck()
            .get(hidden, viewer),
        );
        const followers = await get('/v2/farcaster/followers/relevant/', {
          target_fid: target,
          viewer_fid: viewer,
        });
        expect(followers.status).toBe(200);
        const shown = fids(
          followers.body.all_relevant_followers_dehydrated.map((f: { user: { fid: number } }) => f.user),
        );
        expect(shown).not.toContain(hidden);
      }
    } finally {
      unmute(store, viewer, muted);
      unblock(store, viewer, blocked);
      unblock(store, blocking, viewer);
    }
  });
});
