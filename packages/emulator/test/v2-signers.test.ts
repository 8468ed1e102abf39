// Signers through the SDK over real HTTP: managed signers, EIP-712 signed key requests checked
// against the app's custody address, approval, developer-managed keys, SIWE listing, login helpers.
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_USERS } from '../src/seed/constants.js';
import { approveSignerRequest } from '../src/v2/routes/signers.js';
import { startApi } from './support/api.js';

let env: Awaited<ReturnType<typeof startApi>>;
/** An app whose custody key the test holds, registered through registerAccount. */
let app: { fid: number; custody: PrivateKeyAccount };

const [alice, bob] = SEED_USERS;
const DOMAIN = {
  name: 'Farcaster SignedKeyRequestValidator',
  version: '1',
  chainId: 10,
  verifyingContract: '0x00000000fc700472606ed4fa22623acf62c60553',
} as const;
const TYPES = {
  SignedKeyRequest: [
    { name: 'requestFid', type: 'uint256' },
    { name: 'key', type: 'bytes' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

const deadline = () => Math.floor(env.store.now() / 1000) + 3600;
function signKeyRequest(account: PrivateKeyAccount, requestFid: number, key: string, until = deadline()) {
  return account.signTypedData({
    domain: DOMAIN,
    types: TYPES,
    primaryType: 'SignedKeyRequest',
    message: { requestFid: BigInt(requestFid), key: key as `0x${string}`, deadline: BigInt(until) },
  });
}

beforeAll(async () => {
  env = await startApi();
  const custody = privateKeyToAccount(`0x${'61'.repeat(32)}`);
  const { fid } = await env.api.getFreshAccountFID();
  await env.api.registerAccount({
    fid,
    signature: `0x${'11'.repeat(65)}`,
    requestedUserCustodyAddress: custody.address,
    deadline: deadline(),
    fname: 'signerapp',
  });
  app = { fid, custody };
});
afterAll(() => env.close());

describe('managed signers', () => {
  it('a created signer starts generated and can be looked up', async () => {
    const signer = await env.api.createSigner();
    expect(signer).toMatchObject({
      status: 'generated',
      public_key: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(await env.api.lookupSigner({ signerUuid: signer.signer_uuid })).toEqual(signer);
  });

  it('a valid signed key request makes the signer pending; approving it lets it act for the user', async () => {
    const signer = await env.api.createSigner();
    const signature = await signKeyRequest(app.custody, app.fid, signer.public_key);
    const pending = await env.api.registerSignedKey({
      signerUuid: signer.signer_uuid,
      appFid: app.fid,
      deadline: deadline(),
      signature,
    });
    expect(pending.status).toBe('pending_approval');
    const approvalUrl = new URL(pending.signer_approval_url!);
    expect(approvalUrl.origin).toBe(env.url);

    // Opened as a browser would: no API key.
    approvalUrl.searchParams.set('fid', String(bob.fid));
    const approved = await fetch(approvalUrl);
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ status: 'approved', fid: bob.fid });
    expect(await env.api.lookupSigner({ signerUuid: signer.signer_uuid })).toMatchObject({
      status: 'approved',
      fid: bob.fid,
    });
    const res = await env.api.updateUser({ signerUuid: signer.signer_uuid, bio: 'signed by a new key' });
    expect(res.success).toBe(true);
    const { user } = await env.api.lookupUserByUsername({ username: bob.username });
    expect(user.profile.bio.text).toBe('signed by a new key');
  });

  it('a request signed by someone other than the app custody address is a 400', async () => {
    const signer = await env.api.createSigner();
    const stranger = privateKeyToAccount(`0x${'62'.repeat(32)}`);
    await expect(
      env.api.registerSignedKey({
        signerUuid: signer.signer_uuid,
        appFid: app.fid,
        deadline: deadline(),
        signature: await signKeyRequest(stranger, app.fid, signer.public_key),
      }),
    ).rejects.toMatchObject({ status: 400, property: 'signature' });
    expect((await env.api.lookupSigner({ signerUuid: signer.signer_uuid })).status).toBe('generated');
  });

  it('a request signed for a different key or a different deadline does not verify', async () => {
    const signer = await env.api.createSigner();
    const other = await env.api.createSigner();
    const until = deadline();
    await expect(
      env.api.registerSignedKey({
        signerUuid: signer.signer_uuid,
        appFid: app.fid,
        deadline: until,
        signature: await signKeyRequest(app.custody, app.fid, other.public_key, until),
      }),
    ).rejects.toMatchObject({ status: 400, property: 'signature' });
    await expect(
      env.api.registerSignedKey({
        signerUuid: signer.signer_uuid,
        appFid: app.fid,
        deadline: until + 1,
        signature: await signKeyRequest(app.custody, app.fid, signer.public_key, until),
      }),
    ).rejects.toMatchObject({ status: 400, property: 'signature' });
  });

  it('an expired deadline and an unknown app fid are refused', async () => {
    const signer = await env.api.createSigner();
    const past = Math.floor(env.store.now() / 1000) - 10;
    await expect(
      env.api.registerSignedKey({
        signerUuid: signer.signer_uuid,
        appFid: app.fid,
        deadline: past,
        signature: await signKeyRequest(app.custody, app.fid, signer.public_key, past),
      }),
    ).rejects.toMatchObject({ status: 400, property: 'deadline' });
    await expect(
      env.api.registerSignedKey({
        signerUuid: signer.signer_uuid,
        appFid: 999_999,
        deadline: deadline(),
        signature: `0x${'11'.repeat(65)}`,
      }),
    ).rejects.toMatchObject({ status: 404, property: 'app_fid' });
  });

  it('an unknown signer is a 404 and approving a signer twice is refused', async () => {
    await expect(env.api.lookupSigner({ signerUuid: 'no-such-signer' })).rejects.toMatchObject({
      status: 404,
    });
    expect(() => approveSignerRequest(env.store, alice.signerUuid, alice.fid)).toThrow(
      /not pending approval/,
    );
    const again = await fetch(`${env.url}/_emulator/signer/${alice.signerUuid}/approve?fid=${alice.fid}`);
    expect(again.status).toBe(400);
    expect((await again.json()).message).toMatch(/not pending approval/);
    const unknown = await fetch(`${env.url}/_emulator/signer/no-such-signer/approve?fid=1`);
    expect(unknown.status).toBe(404);
  });
});

describe('developer-managed signers', () => {
  it('registers a public key the developer holds, and looks it up through approval', async () => {
    const publicKey = `0x${'7e'.repeat(32)}`;
    await expect(env.api.lookupDeveloperManagedSigner({ publicKey })).rejects.toMatchObject({ status: 404 });
    const res = await env.api.registerSignedKeyForDeveloperManagedSigner({
      publicKey,
      appFid: app.fid,
      deadline: deadline(),
      signature: await signKeyRequest(app.custody, app.fid, publicKey),
    });
    expect(res).toMatchObject({ public_key: publicKey, status: 'pending_approval' });
    const url = new URL(res.signer_approval_url!);
    url.searchParams.set('fid', String(alice.fid));
    expect((await fetch(url)).status).toBe(200);
    expect(await env.api.lookupDeveloperManagedSigner({ publicKey })).toEqual({
      public_key: publicKey,
      status: 'approved',
      fid: alice.fid,
    });
  });
});

describe('listing signers and logging in', () => {
  it('fetchSigners lists the signers of the user whose custody address signed the SIWE message', async () => {
    const message = createSiweMessage({
      address: app.custody.address,
      chainId: 10,
      domain: 'example.com',
      nonce: (await env.api.fetchNonce()).nonce,
      uri: 'https://example.com/login',
      version: '1',
    });
    const { signers } = await env.api.fetchSigners({
      message,
      signature: await app.custody.signMessage({ message }),
    });
    expect(signers.length).toBeGreaterThan(0);
    expect(signers.every((s) => s.fid === app.fid)).toBe(true);

    const forged = await privateKeyToAccount(`0x${'63'.repeat(32)}`).signMessage({ message });
    await expect(env.api.fetchSigners({ message, signature: forged })).rejects.toMatchObject({ status: 401 });
  });

  it('the authorize URL points at the emulator itself', async () => {
    const clientId = '3f0c1c4e-8a55-4a0a-9d4c-4b1a1d8e0c11';
    const { authorization_url } = await env.api.fetchAuthorizationUrl({ clientId, responseType: 'code' });
    const url = new URL(authorization_url);
    expect(url.origin).toBe(env.url);
    expect(url.searchParams.get('client_id')).toBe(clientId);
    // The page is text only and says what it was asked, since the emulator has no real login.
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain(clientId);
    expect(html).toMatch(/no real login/);
    expect(html).not.toMatch(/<script/i);
  });

  it('the login page shows its query as text, never as markup', async () => {
    const page = await fetch(
      `${env.url}/_emulator/login/authorize?client_id=${encodeURIComponent('<b>x</b>')}`,
    );
    const html = await page.text();
    expect(html).not.toContain('<b>x</b>');
    expect(html).toContain('&#60;b&#62;x&#60;/b&#62;');
  });
});
