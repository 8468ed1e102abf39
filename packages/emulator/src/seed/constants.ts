/** The dev API key the emulator accepts unless told otherwise. */
export const DEFAULT_API_KEY = 'castkit-dev-key';
export const DEFAULT_SEED = 1;
/** Where the CLI listens by default, and so the origin seeded asset URLs use unless told otherwise. */
export const DEFAULT_PORT = 8787;
export const DEFAULT_ASSET_ORIGIN = `http://127.0.0.1:${DEFAULT_PORT}`;

/**
 * Users every seed contains, whatever the seed number and size, so tests and docs can name them.
 * Each has an approved managed signer with the given uuid.
 */
export const SEED_USERS = [
  {
    fid: 1,
    username: 'alice',
    displayName: 'Alice Hart',
    signerUuid: '00000000-0000-4000-8000-000000000001',
  },
  { fid: 2, username: 'bob', displayName: 'Bob Okafor', signerUuid: '00000000-0000-4000-8000-000000000002' },
  { fid: 3, username: 'carol', displayName: 'Carol Ng', signerUuid: '00000000-0000-4000-8000-000000000003' },
] as const;

export type SeedSize = 'small' | 'large';

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

export const SEED_SHAPES: Record<SeedSize, SeedShape> = {
  small: { users: 300, casts: 3000, channels: 12, followsPerUser: 20, reactionsPerCast: 2, sign: true },
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
