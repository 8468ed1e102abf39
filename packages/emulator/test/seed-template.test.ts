// A new database file starts as a copy of a recent seed template instead of being seeded again;
// its asset URLs still name the port it is served on.
import { mkdtempSync, readdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../src/index.js';
import { TEMPLATE_MAX_AGE_MS } from '../src/seed/template.js';

const dir = mkdtempSync(join(tmpdir(), 'castkit-seed-template-'));
const cache = join(dir, 'cache');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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
    const first = await startEmulator({ db: join(dir, 'a.db'), seedCache: cache });
    await first.close();
    expect(templates()).toHaveLength(1);
    const template = join(cache, templates()[0]!);
    mark(template, 'copied');

    const second = await startEmulator({ db: join(dir, 'b.db'), seedCache: cache });
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
    const fresh = await startEmulator({ db: join(dir, 'c.db'), seedCache: cache });
    expect(marked(fresh)).toBeUndefined();
    await fresh.close();
    const replaced = new Database(template, { readonly: true });
    expect(replaced.prepare(`SELECT value FROM meta WHERE key = 'template_test'`).get()).toBeUndefined();
    replaced.close();

    mark(template, 'new');
    const runs = await Promise.all([
      startEmulator({ db: join(dir, 'a.db'), seedCache: cache }),
      startEmulator({ db: ':memory:', seedCache: cache }),
    ]);
    expect(runs.map((e) => marked(e))).toEqual([undefined, 'new']);
    await Promise.all(runs.map((e) => e.close()));
  }, 120_000);

  it('are neither read nor written by an emulator on a clock of its own, whose seed sits at its own time', async () => {
    // The template left by the first test is marked: a copy of it would carry the mark.
    const fixed = Date.UTC(2026, 0, 15, 12, 0, 0);
    const before = templates();
    const e = await startEmulator({ seedCache: cache, now: () => fixed });
    try {
      expect(marked(e)).toBeUndefined();
      expect(e.store.getMeta('seed_anchor')).toBe(String(fixed));
      expect(templates()).toEqual(before);
    } finally {
      await e.close();
    }
  }, 120_000);
});
