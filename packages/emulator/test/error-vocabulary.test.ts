// The emulator and the SDK speak one error vocabulary (API_ERRORS): a status the emulator answers
// with arrives in the SDK as the class that table names, with one of the codes it lists.
import {
  API_ERRORS,
  ApiError,
  type ApiErrorStatus,
  NeynarAPIClient,
  NeynarHubClient,
} from '@castkit/sdk/2.x';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as errors from '../src/ground/errors.js';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi } from './support/api.js';

let env: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  env = await startApi();
});
afterAll(() => env.close());

const [alice, bob] = SEED_USERS;

/** What the SDK raised, or a failure when the call succeeded. */
async function failure(call: Promise<unknown>): Promise<ApiError> {
  const outcome = await call.then(
    () => new Error('the call succeeded'),
    (e: unknown) => e,
  );
  expect(outcome).toBeInstanceOf(ApiError);
  return outcome as ApiError;
}

function expectVocabulary(error: ApiError, status: ApiErrorStatus, api: 'v2' | 'hub') {
  const kind = API_ERRORS[status];
  expect(error.status).toBe(status);
  expect(error.name).toBe(kind.className);
  expect((api === 'v2' ? kind.codes : kind.hub) as readonly string[]).toContain(error.code);
}

describe('one error vocabulary', () => {
  it('gives every emulator error class a status of the shared table and the SDK class name for it', () => {
    type Ctor = new (message: string, extra?: unknown) => errors.EmulatorError;
    const classes = (Object.values(errors) as unknown[]).filter(
      (c): c is Ctor => typeof c === 'function' && c.prototype instanceof errors.EmulatorError,
    );
    expect(classes.length).toBeGreaterThanOrEqual(12);
    const statuses = new Set<number>();
    for (const Ctor of classes) {
      const instance = new Ctor('x', []);
      const kind = API_ERRORS[instance.status];
      expect(kind, Ctor.name).toBeDefined();
      expect(kind.codes as readonly string[]).toContain(instance.code);
      expect(kind.hub as readonly string[]).toContain(instance.hubCode);
      // ValidationError is the emulator's name for a 400 that names its field.
      if (Ctor !== errors.ValidationError) expect(Ctor.name).toBe(kind.className);
      statuses.add(instance.status);
    }
    expect([...statuses].sort()).toEqual([400, 401, 403, 404, 405, 409, 413, 415, 421, 429, 500, 501]);
  });

  it('answers a conflict with 409, which the SDK raises as ConflictError', async () => {
    const error = await failure(
      env.api.updateUser({ signerUuid: bob!.signerUuid, username: alice!.username }),
    );
    expectVocabulary(error, 409, 'v2');
    expect(error.property).toBe('username');
  });

  it('answers bad input, a wrong key and an unknown user with their classes', async () => {
    expectVocabulary(await failure(env.api.fetchBulkUsers({ fids: 'x' as never })), 400, 'v2');
    const stranger = new NeynarAPIClient({ apiKey: 'wrong', baseUrl: `${env.url}/v2`, retries: 0 });
    expectVocabulary(await failure(stranger.fetchBulkUsers({ fids: [1] })), 401, 'v2');
    expectVocabulary(await failure(env.api.lookupUserByUsername({ username: 'nobody-here' })), 404, 'v2');
  });

  it('gives hub errors the same classes, with hub codes', async () => {
    expectVocabulary(await failure(env.hub.fetchUserData({ fid: 0 })), 400, 'hub');
    expectVocabulary(
      await failure(env.hub.lookupCastByHashAndFid({ fid: 1, hash: `0x${'ab'.repeat(20)}` })),
      404,
      'hub',
    );
    const stranger = new NeynarHubClient({ apiKey: 'wrong', baseUrl: env.url, retries: 0 });
    expectVocabulary(await failure(stranger.fetchUserData({ fid: 1 })), 401, 'hub');
  });
});
