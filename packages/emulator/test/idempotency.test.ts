// `idem` makes a retried write answer with the first attempt's result, even across a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../src/emulator.js';
import { SEED_USERS } from '../src/seed/constants.js';

const dir = mkdtempSync(join(tmpdir(), 'castkit-idem-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const alice = SEED_USERS[0];

async function withEmulator<T>(db: string, fn: (api: NeynarAPIClient) => Promise<T>): Promise<T> {
  const emulator = await startEmulator({ db });
  try {
    return await fn(
      new NeynarAPIClient({ apiKey: emulator.apiKey, baseUrl: `${emulator.url}/v2`, retries: 0 }),
    );
  } finally {
    await emulator.close();
  }
}

describe('idempotent writes', () => {
  it('a publishCast retried with the same idem after a restart returns the first cast and writes nothing new', async () => {
    const db = join(dir, 'idem.db');
    const request = { signerUuid: alice.signerUuid, text: 'exactly once, please', idem: 'retry-key-1' };
    const first = await withEmulator(db, (api) => api.publishCast(request));
    const second = await withEmulator(db, (api) => api.publishCast(request));
    expect(second.cast.hash).toBe(first.cast.hash);
    const casts = await withEmulator(db, (api) => api.fetchCastsForUser({ fid: alice.fid, limit: 10 }));
    expect(casts.casts.filter((c) => c.text === request.text)).toHaveLength(1);
  });

  it('the same idem with a different cast is refused instead of replayed', async () => {
    const db = join(dir, 'idem.db');
    const error = await withEmulator(db, (api) =>
      api
        .publishCast({ signerUuid: alice.signerUuid, text: 'something else', idem: 'retry-key-1' })
        .catch((e) => e),
    );
    expect(error).toMatchObject({ name: 'ConflictError', status: 409, code: 'Conflict', property: 'idem' });
  });
});
