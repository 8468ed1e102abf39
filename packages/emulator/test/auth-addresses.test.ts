// Developer-managed auth addresses: a signed key request from the app's custody address registers an
// address, pending until a user approves it at the URL handed out (then it is on chain, a key of
// type 2 of that user); lookup follows each step.
import { SIGNED_KEY_REQUEST_DOMAIN, SIGNED_KEY_REQUEST_TYPES } from '@castkit/sdk/2.x';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_MNEMONIC, SEED_USERS } from '../src/seed/constants.js';
import { startApi } from './support/api.js';
import { api3 } from './support/api3.js';

let env: Awaited<ReturnType<typeof startApi>>;
let v3: ReturnType<typeof api3>;
const [alice, bob] = SEED_USERS;
/** alice's custody account: alice is the app. */
const custody = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 0 });

beforeAll(async () => {
  env = await startApi();
  v3 = api3(env);
});
afterAll(() => env.close());

const deadline = () => Math.floor(env.store.now() / 1000) + 3600;
const sign = (
  address: string,
  until: number,
  account: { signTypedData: typeof custody.signTypedData } = custody,
) =>
  account.signTypedData({
    domain: SIGNED_KEY_REQUEST_DOMAIN,
    types: SIGNED_KEY_REQUEST_TYPES,
    primaryType: 'SignedKeyRequest',
    message: {
      requestFid: BigInt(alice!.fid),
      key: `0x${address.slice(2).padStart(64, '0')}`,
      deadline: BigInt(until),
    },
  });
const register = async (
  address: string,
  until = deadline(),
  account?: { signTypedData: typeof custody.signTypedData },
) =>
  v3.post('/v2/farcaster/auth_address/developer_managed/signed_key/', {
    address,
    app_fid: alice!.fid,
    deadline: until,
    signature: await sign(address, until, account),
  });
const lookup = (address: string) => v3.get('/v2/farcaster/auth_address/developer_managed/', { address });

describe('developer-managed auth addresses', () => {
  it('registers an address pending approval, and a user’s approval puts it on chain', async () => {
    const address = privateKeyToAccount(`0x${'42'.repeat(32)}`).address;
    const res = await register(address);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      address: address.toLowerCase(),
      status: 'pending_approval',
      auth_address_approval_url: `${env.url}/_emulator/auth-address/${address.toLowerCase()}/approve`,
    });
    expect((await lookup(address)).body).toEqual(res.body);

    const bobBefore = await v3.get('/v2/farcaster/user/bulk/', { fids: String(bob!.fid) });
    expect(bobBefore.body.users[0].auth_addresses).toEqual([]);
    const approve = await fetch(`${res.body.auth_address_approval_url}?fid=${bob!.fid}`);
    expect(approve.status).toBe(200);
    expect((await lookup(address)).body).toEqual({
      address: address.toLowerCase(),
      status: 'approved',
      fid: bob!.fid,
    });
    // bob, read as a 3.x app reads users (a fresh read after a cached one), carries it with alice's app.
    const bobNow = await v3.get('/v2/farcaster/user/bulk/', { fids: String(bob!.fid) });
    expect(bobNow.body.users[0].auth_addresses).toEqual([
      { address: address.toLowerCase(), app: expect.objectContaining({ fid: alice!.fid }) },
    ]);
    // On chain: a signer event of key type 2 for bob, which the hub serves.
    const signers = await v3.get('/v1/onChainEventsByFid', {
      fid: bob!.fid,
      event_type: 'EVENT_TYPE_SIGNER',
    });
    expect(
      signers.body.events.some(
        (e: { signerEventBody: { keyType: number; key: string } }) =>
          e.signerEventBody.keyType === 2 && e.signerEventBody.key === address.toLowerCase(),
      ),
    ).toBe(true);

    const again = await register(address);
    expect([again.status, again.body.property]).toEqual([409, 'address']);
  });

  it('refuses a request not signed by the app’s custody address, or past its deadline', async () => {
    const address = privateKeyToAccount(`0x${'43'.repeat(32)}`).address;
    const stranger = privateKeyToAccount(`0x${'44'.repeat(32)}`);
    const forged = await register(address, deadline(), stranger);
    expect([forged.status, forged.body.property]).toEqual([400, 'signature']);
    const late = await register(address, Math.floor(env.store.now() / 1000) - 1);
    expect([late.status, late.body.property]).toEqual([400, 'deadline']);
    expect((await lookup(address)).status).toBe(404);
  });

  it('names a malformed address', async () => {
    const res = await lookup('0x1234');
    expect([res.status, res.body.property]).toEqual([400, 'address']);
  });
});
