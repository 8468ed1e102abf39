// POST /_emulator/imports into a seeded emulator: an imported user takes their username from the
// seeded user holding it (who signs another one, and the answer says so), an imported fid a seeded
// user holds is taken from it (it moves to a free fid, which castkit import's test follows through
// with a real upstream), imported casts answer to their live hash, and bad slices are 400s naming
// the field.
import { NeynarAPIClient } from '@castkit/sdk/2.x';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createControlClient } from '../src/control/client.js';
import { type Emulator, startEmulator } from '../src/index.js';

let e: Emulator;
let api: NeynarAPIClient;
beforeAll(async () => {
  e = await startEmulator({ db: ':memory:' });
  api = new NeynarAPIClient({ apiKey: e.apiKey, baseUrl: `${e.url}/v2` });
});
afterAll(() => e?.close());

const LIVE_HASH = `0x${'ab'.repeat(20)}`;
const post = (body: unknown) =>
  fetch(`${e.url}/_emulator/imports`, {
    method: 'POST',
    headers: { 'x-api-key': e.apiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

it('moves a seeded user holding an imported username or fid aside, by messages they sign', async () => {
  const control = createControlClient({ baseUrl: e.url, apiKey: e.apiKey });
  const report = await control.call('POST /_emulator/imports', {
    body: {
      users: [
        { fid: 900_001, username: 'bob', display_name: 'The real bob' },
        { fid: 3, username: 'carol-live' },
      ],
      casts: [
        { hash: LIVE_HASH, fid: 900_001, text: 'from the live network', timestamp: Date.now() - 60_000 },
      ],
      reactions: [{ fid: 1, type: 'like', target_hash: LIVE_HASH }],
    },
  });
  expect(report.moved_aside).toEqual([{ fid: 2, username: 'bob', now: 'bob-seed' }]);
  expect(report.moved_fids).toEqual([expect.objectContaining({ fid: 3, username: 'carol' })]);
  const moved = report.moved_fids[0]!.to;
  expect([report.users, report.casts, report.left_out]).toEqual([2, 1, 1]);
  expect((await api.lookupUserByUsername({ username: 'bob' })).user.display_name).toBe('The real bob');
  expect((await api.lookupUserByUsername({ username: 'bob-seed' })).user.fid).toBe(2);
  expect((await api.lookupUserByUsername({ username: 'carol-live' })).user.fid).toBe(3);
  expect((await api.lookupUserByUsername({ username: 'carol' })).user.fid).toBe(moved);
  // The new name is bob's own user-data message, as the hub serves it.
  const hubName = await fetch(`${e.url}/v1/userDataByFid?fid=2&user_data_type=6`, {
    headers: { 'x-api-key': e.apiKey },
  });
  expect(
    ((await hubName.json()) as { data: { userDataBody: { value: string } } }).data.userDataBody.value,
  ).toBe('bob-seed');
  const { cast } = await api.lookupCastByHashOrWarpcastUrl({ identifier: LIVE_HASH, type: 'hash' });
  expect([cast.author.fid, cast.text]).toEqual([900_001, 'from the live network']);
  // Bulk reads take the live hash too, beside a seeded cast's own.
  const bulk = await api.fetchBulkCasts({ casts: [LIVE_HASH] });
  expect(bulk.result.casts.map((c) => c.text)).toEqual(['from the live network']);
  // The hub sees it as a message signed by the imported user's own signer.
  const hub = await fetch(`${e.url}/v1/castsByFid?fid=900001`, { headers: { 'x-api-key': e.apiKey } });
  const { messages } = (await hub.json()) as { messages: { hash: string; data: { fid: number } }[] };
  expect(messages.map((m) => m.hash)).toEqual([cast.hash]);
  // Moving carol signs again what others hold of her (hundreds of messages through the write path).
}, 60_000);

it('refuses a slice it cannot take with a 400 naming the field', async () => {
  for (const [body, property] of [
    [{ casts: [{ hash: '0x12', fid: 1, text: 'x', timestamp: 1 }] }, 'casts[0].hash'],
    [{ users: [{ fid: -1 }] }, 'users[0].fid'],
    [{ reactions: [{ fid: 1, type: 'love', target_hash: LIVE_HASH }] }, 'reactions[0].type'],
    [
      {
        casts: [
          {
            hash: `0x${'cd'.repeat(20)}`,
            fid: 1,
            text: 'hi @bob',
            timestamp: 1,
            mentions: [{ fid: 2, start: 0, end: 2 }],
          },
        ],
      },
      'casts[0].mentions[0]',
    ],
  ] as const) {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { property: string }).property).toBe(property);
  }
});
