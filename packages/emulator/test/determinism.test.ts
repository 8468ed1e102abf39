// Two emulators started with the same seed and the same fixed clock answer the same reads with the
// same bytes: every read of both APIs the conformance calls make, over HTTP, and every table row.
// They run one after the other on the same port: seeded asset URLs (and so the hashes of messages
// that embed them) carry the seeding emulator's origin, which is part of what "the same" means.
import {
  hubOperations,
  NeynarAPIClient,
  NeynarHubClient,
  type OperationSpec,
  v2Operations,
} from '@castkit/sdk/2.x';
import { beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../src/emulator.js';
import { TEST_NOW } from './support/api.js';
import { callContext, operationCalls } from './support/operation-calls.js';

/** Reads whose answers are random by design, each with why. */
const RANDOM_BY_DESIGN: Record<string, string> = {
  'v2 fetchNonce': 'a login nonce must not be guessable, so it is drawn from crypto randomness',
};

const opOf = (key: string): OperationSpec => {
  const [api, name] = key.split(' ') as ['v2' | 'hub', string];
  return (api === 'v2' ? v2Operations : hubOperations)[name as never];
};
/** Reads of what a write made (a frame, a pay frame, a webhook): this test makes no writes. */
const AFTER_WRITES = new Set(['v2 lookupNeynarFrame', 'v2 getTransactionPayFrame', 'v2 lookupWebhook']);
const reads = operationCalls.filter(
  ([key]) => opOf(key).method === 'GET' && !RANDOM_BY_DESIGN[key] && !AFTER_WRITES.has(key),
);

interface Run {
  port: number;
  answers: string[];
  tables: Record<string, string>;
}

/** Starts a seeded emulator, makes every read and dumps every table, then stops it. */
async function run(port: number): Promise<Run> {
  const emu = await startEmulator({ db: ':memory:', port, seed: 7, now: () => TEST_NOW });
  const env = {
    url: emu.url,
    apiKey: emu.apiKey,
    store: emu.store,
    api: new NeynarAPIClient({ apiKey: emu.apiKey, baseUrl: `${emu.url}/v2`, retries: 0 }),
    hub: new NeynarHubClient({ apiKey: emu.apiKey, baseUrl: emu.url, retries: 0 }),
  };
  // The calls read their inputs from the emulator they go to; the same seed gives the same ones.
  const ctx = await callContext(env as never);
  try {
    const answers: string[] = [];
    for (const [key, params] of reads) {
      const [api, name] = key.split(' ') as ['v2' | 'hub', string];
      const body = await (env[api === 'v2' ? 'api' : 'hub'] as any)[name](await params(ctx));
      // The local app the calls talk to listens on a port of its own each run.
      answers.push(`${key} ${JSON.stringify(body).replaceAll(ctx.data.actionApp, 'APP')}`);
    }
    // The seed's rows themselves are under test here, tables no API lists included: read in SQL.
    const db = emu.store.db;
    const names = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%fts%' AND name != 'schema_migrations' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    const tables: Record<string, string> = {};
    for (const t of names) {
      // Every column in the order: a total order, so equal tables list their rows alike.
      const order = db
        .prepare(`SELECT * FROM "${t}" LIMIT 0`)
        .columns()
        .map((_, i) => i + 1)
        .join(', ');
      tables[t] = JSON.stringify(db.prepare(`SELECT * FROM "${t}" ORDER BY ${order}`).raw().all());
    }
    return { port: Number(new URL(emu.url).port), answers, tables };
  } finally {
    ctx.close();
    await emu.close();
  }
}

let first: Run;
let second: Run;
// Two seeds in a row on a shared machine can take longer than the default hook timeout.
beforeAll(async () => {
  first = await run(0);
  second = await run(first.port);
}, 120_000);

describe('two emulators with the same seed and clock', () => {
  it(`answer ${reads.length} reads of both APIs identically`, () => {
    expect(reads.length).toBeGreaterThan(80);
    expect(second.answers).toHaveLength(reads.length);
    for (let i = 0; i < reads.length; i++) expect(second.answers[i], reads[i]![0]).toBe(first.answers[i]);
  });

  it('hold the same rows in every table', () => {
    expect(Object.keys(second.tables)).toEqual(Object.keys(first.tables));
    expect(Object.keys(first.tables)).toContain('ledger_balances');
    for (const [t, rows] of Object.entries(first.tables)) expect(second.tables[t], t).toBe(rows);
  });
});
