// Signers from the app's custody account: the whole flow against a real emulator (whose seed gives
// alice, the app of every seeded signer, the public dev mnemonic's first account as custody), the
// signed data checked independently with viem, and the missing-viem error in a process without it.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { verifyTypedData } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_MNEMONIC, type Emulator, SEED_USERS, startEmulator } from '../../emulator/src/index.js';
import {
  BadRequestError,
  CastkitError,
  NeynarAPIClient,
  NotFoundError,
  RequiredError,
  SIGNED_KEY_REQUEST_DOMAIN,
  SIGNED_KEY_REQUEST_TYPES,
  type TypedDataSigner,
  UnexpectedResponseError,
} from '../src/2x/index.js';
import { json, type RecordingServer, startRecordingServer } from './support/recording-server.js';

// A valid BIP-39 mnemonic whose accounts hold custody of no seeded fid.
const OTHER_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const alice = SEED_USERS[0];

let emulator: Emulator;
let client: NeynarAPIClient;
beforeAll(async () => {
  emulator = await startEmulator({ db: ':memory:' });
  client = new NeynarAPIClient({ apiKey: emulator.apiKey, baseUrl: `${emulator.url}/v2`, retries: 0 });
});
afterAll(() => emulator.close());

const appFidOf = (signerUuid: string) =>
  emulator.db.prepare('SELECT app_fid FROM signers WHERE signer_uuid = ?').pluck().get(signerUuid);
const signerCount = () => emulator.db.prepare('SELECT COUNT(*) FROM signers').pluck().get() as number;

describe('createSignerAndRegisterSignedKey against the emulator', () => {
  it('turns the dev mnemonic alone into a signer pending approval for alice’s app, which a user can then approve', async () => {
    const signer = await client.createSignerAndRegisterSignedKey({
      farcasterDeveloperMnemonic: DEV_MNEMONIC,
    });
    expect(signer.status).toBe('pending_approval');
    expect(signer.public_key).toMatch(/^0x[0-9a-f]{64}$/);
    // The emulator verified the signature against alice's custody before recording her as the app.
    expect(appFidOf(signer.signer_uuid)).toBe(alice.fid);

    const approve = new URL(signer.signer_approval_url!);
    approve.searchParams.set('fid', '2');
    const res = await fetch(approve, { headers: { 'x-api-key': emulator.apiKey } });
    expect(res.status).toBe(200);
    const approved = await client.lookupSigner({ signerUuid: signer.signer_uuid });
    expect(approved).toMatchObject({ status: 'approved', fid: 2 });
  });

  it('takes an injected viem account and an explicit app fid', async () => {
    const account = mnemonicToAccount(DEV_MNEMONIC);
    const signer = await client.createSignerAndRegisterSignedKey({ signer: account, appFid: alice.fid });
    expect(signer.status).toBe('pending_approval');
    expect(appFidOf(signer.signer_uuid)).toBe(alice.fid);
  });

  it('throws NotFoundError for a mnemonic that holds no fid’s custody, before creating a signer', async () => {
    const before = signerCount();
    const error = await client
      .createSignerAndRegisterSignedKey({ farcasterDeveloperMnemonic: OTHER_MNEMONIC })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).operation).toBe('lookupUserByCustodyAddress');
    expect(signerCount()).toBe(before);
  });

  it('throws BadRequestError on the signature when the mnemonic is not the named app’s custody', async () => {
    const error = await client
      .createSignerAndRegisterSignedKey({ farcasterDeveloperMnemonic: OTHER_MNEMONIC, appFid: alice.fid })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ operation: 'registerSignedKey', property: 'signature' });
  });

  it('throws BadRequestError on the deadline when it has passed', async () => {
    const error = await client
      .createSignerAndRegisterSignedKey({ farcasterDeveloperMnemonic: DEV_MNEMONIC, deadline: 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ property: 'deadline' });
  });
});

