// A new database file starts as a copy of a recent seed template instead of being seeded again;
// its asset URLs still name the port it is served on.
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../src/index.js';
import {
  codeVersionOf,
  MAX_TEMPLATES,
  OTHER_VERSION_KEPT_MS,
  TEMPLATE_MAX_AGE_MS,
} from '../src/seed/template.js';

const dir = mkdtempSync(join(tmpdir(), 'castkit-seed-template-'));
const cache = join(dir, 'cache');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A seed no other test file uses: files sharing a process (vitest without isolation) keep seeded
// images of their own seeds, which an in-memory start here would take before any template.
const SEED = 4242;
const templates = () => readdirSync(cache).filter((f) => f.endsWith('.db'));
/** A row only a copy of the template can have: proof the database was copied, not seeded. No API
 * writes the template file, so it is marked in SQL. */
const mark = (file: string, value: string) => {
  const db = new Database(file);
  db.prepare(`INSERT OR REPLACE INTO meta (key, value) VALUES ('template_test', ?)`).run(value);
  db.close();
};
const marked = (e: Awaited<ReturnType<typeof startEmulator>>) => e.store.getMeta('template_test');

describe('seed templates', () => {
  it('are saved by a seeding, copied into the next new database, and served with its own origin', async () => {
    const first = await startEmulator({ db: join(dir, 'a.db'), seedCache: cache, seed: SEED });
    await first.close();
    expect(templates()).toHaveLength(1);
    const template = join(cache, templates()[0]!);
    mark(template, 'copied');

    const second = await startEmulator({ db: join(dir, 'b.db'), seedCache: cache, seed: SEED });
    try {
      expect(marked(second)).toBe('copied');
      const res = await fetch(`${second.url}/v2/farcaster/user/by_username?username=alice`, {
        headers: { 'x-api-key': second.apiKey },
      });
      expect(res.status).toBe(200);
      const { user } = await res.json();
      expect(user.pfp_url).toBe(`${second.url}/_emulator/avatar/1.svg`);
      expect((await fetch(user.pfp_url)).status).toBe(200);
      // The copy carries the seed's undo mark: reset undoes what is written on it.
      const headers = { 'x-api-key': second.apiKey, 'content-type': 'application/json' };
      const published = await fetch(`${second.url}/v2/farcaster/cast`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ signer_uuid: '00000000-0000-4000-8000-000000000001', text: 'on the copy' }),
      });
      const { cast } = await published.json();
      second.reset();
      const lookup = await fetch(`${second.url}/v2/farcaster/cast?identifier=${cast.hash}&type=hash`, {
        headers,
      });
      expect(lookup.status).toBe(404);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('are seeded again once old, never copied over an existing file, and opened by :memory: as an image', async () => {
    const template = join(cache, templates()[0]!);
    mark(template, 'old');
    const old = (Date.now() - TEMPLATE_MAX_AGE_MS - 60_000) / 1000;
    utimesSync(template, old, old);
    const fresh = await startEmulator({ db: join(dir, 'c.db'), seedCache: cache, seed: SEED });
    expect(marked(fresh)).toBeUndefined();
    await fresh.close();
    const replaced = new Database(template, { readonly: true });
    expect(replaced.prepare(`SELECT value FROM meta WHERE key = 'template_test'`).get()).toBeUndefined();
    replaced.close();

    mark(template, 'new');
    const runs = await Promise.all([
      startEmulator({ db: join(dir, 'a.db'), seedCache: cache, seed: SEED }),
      startEmulator({ db: ':memory:', seedCache: cache, seed: SEED }),
    ]);
    expect(runs.map((e) => marked(e))).toEqual([undefined, 'new']);
    await Promise.all(runs.map((e) => e.close()));
  }, 120_000);

  it('serve an emulator on a clock of its own only when seeded at that same instant, at any age', async () => {
    // The real clock's template left by the tests above is marked: a copy of it would carry the mark.
    const fixed = Date.UTC(2026, 0, 15, 12, 0, 0);
    const before = templates();
    // Seeded into a file: an in-memory seeding would also keep an image in this process, which a
    // later :memory: emulator of the same instant takes before any template.
    const first = await startEmulator({
      db: join(dir, 'fixed-a.db'),
      seedCache: cache,
      seed: SEED,
      now: () => fixed,
    });
    try {
      expect(marked(first)).toBeUndefined();
      expect(first.store.getMeta('seed_anchor')).toBe(String(fixed));
    } finally {
      await first.close();
    }
    const added = templates().filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toContain(`-at${fixed}-`);
    const own = join(cache, added[0]!);
    mark(own, 'fixed');
    // Months old by its file time: a fixed clock's seed does not go stale.
    const old = (Date.now() - 90 * 24 * 3600 * 1000) / 1000;
    utimesSync(own, old, old);

    const runs = await Promise.all([
      startEmulator({ seedCache: cache, seed: SEED, now: () => fixed }),
      startEmulator({ db: join(dir, 'fixed-b.db'), seedCache: cache, seed: SEED, now: () => fixed }),
      startEmulator({ seedCache: cache, seed: SEED, now: () => fixed + 3_600_000 }),
    ]);
    try {
      expect(runs.map((e) => marked(e))).toEqual(['fixed', 'fixed', undefined]);
      expect(runs[2]!.store.getMeta('seed_anchor')).toBe(String(fixed + 3_600_000));
    } finally {
      await Promise.all(runs.map((e) => e.close()));
    }
  }, 120_000);

  it('are kept in CASTKIT_CACHE_DIR when startEmulator is given no folder, and nowhere with seedCache: false', async () => {
    const env = join(dir, 'env-cache');
    const before = process.env.CASTKIT_CACHE_DIR;
    process.env.CASTKIT_CACHE_DIR = env;
    try {
      // A seed only this test uses, so no image kept in this process stands in for the seeding.
      const off = await startEmulator({ db: join(dir, 'off.db'), seed: SEED + 2, seedCache: false });
      await off.close();
      expect(() => readdirSync(env)).toThrow();
      const first = await startEmulator({ db: join(dir, 'default-a.db'), seed: SEED + 2 });
      await first.close();
      expect(readdirSync(env).filter((f) => f.startsWith(`small-${SEED + 2}-`))).toHaveLength(1);
      mark(
        join(env, readdirSync(env).find((f) => f.startsWith(`small-${SEED + 2}-`))!),
        'from the default folder',
      );
      const second = await startEmulator({ db: join(dir, 'default-b.db'), seed: SEED + 2 });
      expect(marked(second)).toBe('from the default folder');
      await second.close();
    } finally {
      if (before === undefined) delete process.env.CASTKIT_CACHE_DIR;
      else process.env.CASTKIT_CACHE_DIR = before;
    }
  }, 120_000);

  it('cost a seeding and nothing else when their folder cannot be made or written', async () => {
    // A folder under a regular file: refused even to root, as an unwritable ~/.cache is to a user.
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    const e = await startEmulator({
      db: join(dir, 'no-cache.db'),
      seedCache: join(file, 'seeds'),
      seed: SEED,
    });
    try {
      const res = await fetch(`${e.url}/v2/farcaster/user/by_username?username=alice`, {
        headers: { 'x-api-key': e.apiKey },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { user: { username: string } }).user.username).toBe('alice');
    } finally {
      await e.close();
    }
  });

  it('are pruned when one is saved: other code versions a day after they were written, and the oldest past the limit', async () => {
    const day = (Date.now() - OTHER_VERSION_KEPT_MS - 60_000) / 1000;
    const stale = join(cache, 'small-1-s99-000000000000.db');
    writeFileSync(stale, 'a template of another code version, written over a day ago');
    utimesSync(stale, day, day);
    // Another install in use beside this one (a built dist beside sources, another project): its
    // template stays, or each would seed again whenever the other saved.
    const beside = join(cache, 'small-1-s99-111111111111.db');
    writeFileSync(beside, 'a template of another code version, written just now');
    const mine = templates().find((f) => f.includes('-at'))!;
    const version = /-(s\d+-[0-9a-f]+\.db)$/.exec(mine)![1]!;
    const filler = Array.from({ length: MAX_TEMPLATES + 2 }, (_, i) =>
      join(cache, `small-${100 + i}-${version}`),
    );
    const long = (Date.now() - 3600_000) / 1000;
    for (const f of filler) {
      writeFileSync(f, 'old');
      utimesSync(f, long, long);
    }
    const e = await startEmulator({ seedCache: cache, seed: SEED, now: () => Date.UTC(2026, 1, 1) });
    await e.close();
    const left = templates();
    expect(left).not.toContain('small-1-s99-000000000000.db');
    expect(left).toContain('small-1-s99-111111111111.db');
    expect(left.filter((f) => f.endsWith(version))).toHaveLength(MAX_TEMPLATES);
    expect(left.filter((f) => f.includes(`-at${Date.UTC(2026, 1, 1)}-`))).toHaveLength(1);
  }, 120_000);
  it('of a built package belong to every script of the build, not only the chunk that saves them', () => {
    // A bundler puts this module, the seed generator and the domain writes in chunks of their own.
    const dist = mkdtempSync(join(tmpdir(), 'castkit-dist-'));
    try {
      const module = join(dist, 'chunk-template.js');
      writeFileSync(module, 'export const save = 1;');
      writeFileSync(join(dist, 'chunk-seed.js'), 'export const casts = 1000;');
      writeFileSync(join(dist, 'index.d.ts'), 'export {};');
      const first = codeVersionOf(module);
      expect(codeVersionOf(module)).toBe(first);
      writeFileSync(join(dist, 'index.d.ts'), 'export declare const types: 1;');
      expect(codeVersionOf(module)).toBe(first);
      writeFileSync(join(dist, 'chunk-seed.js'), 'export const casts = 2000;');
      const changed = codeVersionOf(module);
      expect(changed).not.toBe(first);
      writeFileSync(join(dist, 'chunk-ledger.cjs'), 'exports.trades = 7;');
      expect(codeVersionOf(module)).not.toBe(changed);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
