// Server wallets (x-wallet-id) over real HTTP against a seeded emulator: the seeded one and its funds,
// new ones made through /_emulator/wallets, what a bad or taken id gets, and the 2.44 send that still
// takes an id the emulator has not seen (it becomes a listed wallet, not a silent balance).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlError } from '../src/control/index.js';
import { DEFAULT_WALLET_ID, walletAddress } from '../src/domain/wallets.js';
import { startTestEmulator, type TestEmulator } from '../src/testing/index.js';

let env: TestEmulator;
beforeAll(async () => {
  env = await startTestEmulator();
});
afterAll(() => env.close());

const walletIds = async () => (await env.control.call('GET /_emulator/wallets')).wallets.map((w) => w.id);

describe('server wallets', () => {
  it('has the seeded wallet the emulator prints, funded on each wallet network', async () => {
    expect(env.emulator.walletId).toBe(DEFAULT_WALLET_ID);
    const { wallets } = await env.control.call('GET /_emulator/wallets');
    const seeded = wallets.find((w) => w.id === DEFAULT_WALLET_ID)!;
    expect(seeded.address).toBe(walletAddress(DEFAULT_WALLET_ID));
    for (const network of ['base', 'optimism', 'base-sepolia']) {
      expect(seeded.balances).toContainEqual(
        expect.objectContaining({ network, symbol: 'ETH', amount: '1' }),
      );
      expect(seeded.balances).toContainEqual(
        expect.objectContaining({ network, symbol: 'USDC', amount: '10000' }),
      );
    }
  });

  it('makes a wallet with the funds asked for, numbers the ones not named, and refuses a taken or malformed id', async () => {
    const { wallet } = await env.control.call('POST /_emulator/wallets', {
      body: { id: 'treasury', eth: 0.25, usdc: 0 },
    });
    expect(wallet.balances.map((b) => [b.network, b.symbol, b.amount])).toEqual([
      ['base', 'ETH', '0.25'],
      ['base-sepolia', 'ETH', '0.25'],
      ['optimism', 'ETH', '0.25'],
    ]);
    const numbered = await env.control.call('POST /_emulator/wallets', { body: {} });
    expect(numbered.wallet.id).toMatch(/^wallet-\d+$/);
    expect(await walletIds()).toEqual(expect.arrayContaining(['treasury', numbered.wallet.id]));
    await expect(
      env.control.call('POST /_emulator/wallets', { body: { id: 'treasury' } }),
    ).rejects.toMatchObject({
      status: 409,
      property: 'id',
    });
    await expect(
      env.control.call('POST /_emulator/wallets', { body: { id: 'no spaces' } }),
    ).rejects.toBeInstanceOf(ControlError);
    await expect(env.control.call('POST /_emulator/wallets', { body: { eth: -1 } })).rejects.toMatchObject({
      status: 400,
      property: 'eth',
    });
  });

  it("gives a 2.44 send's wallet id not seen before the default funds and lists it from then on", async () => {
    expect(await walletIds()).not.toContain('legacy-app-wallet');
    const res = await env.api.sendFungiblesToUsers({
      xWalletId: 'legacy-app-wallet',
      network: 'base',
      recipients: [{ fid: 2, amount: 4 }],
    });
    expect(res.send_receipts[0]!.status).toBe('sent');
    const { wallets } = await env.control.call('GET /_emulator/wallets');
    const legacy = wallets.find((w) => w.id === 'legacy-app-wallet')!;
    expect(legacy.balances).toContainEqual(
      expect.objectContaining({ network: 'base', symbol: 'USDC', amount: '9996' }),
    );
  });
});
