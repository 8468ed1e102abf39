// Users, profiles, verifications, accounts and storage through the SDK over real HTTP.
import {
  FarcasterNetwork,
  makeVerificationAddressClaim,
  Protocol,
  ViemLocalEip712Signer,
} from '@farcaster/core';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../src/ground/codec.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi } from './support/api.js';

let env: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  env = await startApi();
});
afterAll(() => env.close());

const [alice, bob, carol] = SEED_USERS;

describe('user lookups', () => {
  it('fetchBulkUsers returns users in the requested order, skips unknown fids and fills viewer_context', async () => {
    const { users } = await env.api.fetchBulkUsers({ fids: [3, 1, 999_999], viewerFid: 2 });
    expect(users.map((u) => u.fid)).toEqual([3, 1]);
    expect(users[1]!.username).toBe('alice');
    expect(users[1]!.pfp_url).toBe(`${env.url}/_emulator/avatar/1.svg`);
    const bobFollowsAlice = env.store.db
      .prepare("SELECT 1 FROM links WHERE fid = 2 AND target_fid = 1 AND type = 'follow'")
      .get();
    expect(users[1]!.viewer_context?.following).toBe(Boolean(bobFollowsAlice));
  });

  it('follower and following counts match the stored graph', async () => {
    const { user } = await env.api.lookupUserByUsername({ username: alice.username });
    const followers = env.store.db.prepare('SELECT COUNT(*) AS n FROM links WHERE target_fid = 1').get() as {
      n: number;
    };
    expect(user.follower_count).toBe(followers.n);
    expect(user.display_name).toBe(alice.displayName);
  });

  it('an unknown username is a 404 that names the username', async () => {
    await expect(env.api.lookupUserByUsername({ username: 'no-such-user' })).rejects.toMatchObject({
      status: 404,
      property: 'username',
      apiMessage: expect.stringContaining('no-such-user'),
    });
  });

  it('looks users up by custody address, verified address and X username', async () => {
    const row = env.store.db.prepare('SELECT custody_address, twitter FROM users WHERE fid = 2').get() as {
      custody_address: string;
      twitter: string | null;
    };
    const { user } = await env.api.lookupUserByCustodyAddress({
      custodyAddress: row.custody_address.toUpperCase().replace('0X', '0x'),
    });
    expect(user.fid).toBe(2);

    const verified = env.store.db
      .prepare('SELECT address FROM verifications WHERE fid = 3 LIMIT 1')
      .get() as {
      address: string;
    };
    const byAddress = await env.api.fetchBulkUsersByEthOrSolAddress({
      addresses: [verified.address, row.custody_address],
    });
    expect(byAddress[verified.address]?.map((u) => u.fid)).toEqual([3]);
    expect(byAddress[row.custody_address]?.map((u) => u.fid)).toEqual([2]);
    const custodyOnly = await env.api.fetchBulkUsersByEthOrSolAddress({
      addresses: [verified.address, row.custody_address],
      addressTypes: ['custody_address'],
    });
    expect(Object.keys(custodyOnly)).toEqual([row.custody_address]);

    const x = env.store.db
      .prepare('SELECT fid, twitter FROM users WHERE twitter IS NOT NULL LIMIT 1')
      .get() as {
      fid: number;
      twitter: string;
    };
    const { users } = await env.api.lookupUsersByXUsername({ xUsername: x.twitter });
    expect(users.map((u) => u.fid)).toContain(x.fid);
    expect(users.find((u) => u.fid === x.fid)!.verified_accounts).toContainEqual({
      platform: 'x',
      username: x.twitter,
    });
  });

  it('a malformed address is a 400, not a lookup', async () => {
    await expect(
      env.api.lookupUserByCustodyAddress({ custodyAddress: 'not-an-address' }),
    ).rejects.toMatchObject({
      status: 400,
      property: 'custody_address',
    });
  });

  it('searchUser pages through every prefix match exactly once', async () => {
    const expected = env.store.db
      .prepare(
        "SELECT COUNT(*) AS n FROM users WHERE username LIKE 'b%' OR display_name LIKE 'b%' OR display_name LIKE '% b%'",
      )
      .get() as { n: number };
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const { result } = await env.api.searchUser({ q: 'b', limit: 10, cursor });
      seen.push(...result.users.map((u) => ('fid' in u ? u.fid : -1)));
      cursor = result.next?.cursor ?? undefined;
    } while (cursor);
    expect(seen.length).toBe(expected.n);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toContain(bob.fid);
  });

  it('searchUser results carry pfp.url beside pfp_url, as a SearchedUser does', async () => {
    const { result } = await env.api.searchUser({ q: bob.username, limit: 5 });
    const found = result.users.find((u) => u.fid === bob.fid)!;
    expect(found.pfp_url).toMatch(/^https?:\/\//);
    expect(found.pfp.url).toBe(found.pfp_url);
  });

  it('fetchUsersByLocation lists the nearest users first', async () => {
    const { users } = await env.api.fetchUsersByLocation({ latitude: 51.5, longitude: -0.1, limit: 5 });
    expect(users.length).toBeGreaterThan(0);
    const first = users[0]!.profile.location!;
    expect(Math.abs(first.latitude - 51.5)).toBeLessThan(1);
    expect(first.address?.city).toBe('London');
  });

  it('power users come most-followed first and the lite list holds the same fids', async () => {
    const { users } = await env.api.fetchPowerUsers({ limit: 100 });
    const powered = env.store.db.prepare('SELECT COUNT(*) FROM users WHERE power_badge = 1').pluck().get();
    expect(powered).toBeGreaterThan(1);
    expect(users).toHaveLength(powered as number);
    expect(users.every((u) => u.power_badge)).toBe(true);
    const counts = users.map((u) => u.follower_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const { result } = await env.api.fetchPowerUsersLite();
    expect([...result.fids].sort((a, b) => a - b)).toEqual(users.map((u) => u.fid).sort((a, b) => a - b));
  });
});

describe('profile writes', () => {
  it('updateUser changes the profile through UserDataAdd messages', async () => {
    const before = (
      env.store.db.prepare('SELECT COUNT(*) AS n FROM messages WHERE fid = 3 AND type = 11').get() as {
        n: number;
      }
    ).n;
    await env.api.updateUser({
      signerUuid: carol.signerUuid,
      bio: 'writing tests all day',
      displayName: 'Carol N.',
      location: { latitude: 35.68, longitude: 139.69 },
    });
    const { user } = await env.api.lookupUserByUsername({ username: carol.username });
    expect(user.profile.bio.text).toBe('writing tests all day');
    expect(user.display_name).toBe('Carol N.');
    expect(user.profile.location).toMatchObject({ latitude: 35.68, longitude: 139.69 });
    const after = (
      env.store.db.prepare('SELECT COUNT(*) AS n FROM messages WHERE fid = 3 AND type = 11').get() as {
        n: number;
      }
    ).n;
    expect(after).toBe(before + 3);
  });

  it('taking a username someone else holds is refused', async () => {
    await expect(
      env.api.updateUser({ signerUuid: carol.signerUuid, username: alice.username }),
    ).rejects.toMatchObject({
      name: 'ConflictError',
      status: 409,
      code: 'Conflict',
      property: 'username',
    });
  });

  it('an update with no fields is a 400', async () => {
    await expect(env.api.updateUser({ signerUuid: carol.signerUuid })).rejects.toMatchObject({ status: 400 });
  });

  it('publishes a verification with a real EIP-712 claim and deletes it again', async () => {
    const account = privateKeyToAccount(`0x${'42'.repeat(32)}`);
    const address = account.address.toLowerCase();
    const blockHash = `0x${'ab'.repeat(32)}`;
    const claim = makeVerificationAddressClaim(
      bob.fid,
      fromHex(address),
      FarcasterNetwork.MAINNET,
      fromHex(blockHash),
      Protocol.ETHEREUM,
    )._unsafeUnwrap();
    const signature = (
      await new ViemLocalEip712Signer(account).signVerificationEthAddressClaim(claim)
    )._unsafeUnwrap();
    const before = (await env.api.lookupUserByUsername({ username: bob.username })).user;
    await env.api.publishVerification({
      signerUuid: bob.signerUuid,
      address,
      blockHash,
      ethSignature: toHex(signature),
    });
    expect(before.verified_addresses.eth_addresses.length).toBeGreaterThan(0);
    let { user } = await env.api.lookupUserByUsername({ username: bob.username });
    expect(user.verified_addresses.eth_addresses).toContain(address);
    // Verifications list oldest first, and the first stays primary when another is added.
    expect(user.verified_addresses.eth_addresses.at(-1)).toBe(address);
    expect(user.verified_addresses.primary.eth_address).toBe(before.verified_addresses.primary.eth_address);

    await env.api.deleteVerification({ signerUuid: bob.signerUuid, address, blockHash });
    ({ user } = await env.api.lookupUserByUsername({ username: bob.username }));
    expect(user.verified_addresses.eth_addresses).not.toContain(address);
  });

  it('a verification whose claim was signed by another address is rejected', async () => {
    const signer = privateKeyToAccount(`0x${'43'.repeat(32)}`);
    const claimed = `0x${'99'.repeat(20)}`;
    const blockHash = `0x${'cd'.repeat(32)}`;
    const claim = makeVerificationAddressClaim(
      bob.fid,
      fromHex(claimed),
      FarcasterNetwork.MAINNET,
      fromHex(blockHash),
      Protocol.ETHEREUM,
    )._unsafeUnwrap();
    const signature = (
      await new ViemLocalEip712Signer(signer).signVerificationEthAddressClaim(claim)
    )._unsafeUnwrap();
    await expect(
      env.api.publishVerification({
        signerUuid: bob.signerUuid,
        address: claimed,
        blockHash,
        ethSignature: toHex(signature),
      }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('accounts and storage', () => {
  it('registers a fresh fid with an fname, profile and an approved signer', async () => {
    const { fid } = await env.api.getFreshAccountFID();
    expect(await env.api.isFnameAvailable({ fname: 'newcomer' })).toEqual({ available: true });
    const custody = privateKeyToAccount(`0x${'51'.repeat(32)}`).address;
    const res = await env.api.registerAccount({
      fid,
      signature: `0x${'11'.repeat(65)}`,
      requestedUserCustodyAddress: custody,
      deadline: Math.floor(env.store.now() / 1000) + 3600,
      fname: 'newcomer',
      metadata: { bio: 'just arrived', display_name: 'New Comer' },
    });
    expect(res.signer.status).toBe('approved');
    expect(res.user).toMatchObject({ fid, username: 'newcomer', display_name: 'New Comer' });
    expect(await env.api.isFnameAvailable({ fname: 'newcomer' })).toEqual({ available: false });
    const { user } = await env.api.lookupUserByCustodyAddress({ custodyAddress: custody });
    expect(user.fid).toBe(fid);
    expect((await env.api.getFreshAccountFID()).fid).toBe(fid + 1);

    // The returned signer can act for the new account right away.
    const follow = await env.api.followUser({ signerUuid: res.signer.signer_uuid, targetFids: [alice.fid] });
    expect(follow.success).toBe(true);
  });

  it('registering a fid that is taken is refused', async () => {
    await expect(
      env.api.registerAccount({
        fid: 1,
        signature: `0x${'11'.repeat(65)}`,
        requestedUserCustodyAddress: `0x${'12'.repeat(20)}`,
        deadline: Math.floor(env.store.now() / 1000) + 3600,
      }),
    ).rejects.toMatchObject({ name: 'ConflictError', status: 409, code: 'Conflict', property: 'fid' });
  });

  it('buyStorage adds units once per idem key and usage reflects what the user stores', async () => {
    const before = await env.api.lookupUserStorageAllocations({ fid: 2 });
    const bought = await env.api.buyStorage({ fid: 2, units: 2, idem: 'test-buy-1' });
    expect(bought.total_active_units).toBe(before.total_active_units! + 2);
    const again = await env.api.buyStorage({ fid: 2, units: 2, idem: 'test-buy-1' });
    expect(again.total_active_units).toBe(bought.total_active_units);

    const usage = await env.api.lookupUserStorageUsage({ fid: 2 });
    expect(usage.total_active_units).toBe(bought.total_active_units);
    const links = env.store.db.prepare('SELECT COUNT(*) AS n FROM links WHERE fid = 2').get() as {
      n: number;
    };
    expect(usage.links).toMatchObject({ used: links.n, capacity: 2500 * bought.total_active_units! });
  });

  it('an fname with characters the protocol forbids is a 400', async () => {
    await expect(env.api.isFnameAvailable({ fname: 'Not Valid!' })).rejects.toMatchObject({ status: 400 });
  });
});
