/** The dev API key the emulator accepts unless told otherwise. */
export const DEFAULT_API_KEY = 'castkit-dev-key';
export const DEFAULT_SEED = 1;
/** Where the CLI listens by default, and so the origin seeded asset URLs use unless told otherwise. */
export const DEFAULT_PORT = 8787;
export const DEFAULT_ASSET_ORIGIN = `http://127.0.0.1:${DEFAULT_PORT}`;

/**
 * The dev mnemonic: the well-known public test mnemonic of Ethereum tooling (Hardhat, Anvil), so
 * anyone can derive its keys. For local use only; never hold anything of value with it. Its first
 * three accounts (m/44'/60'/0'/0/0..2) are the custody addresses of alice, bob and carol; alice
 * (fid 1) is the app every seeded signer belongs to, so a signed key request signed with this
 * mnemonic verifies against the emulator (`createSignerAndRegisterSignedKey`).
 */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';

/**
 * Users every seed contains, whatever the seed number and size, so tests and docs can name them.
 * Each has an approved managed signer with the given uuid, and a custody address of DEV_MNEMONIC.
 */
export const SEED_USERS = [
  {
    fid: 1,
    username: 'alice',
    displayName: 'Alice Hart',
    signerUuid: '00000000-0000-4000-8000-000000000001',
    custodyAddress: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  },
  {
    fid: 2,
    username: 'bob',
    displayName: 'Bob Okafor',
    signerUuid: '00000000-0000-4000-8000-000000000002',
    custodyAddress: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
  },
  {
    fid: 3,
    username: 'carol',
    displayName: 'Carol Ng',
    signerUuid: '00000000-0000-4000-8000-000000000003',
    custodyAddress: '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
  },
] as const;

/** `none`: an empty emulator, holding only what is written or imported (castkit import). */
export type SeedSize = 'small' | 'large' | 'none';
export const SEED_SIZES: readonly SeedSize[] = ['small', 'large', 'none'];
/** A size the seed generates data for. */
export type GeneratedSeedSize = Exclude<SeedSize, 'none'>;

/** `value` as a seed size, or undefined when it names none. */
export const seedSizeOf = (value: string | undefined): SeedSize | undefined =>
  SEED_SIZES.find((s) => s === value);

export const isSeedSize = (value: unknown): value is SeedSize => value === 'small' || value === 'large';

export interface SeedShape {
  users: number;
  casts: number;
  channels: number;
  /** Mean follows per user (the distribution is heavy-tailed). */
  followsPerUser: number;
  /** Mean reactions per cast. */
  reactionsPerCast: number;
  /** Sign every message at seed time; otherwise signatures are made on first read. */
  sign: boolean;
}

export const SEED_SHAPES: Record<GeneratedSeedSize, SeedShape> = {
  small: { users: 300, casts: 3000, channels: 12, followsPerUser: 20, reactionsPerCast: 2, sign: false },
  large: {
    users: 100_000,
    casts: 1_000_000,
    channels: 200,
    followsPerUser: 10,
    reactionsPerCast: 1,
    sign: false,
  },
};

/** Where casts and reactions are spread: the last 30 days before the seed's anchor time. */
export const SEED_WINDOW_MS = 30 * 24 * 3600 * 1000;
