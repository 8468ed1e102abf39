// The established SDK's error handling, unchanged: `if (isApiErrorResponse(e))` narrows
// `e.response.data` to the error body, so `e.response.data.message` compiles and holds the
// emulator's message; anything else (a network error, a body without a message) is not one.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Emulator, startEmulator } from '../../emulator/src/index.js';
import { ConnectionError, isApiErrorResponse, NeynarAPIClient, NotFoundError } from '../src/2x/index.js';
import { startRecordingServer } from './support/recording-server.js';

let emulator: Emulator;
let client: NeynarAPIClient;
beforeAll(async () => {
  emulator = await startEmulator({ db: ':memory:' });
  client = new NeynarAPIClient({ apiKey: emulator.apiKey, baseUrl: `${emulator.url}/v2`, retries: 0 });
});
afterAll(() => emulator.close());

it('narrows a failed call to its error body: e.response.data.message is the API’s message', async () => {
  let message: string | undefined;
  let status: number | undefined;
  try {
    await client.lookupUserByUsername({ username: 'nobody-by-this-name' });
  } catch (e) {
    if (isApiErrorResponse(e)) {
      message = e.response.data.message;
      status = e.response.status;
    }
    expect(NeynarAPIClient.isApiErrorResponse(e)).toBe(true);
    expect(e).toBeInstanceOf(NotFoundError);
  }
  expect(status).toBe(404);
  expect(message).toMatch(/nobody-by-this-name/);
});

it('says no to an error that never reached the API', async () => {
  // A port that was just listening and is closed now: nothing answers there.
  const gone = await startRecordingServer();
  await gone.close();
  const unreachable = new NeynarAPIClient({ apiKey: 'k', baseUrl: `${gone.url}/v2`, retries: 0 });
  const error = await unreachable.lookupUserByUsername({ username: 'alice' }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ConnectionError);
  expect(isApiErrorResponse(error)).toBe(false);
});
