// 3.x's NFT operations, generated images, x402 signatures and the x-wallet-id they require, sent as
// a 3.x client sends them (paths with their trailing slash) to a seeded emulator over real HTTP;
// the ledger's rows and the wallet's balances are read back to see what each wrote or spent.
import { verifyTypedData } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE } from '../src/domain/ledger.js';
import { DEFAULT_WALLET_ID, hexAddress, walletAddress } from '../src/domain/wallets.js';
import { TRANSFER_WITH_AUTHORIZATION } from '../src/domain/x402.js';
import { balanceOf } from '../src/store/queries/ledger.js';
import { startTestEmulator, type TestEmulator } from '../src/testing/index.js';

let env: TestEmulator;
beforeAll(async () => {
  env = await startTestEmulator();
});
afterAll(() => env.close());

async function send(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  wallet: string | null = DEFAULT_WALLET_ID,
) {
  const res = await fetch(new URL(path, env.url), {
    method,
    headers: {
      'x-api-key': env.apiKey,
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(wallet ? { 'x-wallet-id': wallet } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: await res.json() };
}

const ethOf = (wallet: string, network = 'base') =>
  balanceOf(env.emulator.store, network, NATIVE, walletAddress(wallet));

describe('x-wallet-id', () => {
  it('is required of 3.x callers, who get a 400 naming it when it is missing or unknown, while 2.44 callers are served without it', async () => {
    const missing = await send('GET', '/v2/farcaster/user/fid/', undefined, null);
    expect(missing.status).toBe(400);
    expect(missing.body.property ?? missing.body.message).toContain('x-wallet-id');
    const unknown = await send('GET', '/v2/farcaster/user/fid/', undefined, 'nobody-made-this');
    expect(unknown).toMatchObject({ status: 400, body: { property: 'x-wallet-id' } });
    expect(unknown.body.message).toContain('nobody-made-this');
    expect((await send('GET', '/v2/farcaster/user/fid/')).status).toBe(200);
    // 2.44's path (no trailing slash) is judged by 2.44's spec, which had no wallet.
    expect((await send('GET', '/v2/farcaster/user/fid', undefined, null)).status).toBe(200);
    const storage = await send('POST', '/v2/farcaster/storage/buy/', { fid: 2 }, 'nobody-made-this');
    expect(storage).toMatchObject({ status: 400, body: { property: 'x-wallet-id' } });
  });
});

describe('ERC-721 on the local ledger', () => {
  it('deploys a collection at a deterministic address with the 201 its spec declares, paying gas from the wallet, and mints to addresses and fids', async () => {
    const before = ethOf(DEFAULT_WALLET_ID);
    const deploy = await send('POST', '/v2/farcaster/nft/deploy/erc721/', {
      network: 'base',
      name: 'Emulator Friends',
      symbol: 'EFR',
      max_supply: 5,
      mint_config: { price_per_token: '1000000000000000', max_per_tx: 3 },
    });
    expect(deploy.status).toBe(201);
    const { collection } = deploy.body;
    expect(collection).toMatchObject({
      type: 'ERC721',
      network: 'base',
      name: 'Emulator Friends',
      symbol: 'EFR',
    });
    expect(collection.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect(ethOf(DEFAULT_WALLET_ID)).toBeLessThan(before);

    const afterDeploy = ethOf(DEFAULT_WALLET_ID);
    const sim = await send(
      'GET',
      `/v2/farcaster/nft/mint/?network=base&nft_contract_address=${collection.address}&recipients=${encodeURIComponent(JSON.stringify([{ fid: 2, quantity: 2 }]))}`,
    );
    expect(sim.status).toBe(200);
    expect(sim.body[0]).toMatchObject({ function_name: 'mintTo', to: collection.address });
    expect(BigInt(sim.body[0].estimated_total_cost_wei)).toBeGreaterThan(2n * 10n ** 15n);
    // A simulation spends nothing.
    expect(ethOf(DEFAULT_WALLET_ID)).toBe(afterDeploy);

    const owner = '0x00000000000000000000000000000000000000b0';
    const mint = await send('POST', '/v2/farcaster/nft/mint/', {
      network: 'base',
      contract_address: collection.address,
      recipients: [{ fid: 2, quantity: 2 }, { address: owner }, { address: owner, quantity: 4 }],
    });
    expect(mint.status).toBe(200);
    const [toBob, toOwner, tooMany] = mint.body.transactions;
    expect(toBob.recipient.tokens).toEqual([{ token_id: '1' }, { token_id: '2' }]);
    expect(toOwner.recipient.tokens).toEqual([{ token_id: '3' }]);
    expect(tooMany.error).toContain('at most 3 tokens per transaction');
    // Three tokens at 0.001 ETH went to the deploying wallet itself; gas was burnt.
    const spent = afterDeploy - ethOf(DEFAULT_WALLET_ID);
    expect(spent).toBeGreaterThan(0n);
    expect(spent).toBeLessThan(10n ** 15n);
    const rows = env.emulator.store.db
      .prepare('SELECT token_id, owner FROM nft_tokens WHERE contract = ? ORDER BY token_id')
      .all(collection.address);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toEqual({ token_id: 3, owner });
  });

  it('mints paid from a second wallet move its ETH to the deployer, and refuse a wallet short of ETH', async () => {
    const { wallet: poor } = await env.control.call('POST /_emulator/wallets', {
      body: { id: 'poor', eth: 0.0001 },
    });
    const { wallet: buyer } = await env.control.call('POST /_emulator/wallets', { body: { id: 'buyer' } });
    const deploy = await send('POST', '/v2/farcaster/nft/deploy/erc721/', {
      network: 'optimism',
      name: 'Priced',
      symbol: 'PRC',
      mint_config: { price_per_token: '10000000000000000' },
    });
    const address = deploy.body.collection.address;
    const deployerBefore = ethOf(DEFAULT_WALLET_ID, 'optimism');
    const paid = await send(
      'POST',
      '/v2/farcaster/nft/mint/',
      { network: 'optimism', contract_address: address, recipients: [{ fid: 3 }] },
      buyer.id,
    );
    expect(paid.body.transactions[0].transaction_hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(ethOf(DEFAULT_WALLET_ID, 'optimism') - deployerBefore).toBe(10n ** 16n);
    const refused = await send(
      'POST',
      '/v2/farcaster/nft/mint/',
      { network: 'optimism', contract_address: address, recipients: [{ fid: 3 }] },
      poor.id,
    );
    expect(refused.body.transactions[0].error).toContain('too little ETH');
  });

  it('stores uploaded token metadata and serves it at the URI it answers', async () => {
    const deploy = await send('POST', '/v2/farcaster/nft/deploy/erc721/', {
      network: 'base',
      name: 'Meta',
      symbol: 'MTA',
    });
    const up = await send('POST', '/v2/farcaster/nft/metadata/token', {
      network: 'base',
      contract_address: deploy.body.collection.address,
      tokens: [{ token_id: '1', metadata: { name: 'First', image: 'https://example.test/1.png' } }],
    });
    expect(up.status).toBe(200);
    const served = await fetch(up.body.tokens[0].uri);
    expect(await served.json()).toEqual({ name: 'First', image: 'https://example.test/1.png' });
    const missing = await send('POST', '/v2/farcaster/nft/metadata/token', {
      network: 'base',
      contract_address: '0x00000000000000000000000000000000000000c1',
      tokens: [{ token_id: '1', metadata: { name: 'x', image: 'y' } }],
    });
    expect(missing).toMatchObject({ status: 404, body: { property: 'contract_address' } });
  });
});

describe('generate-image and x402', () => {
  it('answers the same PNG for the same prompt and another for another', async () => {
    const a = await send('POST', '/v2/farcaster/nft/image/', { prompt: 'a purple castle' });
    const again = await send('POST', '/v2/farcaster/nft/image/', { prompt: 'a purple castle' });
    const b = await send('POST', '/v2/farcaster/nft/image/', { prompt: 'a green castle' });
    expect(a.body.image_url).toBe(again.body.image_url);
    expect(a.body.image_url).not.toBe(b.body.image_url);
    const png = await fetch(a.body.image_url);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  });

  it("signs an x402 exact payment with the wallet's key, verifiable against its address", async () => {
    const requirement = {
      scheme: 'exact',
      network: 'base-sepolia',
      maxAmountRequired: '10000',
      resource: 'http://127.0.0.1/paid',
      description: 'a paid resource',
      mimeType: 'application/json',
      payTo: '0x00000000000000000000000000000000000000d1',
      maxTimeoutSeconds: 60,
      asset: '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
      extra: { name: 'USDC', version: '2' },
    };
    const res = await send('POST', '/v2/signature/x402/', {
      payment_requirements: { x402Version: 1, accepts: [requirement] },
    });
    expect(res.status).toBe(200);
    const { authorization, signature } = res.body.payload;
    expect(authorization.from).toBe(walletAddress(DEFAULT_WALLET_ID));
    const valid = await verifyTypedData({
      address: authorization.from,
      domain: {
        name: 'USDC',
        version: '2',
        chainId: 84532,
        verifyingContract: hexAddress(requirement.asset, 'asset'),
      },
      types: TRANSFER_WITH_AUTHORIZATION,
      primaryType: 'TransferWithAuthorization',
      message: {
        ...authorization,
        value: BigInt(authorization.value),
        validAfter: BigInt(authorization.validAfter),
        validBefore: BigInt(authorization.validBefore),
      },
      signature,
    });
    expect(valid).toBe(true);
  });
});
