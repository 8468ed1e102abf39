// Batches of messages committed one after another in a caller's transaction (a seeded user moving
// aside commits its removals, then its additions) cost each message what a batch on its own does.
// In a savepoint each they did not: SQLite kept the old version of every page the batch changed in
// an in-memory sub-journal whose chunk list every triggered statement walked when it ended
// (store/store.ts, joinTx). Measured as a ratio of CPU per message, side by side on one emulator.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Emulator, MessageType, SEED_USERS, startEmulator } from '../src/index.js';
import { actAs, commitMessages, type ValidatedMessage, validateMessages } from '../src/protocol/index.js';
import { liveMessagesOf } from '../src/store/queries/messages.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ db: ':memory:' });
}, 120_000);
afterAll(() => emu?.close());

/** Likes, by seeded users, of other seeded users' casts: `count` of them, each of a cast not liked in `used` yet. */
async function likes(count: number, used: Set<string>): Promise<ValidatedMessage[]> {
  const { store } = emu;
  const out = [];
  for (const liker of SEED_USERS.slice(0, 3)) {
    const actor = actAs(store, `00000000-0000-4000-8000-00000000000${liker.fid}`);
    for (let author = 4; author < 300 && out.length < count; author++)
      for (const cast of liveMessagesOf(store, author, MessageType.CastAdd)) {
        const key = `${liker.fid}:${cast.hash}`;
        if (out.length >= count || used.has(key)) continue;
        used.add(key);
        out.push(actor.build.reactionAdd('like', { fid: author, hash: cast.hash }));
      }
  }
  expect(out).toHaveLength(count);
  return validateMessages(store, out);
}

/** CPU microseconds a message of `messages` costs to commit. */
function cpuPerMessage(messages: readonly ValidatedMessage[]): number {
  const before = process.cpuUsage();
  commitMessages(emu.store, messages);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / messages.length;
}

it('commits a second batch in the caller’s transaction at the cost a batch on its own has', async () => {
  const { store } = emu;
  const used = new Set<string>();
  cpuPerMessage(await likes(50, used)); // statements prepared, code warm
  const ratios = [];
  // Alone and second in a transaction alternate, so a change of the machine's load falls on both.
  for (let round = 0; round < 2; round++) {
    const alone = cpuPerMessage(await likes(600, used));
    const [first, second] = [await likes(600, used), await likes(600, used)];
    const afterAnother = store.tx(() => {
      commitMessages(store, first);
      return cpuPerMessage(second);
    });
    ratios.push(afterAnother / alone);
  }
  // In a savepoint of its own, the second batch cost each message ~5-10x a lone batch's here.
  expect(Math.min(...ratios)).toBeLessThan(2);
}, 240_000);
