// A database seeded by an emulator on one origin and served by another (a file reopened on a new
// port, a seed template): the seeded rows keep the seeding origin, clients only ever see the new one.
// What a client sends back with the new origin must meet the seeded rows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { SEED_USERS, startEmulator } from '../src/index.js';

const dir = mkdtempSync(join(tmpdir(), 'castkit-asset-origin-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('finds a cast that embeds a catalogue app by the URL this server showed, on a file seeded on another port', async () => {
  const db = join(dir, 'moved.db');
  const first = await startEmulator({ db });
  const seededOrigin = first.url;
  await first.close();
  const e = await startEmulator({ db });
  try {
    expect(e.url).not.toBe(seededOrigin);
    const headers = { 'x-api-key': e.apiKey, 'content-type': 'application/json' };
    const get = async (path: string) => (await fetch(`${e.url}/v2/farcaster${path}`, { headers })).json();
    const { frames } = await get('/frame/catalog?limit=1');
    const app: string = frames[0].frames_url;
    expect(app.startsWith(`${e.url}/_emulator/`)).toBe(true);

    const posted = await fetch(`${e.url}/v2/farcaster/cast`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        signer_uuid: SEED_USERS[0].signerUuid,
        text: 'try this app',
        embeds: [{ url: app }],
      }),
    });
    const { cast } = await posted.json();
    const shown = (await get(`/cast?identifier=${cast.hash}&type=hash`)).cast;
    expect(shown.embeds.map((x: { url?: string }) => x.url)).toEqual([app]);

    const framesFeed = await get('/feed/frames?limit=100');
    expect(framesFeed.casts.map((c: { hash: string }) => c.hash)).toContain(cast.hash);
    const byEmbed = await get(
      `/feed?feed_type=filter&filter_type=embed_url&embed_url=${encodeURIComponent(app)}`,
    );
    expect(byEmbed.casts.map((c: { hash: string }) => c.hash)).toContain(cast.hash);
  } finally {
    await e.close();
  }
}, 120_000);