describe('signAndRegisterSignedKeyForDeveloperManagedSigner against the emulator', () => {
  it('registers a key the developer holds, pending approval for alice’s app', async () => {
    const publicKey = `0x${randomBytes(32).toString('hex')}`;
    const signer = await client.signAndRegisterSignedKeyForDeveloperManagedSigner({
      publicKey,
      farcasterDeveloperMnemonic: DEV_MNEMONIC,
    });
    expect(signer).toMatchObject({ public_key: publicKey, status: 'pending_approval' });
    expect(await client.lookupDeveloperManagedSigner({ publicKey })).toMatchObject({
      public_key: publicKey,
      status: 'pending_approval',
    });
  });

  it('throws RequiredError without a public key, and BadRequestError for the wrong custody', async () => {
    await expect(
      client.signAndRegisterSignedKeyForDeveloperManagedSigner({
        farcasterDeveloperMnemonic: DEV_MNEMONIC,
      } as never),
    ).rejects.toBeInstanceOf(RequiredError);
    const error = await client
      .signAndRegisterSignedKeyForDeveloperManagedSigner({
        publicKey: `0x${randomBytes(32).toString('hex')}`,
        farcasterDeveloperMnemonic: OTHER_MNEMONIC,
        appFid: alice.fid,
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error).toMatchObject({ property: 'signature' });
  });
});

describe('the signed key request on the wire', () => {
  let server: RecordingServer;
  beforeAll(async () => {
    server = await startRecordingServer();
  });
  afterAll(() => server.close());

  const KEY = `0x${'ab'.repeat(32)}`;

  it('is the EIP-712 SignedKeyRequest for the app fid, the new key and a deadline 24 h ahead, with sponsor and redirect passed on', async () => {
    server.requests.length = 0;
    server.respond((req, res) => {
      if (req.path.endsWith('/user/custody-address')) return json(res, 200, { user: { fid: 77 } });
      if (req.method === 'POST' && req.path.endsWith('/farcaster/signer')) {
        return json(res, 200, { signer_uuid: 'uuid-1', public_key: KEY, status: 'generated' });
      }
      json(res, 200, { signer_uuid: 'uuid-1', public_key: KEY, status: 'pending_approval' });
    });
    const recorded = new NeynarAPIClient({ apiKey: 'k', baseUrl: `${server.url}/v2` });
    const account = mnemonicToAccount(DEV_MNEMONIC);
    const before = Math.floor(Date.now() / 1000);
    await recorded.createSignerAndRegisterSignedKey({
      farcasterDeveloperMnemonic: DEV_MNEMONIC,
      sponsor: { sponsored_by_neynar: true },
      redirectUrl: 'https://app.example/done',
    });
    const after = Math.floor(Date.now() / 1000);

    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v2/farcaster/user/custody-address',
      'POST /v2/farcaster/signer',
      'POST /v2/farcaster/signer/signed_key',
    ]);
    expect(server.requests[0]!.query.get('custody_address')).toBe(account.address);
    const body = JSON.parse(server.requests[2]!.body.toString('utf8'));
    expect(body).toMatchObject({
      signer_uuid: 'uuid-1',
      app_fid: 77,
      sponsor: { sponsored_by_neynar: true },
      redirect_url: 'https://app.example/done',
    });
    expect(body.deadline).toBeGreaterThanOrEqual(before + 86_400);
    expect(body.deadline).toBeLessThanOrEqual(after + 86_400);
    const valid = await verifyTypedData({
      address: account.address,
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
      primaryType: 'SignedKeyRequest',
      message: { requestFid: 77n, key: KEY as `0x${string}`, deadline: BigInt(body.deadline) },
      signature: body.signature,
    });
    expect(valid).toBe(true);
    expect(SIGNED_KEY_REQUEST_DOMAIN.verifyingContract).toBe('0x00000000fc700472606ed4fa22623acf62c60553');
    expect(SIGNED_KEY_REQUEST_TYPES.SignedKeyRequest.map((f) => f.type)).toEqual([
      'uint256',
      'bytes',
      'uint256',
    ]);
  });

  it('takes any signer with signTypedData, and refuses one without before sending anything', async () => {
    server.requests.length = 0;
    server.respond((req, res) =>
      req.method === 'POST' && req.path.endsWith('/farcaster/signer')
        ? json(res, 200, { signer_uuid: 'uuid-2', public_key: KEY, status: 'generated' })
        : json(res, 200, { signer_uuid: 'uuid-2', status: 'pending_approval' }),
    );
    const recorded = new NeynarAPIClient({ apiKey: 'k', baseUrl: `${server.url}/v2` });
    const custom: TypedDataSigner = { signTypedData: async () => `0x${'11'.repeat(65)}` };
    await recorded.createSignerAndRegisterSignedKey({ signer: custom, appFid: 9, deadline: 2_000_000_000 });
    const body = JSON.parse(server.requests.at(-1)!.body.toString('utf8'));
    expect(body).toEqual({
      signer_uuid: 'uuid-2',
      app_fid: 9,
      deadline: 2_000_000_000,
      signature: `0x${'11'.repeat(65)}`,
    });

    server.requests.length = 0;
    await expect(
      recorded.createSignerAndRegisterSignedKey({ signer: {} as TypedDataSigner, appFid: 9 }),
    ).rejects.toThrow('signer must have a signTypedData method');
    await expect(recorded.createSignerAndRegisterSignedKey({ signer: custom })).rejects.toBeInstanceOf(
      CastkitError,
    );
    await expect(recorded.createSignerAndRegisterSignedKey({} as never)).rejects.toThrow(
      'needs farcasterDeveloperMnemonic',
    );
    expect(server.requests).toHaveLength(0);
  });

  it('turns an answer without the user or key the flow needs into UnexpectedResponseError, not a TypeError', async () => {
    const recorded = new NeynarAPIClient({ apiKey: 'k', baseUrl: `${server.url}/v2`, retries: 0 });
    const custom: TypedDataSigner = { address: '0x01', signTypedData: async () => `0x${'11'.repeat(65)}` };
    const cases: [string, (path: string) => unknown, Record<string, unknown>][] = [
      ['no user', () => ({}), { signer: custom }],
      ['user without fid', () => ({ user: { username: 'x' } }), { signer: custom }],
      ['a fid that is not one', () => ({ user: { fid: 'seventy' } }), { signer: custom }],
      ['null', () => null, { signer: custom }],
      [
        'a signer without its key',
        (path) => (path.endsWith('/farcaster/signer') ? { signer_uuid: 'u' } : { user: { fid: 7 } }),
        { signer: custom, appFid: 7 },
      ],
    ];
    for (const [why, answer, params] of cases) {
      server.respond((req, res) => json(res, 200, answer(req.path)));
      const error = await recorded.createSignerAndRegisterSignedKey(params as never).catch((e: unknown) => e);
      expect(error, why).toBeInstanceOf(UnexpectedResponseError);
      expect((error as Error).message, why).toMatch(
        /^(lookupUserByCustodyAddress|createSigner): (GET|POST) /,
      );
      expect((error as Error).message, why).toMatch(/without (user\.fid|signer_uuid and public_key)/);
    }
    server.respond((_req, res) => json(res, 200, {}));
    const managed = await recorded
      .signAndRegisterSignedKeyForDeveloperManagedSigner({ signer: custom, publicKey: KEY })
      .catch((e: unknown) => e);
    expect(managed).toBeInstanceOf(UnexpectedResponseError);
  });
});

