import { NeynarAPIClient, SIGNED_KEY_REQUEST_DOMAIN, SIGNED_KEY_REQUEST_TYPES } from '@castkit/sdk/2.x';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, SEED_USERS, startEmulator } from '../src/index.js';
import { Clock } from '../src/store/clock.js';

const START = Date.UTC(2026, 0, 15, 12, 0, 0);
const HOUR = 3_600_000;
const alice = SEED_USERS[0]!;

let emulator: Emulator;
let api: NeynarAPIClient;

async function admin(path: string, body?: unknown) {
  const res = await fetch(`${emulator.url}/_emulator/clock${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'x-api-key': emulator.apiKey, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

beforeAll(async () => {
  emulator = await startEmulator({ now: () => START });
  api = new NeynarAPIClient({ apiKey: emulator.apiKey, baseUrl: `${emulator.url}/v2`, retries: 0 });
});
afterAll(() => emulator.close());
afterEach(() => emulator.clock.useRealTime());

describe('the virtual clock', () => {
  it('runs on from where it was set, and stands still while frozen', () => {
    let real = 1_000;
    const clock = new Clock(() => real);
    void clock.set(50_000);
    real += 10;
    expect(clock.now()).toBe(50_010);
    void clock.freeze();
    real += 500;
    expect(clock.now()).toBe(50_010);
    void clock.advance(90);
    expect(clock.state()).toMatchObject({ now: 50_100, frozen: true });
    void clock.resume();
    real += 5;
    expect(clock.state()).toMatchObject({ now: 50_105, frozen: false });
  });

  it('reports the offset it runs at even when the machine clock ticks while it answers', () => {
    // A source that moves a millisecond on every read, as Date.now does across a boundary.
    let real = 1_000;
    const clock = new Clock(() => real++);
    expect(clock.state()).toMatchObject({ frozen: false, offset: 0 });
    void clock.advance(250);
    expect(clock.state().offset).toBe(250);
    void clock.freeze(5_000);
    const frozen = clock.state();
    expect(frozen.offset).toBe(frozen.now - (real - 1));
  });

  it("stamps a published cast with the clock's time, not the machine's", async () => {
    const at = Date.UTC(2030, 4, 1, 9, 30, 0);
    expect((await admin('/freeze', { to: '2030-05-01T09:30:00Z' })).body).toMatchObject({
      now: at,
      frozen: true,
      iso: '2030-05-01T09:30:00.000Z',
    });
    const { cast } = await api.publishCast({ signerUuid: alice.signerUuid, text: 'from the future' });
    const read = await api.lookupCastByHashOrWarpcastUrl({ identifier: cast.hash, type: 'hash' });
    expect(Date.parse(read.cast.timestamp)).toBe(at);
  });

  it('lets a signed key request expire when the clock is advanced past its deadline', async () => {
    const custody = privateKeyToAccount(`0x${'62'.repeat(32)}`);
    await emulator.clock.freeze(START);
    const deadline = Math.floor(START / 1000) + 3600;
    const { fid } = await api.getFreshAccountFID();
    await api.registerAccount({
      fid,
      signature: `0x${'11'.repeat(65)}`,
      requestedUserCustodyAddress: custody.address,
      deadline,
      fname: 'clockapp',
    });
    const signer = await api.createSigner();
    const signature = await custody.signTypedData({
      domain: SIGNED_KEY_REQUEST_DOMAIN,
      types: SIGNED_KEY_REQUEST_TYPES,
      primaryType: 'SignedKeyRequest',
      message: {
        requestFid: BigInt(fid),
        key: signer.public_key as `0x${string}`,
        deadline: BigInt(deadline),
      },
    });
    const request = { signerUuid: signer.signer_uuid, appFid: fid, deadline, signature };

    expect((await admin('/advance', { by: '2h' })).body.now).toBe(START + 2 * HOUR);
    await expect(api.registerSignedKey(request)).rejects.toMatchObject({ status: 400, property: 'deadline' });
    // The same request, back before its deadline, is accepted: only time refused it.
    await admin('/set', { to: START });
    expect((await api.registerSignedKey(request)).status).toBe('pending_approval');
  });

  it('ranks trending casts within a window that follows the clock', async () => {
    // A year on, no seeded reaction falls in the window: only what is written here ranks.
    await emulator.clock.freeze(START + 365 * 24 * HOUR);
    const { cast } = await api.publishCast({ signerUuid: alice.signerUuid, text: 'trend me' });
    await api.publishReaction({
      signerUuid: SEED_USERS[1]!.signerUuid,
      reactionType: 'like',
      target: cast.hash,
    });
    const trending = () => api.fetchTrendingFeed({ timeWindow: '1h', limit: 10 });
    expect((await trending()).casts.map((c) => c.hash)).toEqual([cast.hash]);
    await admin('/advance', { by: 2 * HOUR });
    expect((await trending()).casts).toEqual([]);
  });

  it('answers an advance only after what its listeners scheduled has run', async () => {
    const fired: number[] = [];
    const stop = emulator.store.onClockChange(async ({ previous, now }) => {
      await new Promise((r) => setTimeout(r, 20));
      fired.push(now - previous);
    });
    try {
      await emulator.clock.freeze(START);
      fired.length = 0;
      const reply = await admin('/advance', { by: '1h30m' });
      expect(reply.status).toBe(200);
      expect(fired).toEqual([1.5 * HOUR]);
    } finally {
      stop();
    }
    await admin('/advance', { by: '1s' });
    expect(fired).toEqual([1.5 * HOUR]);
  });

  it('refuses a malformed time or duration with a 400 naming the field', async () => {
    const before = (await admin('')).body.now;
    for (const [path, body, property] of [
      ['/advance', { by: '-5m' }, 'by'],
      ['/advance', { by: 'soon' }, 'by'],
      ['/advance', {}, 'by'],
      ['/set', { to: 'yesterday' }, 'to'],
      ['/set', { to: -1 }, 'to'],
      ['/freeze', { to: 1e20 }, 'to'],
    ] as const) {
      const reply = await admin(path, body);
      expect([path, reply.status, reply.body.property]).toEqual([path, 400, property]);
    }
    expect((await admin('')).body.now).toBeGreaterThanOrEqual(before);
  });
});
