// 3.x's request changes to update-user, register-account, search-casts and the mini-app catalogs,
// taken from 3.x callers (paths with their trailing slash) while 2.44 callers see no change.
import {
  FarcasterNetwork,
  makeVerificationAddressClaim,
  Protocol,
  ViemLocalEip712Signer,
} from '@farcaster/core';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../src/ground/codec.js';
import { DEV_MNEMONIC } from '../src/index.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi, TEST_NOW } from './support/api.js';
import { request } from './support/http.js';
import { errors3 } from './support/spec3.js';

let env: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  env = await startApi();
});
afterAll(() => env.close());

const [alice, bob] = SEED_USERS;
const SOL_ADDRESS = '5Zzguz4NsSRFxGkHfM4FmsFpGZiCDtY72zH2jzMcqkJx';

async function send(method: string, path: string, body: object) {
  const headers = { 'x-api-key': env.apiKey, 'content-type': 'application/json' };
  return request(env.url, path, { method, headers, body: JSON.stringify(body) });
}

/** Verifies a fresh eth address for `user` through publish-verification, with a real EIP-712 claim. */
async function verifyEth(user: { fid: number; signerUuid: string }, key: string): Promise<string> {
  const account = privateKeyToAccount(`0x${key.repeat(32)}`);
  const address = account.address.toLowerCase();
  const blockHash = `0x${'ab'.repeat(32)}`;
  const claim = makeVerificationAddressClaim(
    user.fid,
    fromHex(address),
    FarcasterNetwork.MAINNET,
    fromHex(blockHash),
    Protocol.ETHEREUM,
  )._unsafeUnwrap();
  const signature = (
    await new ViemLocalEip712Signer(account).signVerificationEthAddressClaim(claim)
  )._unsafeUnwrap();
  const res = await send('POST', '/v2/farcaster/user/verification/', {
    signer_uuid: user.signerUuid,
    address,
    block_hash: blockHash,
    eth_signature: toHex(signature),
  });
  expect(res.status, res.text).toBe(200);
  return address;
}

async function get(path: string) {
  const res = await request(env.url, path, { headers: { 'x-api-key': env.apiKey } });
  expect(res.status, res.text).toBe(200);
  return res.json();
}

interface Found {
  hash: string;
  timestamp: string;
}

