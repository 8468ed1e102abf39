// castkit import's pacer: requests that do not wait on each other go out together, but no more
// than IN_FLIGHT at once, and each still takes its slot under the plan's per-minute limits.
import { describe, expect, it } from 'vitest';
import { createPacer, IN_FLIGHT, PACE_PLANS } from '../src/import/pacer.js';

/** `n` calls through `pacer`, each held open until released; tallies how many were open at once. */
function holdOpen(pacer: ReturnType<typeof createPacer>, n: number, endpoint = (i: number) => `e${i % 3}`) {
  let open = 0;
  let most = 0;
  const release: (() => void)[] = [];
  const calls = Array.from({ length: n }, (_, i) =>
    pacer.call(endpoint(i), async () => {
      open++;
      most = Math.max(most, open);
      await new Promise<void>((r) => release.push(r));
      open--;
      return i;
    }),
  );
  return { calls, release, most: () => most, open: () => open };
}

const settle = () => new Promise((r) => setTimeout(r, 20));

describe('the import pacer', () => {
  it('keeps at most IN_FLIGHT requests open at once, and sends each waiting one as another ends', async () => {
    const pacer = createPacer(PACE_PLANS.none!);
    const held = holdOpen(pacer, IN_FLIGHT * 3);
    await settle();
    expect(held.open()).toBe(IN_FLIGHT);
    for (let done = 0; done < IN_FLIGHT * 3; done++) {
      held.release.shift()?.();
      await settle();
    }
    expect(await Promise.all(held.calls)).toEqual(Array.from({ length: IN_FLIGHT * 3 }, (_, i) => i));
    expect([held.most(), pacer.sent]).toEqual([IN_FLIGHT, IN_FLIGHT * 3]);
  });

  it('sends more than one request at once when a plan allows it', async () => {
    // 60,000 a minute: one slot a millisecond, far shorter than a round trip.
    const pacer = createPacer({ endpoint: 60_000, global: 60_000 });
    const held = holdOpen(pacer, 4);
    await settle();
    expect(held.open()).toBe(4);
    for (const r of held.release.splice(0)) r();
    await Promise.all(held.calls);
  });
});