describe('without viem installed', () => {
  it('a mnemonic gives MissingPeerDependencyError naming viem, before any request', async () => {
    const server = await startRecordingServer();
    // The SDK bundled into a folder with no node_modules above it: viem cannot be found from there.
    const dir = mkdtempSync(join(tmpdir(), 'castkit-noviem-'));
    try {
      const entry = fileURLToPath(new URL('../src/2x/index.ts', import.meta.url));
      await build({
        entryPoints: [entry],
        bundle: true,
        platform: 'node',
        format: 'esm',
        outfile: join(dir, 'sdk.mjs'),
        logLevel: 'silent',
      });
      const program = `
        import { NeynarAPIClient } from ${JSON.stringify(join(dir, 'sdk.mjs'))};
        const client = new NeynarAPIClient({ apiKey: 'k', baseUrl: ${JSON.stringify(`${server.url}/v2`)} });
        try {
          await client.createSignerAndRegisterSignedKey({ farcasterDeveloperMnemonic: ${JSON.stringify(DEV_MNEMONIC)} });
          console.log(JSON.stringify({ resolved: true }));
        } catch (e) {
          console.log(JSON.stringify({ name: e.name, packageName: e.packageName, message: e.message }));
        }`;
      const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', program], {
        cwd: dir,
      });
      const outcome = JSON.parse(stdout);
      expect(outcome).toMatchObject({ name: 'MissingPeerDependencyError', packageName: 'viem' });
      expect(outcome.message).toContain('npm install viem');
      expect(outcome.message).toContain('signer');
      expect(server.requests).toHaveLength(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await server.close();
    }
  }, 60_000);
});