describe('search-casts', () => {
  it('sort_type=chron answers oldest first, paged by the keyset cursor', async () => {
    const newest: Found[] = (await get('/v2/farcaster/cast/search/?q=the&sort_type=desc_chron&limit=100'))
      .result.casts;
    expect(newest.length).toBeGreaterThan(6);
    const pages: Found[] = [];
    let cursor = '';
    for (let i = 0; i < 100; i++) {
      const body = await get(`/v2/farcaster/cast/search/?q=the&sort_type=chron&limit=25${cursor}`);
      expect(errors3({ api: 'v2', id: 'search-casts' }, body)).toEqual([]);
      pages.push(...body.result.casts);
      if (!body.result.next?.cursor) break;
      cursor = `&cursor=${body.result.next.cursor}`;
    }
    const times = pages.map((c) => Date.parse(c.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times[0]).toBeLessThan(times[times.length - 1]!);
    if (newest.length < 100) expect(pages.map((c) => c.hash)).toEqual(newest.map((c) => c.hash).reverse());
  });
});

describe('update-user', () => {
  it('takes a banner from 3.x callers, stored as BANNER user data and answered as profile.banner.url', async () => {
    const banner = 'https://example.com/banner.png';
    const res = await send('PATCH', '/v2/farcaster/user/', { signer_uuid: alice!.signerUuid, banner });
    expect(res.status, res.text).toBe(200);
    const { user } = await get(`/v2/farcaster/user/by_username/?username=${alice!.username}`);
    expect(user.profile.banner).toEqual({ url: banner });
    const data = await get(`/v1/userDataByFid?fid=${alice!.fid}&user_data_type=USER_DATA_TYPE_BANNER`);
    expect(data.data.userDataBody.value).toBe(banner);
    const bad = await send('PATCH', '/v2/farcaster/user/', {
      signer_uuid: alice!.signerUuid,
      banner: 'javascript:x',
    });
    expect([bad.status, bad.json().property]).toEqual([400, 'banner']);
  });

  it('takes a primary eth address among the verified ones, answered as verified_addresses.primary', async () => {
    const first = await verifyEth(bob!, '51');
    const second = await verifyEth(bob!, '52');
    let { user } = await get(`/v2/farcaster/user/by_username/?username=${bob!.username}`);
    expect(user.verified_addresses.primary.eth_address).not.toBe(second);
    const res = await send('PATCH', '/v2/farcaster/user/', {
      signer_uuid: bob!.signerUuid,
      primary_eth_address: second.toUpperCase().replace('0X', '0x'),
    });
    expect(res.status, res.text).toBe(200);
    ({ user } = await get(`/v2/farcaster/user/by_username/?username=${bob!.username}`));
    expect(user.verified_addresses.primary.eth_address).toBe(second);
    expect(errors3({ api: 'v2', id: 'lookup-user-by-username' }, { user })).toEqual([]);
    const data = await get(
      `/v1/userDataByFid?fid=${bob!.fid}&user_data_type=USER_DATA_PRIMARY_ADDRESS_ETHEREUM`,
    );
    expect(data.data.userDataBody.value).toBe(second);
    // The hub lists it with the rest of the user's data, by the protocol's name.
    const all = await get(`/v1/userDataByFid?fid=${bob!.fid}`);
    expect(
      all.messages.map((m: { data: { userDataBody: { type: string } } }) => m.data.userDataBody.type),
    ).toContain('USER_DATA_PRIMARY_ADDRESS_ETHEREUM');
    // Removing the chosen address's verification leaves the oldest verified one primary again.
    const removed = await send('DELETE', '/v2/farcaster/user/verification/', {
      signer_uuid: bob!.signerUuid,
      address: second,
      block_hash: `0x${'ab'.repeat(32)}`,
      eth_signature: `0x${'00'.repeat(65)}`,
    });
    expect(removed.status, removed.text).toBe(200);
    ({ user } = await get(`/v2/farcaster/user/by_username/?username=${bob!.username}`));
    expect(user.verified_addresses.primary.eth_address).toBe(user.verified_addresses.eth_addresses[0]);
    expect(user.verified_addresses.eth_addresses).toContain(first);
  });

  it('refuses a primary address the user has not verified, a 400 naming the field', async () => {
    for (const [field, value] of [
      ['primary_eth_address', `0x${'77'.repeat(20)}`],
      ['primary_sol_address', SOL_ADDRESS],
    ] as const) {
      const res = await send('PATCH', '/v2/farcaster/user/', {
        signer_uuid: alice!.signerUuid,
        [field]: value,
      });
      expect([res.status, res.json().property], res.text).toEqual([400, field]);
    }
  });
});

describe('mini-app catalog, relevant and search', () => {
  it('take networks as repeated keys from 3.x callers, and refuse a network 3.x does not name', async () => {
    const base = [
      '/v2/farcaster/frame/catalog/?limit=5',
      `/v2/farcaster/frame/relevant/?viewer_fid=${alice!.fid}`,
      '/v2/farcaster/frame/search/?q=a&limit=5',
    ];
    for (const path of base) {
      const all = await get(path);
      // The store knows no app's networks, so every app counts as naming none: all are kept.
      expect(await get(`${path}&networks=base&networks=solana`), path).toEqual(all);
      const bad = await request(env.url, `${path}&networks=base&networks=dogecoin`, {
        headers: { 'x-api-key': env.apiKey },
      });
      expect([bad.status, bad.json().property], path).toEqual([400, 'networks']);
    }
  });
});

describe('register-account', () => {
  const SIGNED_KEY_REQUEST = {
    domain: {
      name: 'Farcaster SignedKeyRequestValidator',
      version: '1',
      chainId: 10,
      verifyingContract: '0x00000000fc700472606ed4fa22623acf62c60553',
    },
    types: {
      SignedKeyRequest: [
        { name: 'requestFid', type: 'uint256' },
        { name: 'key', type: 'bytes' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
  } as const;

  it("takes 3.x's signer: the app's own signer, approved for the new fid, signing its profile, answered in `signers` and listed by fetchSigners", async () => {
    const wallet = {
      'x-api-key': env.apiKey,
      'content-type': 'application/json',
      'x-wallet-id': 'requests3',
    };
    await request(env.url, '/_emulator/wallets', {
      method: 'POST',
      headers: wallet,
      body: JSON.stringify({ id: 'requests3' }),
    });
    const created = await send('POST', '/v2/farcaster/signer/', {});
    expect(created.status, created.text).toBe(200);
    const { signer_uuid, public_key } = created.json();
    const deadline = Math.floor(TEST_NOW / 1000) + 3600;
    // alice's app (fid 1) signs the key request with her custody key, DEV_MNEMONIC's first account.
    const metadataSignature = await mnemonicToAccount(DEV_MNEMONIC).signTypedData({
      ...SIGNED_KEY_REQUEST,
      primaryType: 'SignedKeyRequest',
      message: { requestFid: BigInt(alice!.fid), key: public_key, deadline: BigInt(deadline) },
    });
    const custody = privateKeyToAccount(`0x${'61'.repeat(32)}`);
    const fresh = await request(env.url, '/v2/farcaster/user/fid/', { headers: wallet });
    expect(fresh.status, fresh.text).toBe(200);
    const body = {
      fid: fresh.json().fid,
      requested_user_custody_address: custody.address,
      signature: `0x${'11'.repeat(65)}`,
      deadline,
      fname: 'signer-given',
      signer: {
        uuid: signer_uuid,
        app_fid: alice!.fid,
        deadline,
        signed_key_request_metadata_signature: `0x${'00'.repeat(65)}`,
      },
    };
    const forged = await request(env.url, '/v2/farcaster/user/', {
      method: 'POST',
      headers: wallet,
      body: JSON.stringify(body),
    });
    expect([forged.status, forged.json().property]).toEqual([
      400,
      'signer.signed_key_request_metadata_signature',
    ]);
    body.signer.signed_key_request_metadata_signature = metadataSignature;
    const res = await request(env.url, '/v2/farcaster/user/', {
      method: 'POST',
      headers: wallet,
      body: JSON.stringify(body),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json().signer).toMatchObject({ signer_uuid, status: 'approved', fid: body.fid });
    expect(res.json().user.username).toBe('signer-given');
    // 3.x's RegisterUserResponse requires the fid's `signers`, each named by `uuid`.
    expect(errors3({ api: 'v2', id: 'register-account' }, res.json())).toEqual([]);
    expect(res.json().signers).toEqual([
      expect.objectContaining({ uuid: signer_uuid, public_key, status: 'approved', fid: body.fid }),
    ]);
    const looked = await get(`/v2/farcaster/signer/?signer_uuid=${signer_uuid}`);
    expect(looked).toMatchObject({ status: 'approved', fid: body.fid });
    // The new user's custody key signs in: fetchSigners lists the signer it registered with.
    const message = createSiweMessage({
      address: custody.address,
      chainId: 10,
      domain: 'example.com',
      nonce: 'abcdefgh1234',
      uri: 'https://example.com/login',
      version: '1',
    });
    const listed = await request(
      env.url,
      `/v2/farcaster/signer/list/?${new URLSearchParams({ message, signature: await custody.signMessage({ message }) })}`,
      { headers: { 'x-api-key': env.apiKey } },
    );
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json().signers).toEqual([
      expect.objectContaining({ signer_uuid, public_key, status: 'approved', fid: body.fid }),
    ]);
  });
});
