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

/** Whether `fid` follows `target`, as the hub answers for the link (404: no link). */
const followsOn = (fid: number, target: number) =>
  env.hub.lookupUserRelation({ fid, targetFid: target, linkType: 'follow' }).then(
    () => true,
    (e: { status?: number }) => {
      if (e.status === 404) return false;
      throw e;
    },
  );

describe('user lookups', () => {
  it('fetchBulkUsers returns users in the requested order, skips unknown fids and fills viewer_context', async () => {
    const { users } = await env.api.fetchBulkUsers({ fids: [3, 1, 999_999], viewerFid: 2 });
    expect(users.map((u) => u.fid)).toEqual([3, 1]);
    expect(users[1]!.username).toBe('alice');
    expect(users[1]!.pfp_url).toBe(`${env.url}/_emulator/avatar/1.svg`);
    // As the hub has bob's link to alice: the seed has him follow her.
    const link = await env.hub.lookupUserRelation({ fid: 2, targetFid: 1, linkType: 'follow' });
    expect(link.data.linkBody?.targetFid).toBe(1);
    expect(users[1]!.viewer_context?.following).toBe(true);
    expect(users[0]!.viewer_context?.following).toBe(await followsOn(2, 3));
  });

  it('follower and following counts match the graph the hub holds', async () => {
    const { user } = await env.api.lookupUserByUsername({ username: alice.username });
    const followers = await env.hub.fetchUserFollowers({ targetFid: 1, pageSize: 1000 });
    const following = await env.hub.fetchUserFollowing({ fid: 1, pageSize: 1000 });
    expect(user.follower_count).toBe(followers.messages.length);
    expect(user.following_count).toBe(following.messages.length);
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
    const row = { custody_address: bob.custodyAddress };
    const { user } = await env.api.lookupUserByCustodyAddress({
      custodyAddress: row.custody_address.toUpperCase().replace('0X', '0x'),
    });
    expect(user.fid).toBe(2);

    // carol's first verified address, as her profile lists it.
    const {
      users: [carolNow],
    } = await env.api.fetchBulkUsers({ fids: [carol.fid] });
    const verified = { address: carolNow!.verified_addresses.eth_addresses[0]! };
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

    // alice's X account, as her profile lists it.
    const {
      users: [me],
    } = await env.api.fetchBulkUsers({ fids: [alice.fid] });
    const account = me!.verified_accounts!.find((a) => a.platform === 'x')!;
    const x = { fid: alice.fid, twitter: account.username! };
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
    // Every user whose username or display name, or a word of it, starts with b, among all users.
    const { fids } = await env.hub.fetchFids({ shardId: 1, pageSize: 1000 });
    let n = 0;
    for (let i = 0; i < fids.length; i += 100) {
      const { users } = await env.api.fetchBulkUsers({ fids: fids.slice(i, i + 100) });
      n += users.filter((u) => {
        const name = (u.display_name ?? '').toLowerCase();
        return u.username.toLowerCase().startsWith('b') || name.startsWith('b') || name.includes(' b');
      }).length;
    }
    const expected = { n };
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
    // Fifteen power badges in the seed (seed.test.ts), all on one page of a hundred.
    expect(users).toHaveLength(15);
    expect(users.every((u) => u.power_badge)).toBe(true);
    const counts = users.map((u) => u.follower_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const { result } = await env.api.fetchPowerUsersLite();
    expect([...result.fids].sort((a, b) => a - b)).toEqual(users.map((u) => u.fid).sort((a, b) => a - b));
  });
});

describe('profile writes', () => {
  it('updateUser changes the profile through UserDataAdd messages', async () => {
    // carol's user data messages, as the hub lists them.
    const userData = async () =>
      await env.hub
        .fetchUserData({ fid: 3, pageSize: 1000 })
        .then((r) => ('messages' in r ? r.messages : [r]));
    const before = await userData();
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
    const after = await userData();
    const values = after.map((m) => m.data.userDataBody?.value);
    expect(values).toEqual(expect.arrayContaining(['writing tests all day', 'Carol N.']));
    // One message per field written: the bio, the display name and the location, each replacing the last.
    const changed = after.filter((m) => !before.some((b) => b.hash === m.hash));
    expect(changed.map((m) => m.data.userDataBody?.type).sort()).toEqual(
      ['USER_DATA_TYPE_BIO', 'USER_DATA_TYPE_DISPLAY', 'USER_DATA_TYPE_LOCATION'].sort(),
    );
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
    const following = await env.hub.fetchUserFollowing({ fid: 2, pageSize: 1000 });
    const links = { n: following.messages.length };
    expect(usage.links).toMatchObject({ used: links.n, capacity: 2500 * bought.total_active_units! });
  });

  it('an fname with characters the protocol forbids is a 400', async () => {
    await expect(env.api.isFnameAvailable({ fname: 'Not Valid!' })).rejects.toMatchObject({ status: 400 });
  });
});
