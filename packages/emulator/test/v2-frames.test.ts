// Mini apps over the v2 API: the developer's page frames, the catalogue, relevant apps, search and
// the meta-tag crawl of real loopback pages; every answer checked against the spec.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_USERS } from '../src/seed/constants.js';
import { MINIAPP_CATEGORIES } from '../src/seed/miniapps.js';
import { startApi } from './support/api.js';
import { specErrors, startPages } from './support/pages.js';

let env: Awaited<ReturnType<typeof startApi>>;
let site: Awaited<ReturnType<typeof startPages>>;

const EMBED = JSON.stringify({
  version: '1',
  imageUrl: 'http://127.0.0.1/preview.png',
  button: { title: 'Play now', action: { type: 'launch_frame', name: 'Loopback Game', url: '/play' } },
});

beforeAll(async () => {
  env = await startApi();
  site = await startPages((req) => {
    if (req.path === '/app') {
      return {
        body: `<html><head><meta property="og:title" content="Loopback &amp; Co">
          <meta name="fc:miniapp" content='${EMBED}'></head><body>hi</body></html>`,
      };
    }
    if (req.path === '/v1') {
      return {
        body: `<meta name="fc:frame" content="vNext"><meta name="fc:frame:image" content="http://x.example/i.png">
          <meta name="fc:frame:button:1" content="Next"><meta name="fc:frame:post_url" content="http://x.example/post">`,
      };
    }
    if (req.path === '/huge')
      return { body: `<meta name="fc:frame" content="vNext">${'x'.repeat(600 * 1024)}` };
    if (req.path === '/plain') return { body: '<html><head><title>none</title></head></html>' };
    if (req.path === '/to-metadata')
      return { status: 302, body: '', headers: { location: 'http://169.254.169.254/latest' } };
    return { status: 404, body: 'not found' };
  });
});
afterAll(async () => {
  await site.close();
  await env.close();
});

const page = (uuid: string, title: string) => ({
  uuid,
  title,
  version: 'vNext',
  image: { url: 'https://img.example/a.png', aspect_ratio: '1:1' as const },
  buttons: [{ title: 'Go', index: 1, action_type: 'post' as const }],
});
const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';

describe('page frames the developer makes', () => {
  it('round-trips create, look up by uuid and by link, update, list and delete', async () => {
    const made = await env.api.publishNeynarFrame({ name: 'My frame', pages: [page(P1, 'Welcome')] });
    expect(specErrors('publishNeynarFrame', made)).toEqual([]);
    expect(made).toMatchObject({ name: 'My frame', pages: [{ uuid: P1, title: 'Welcome' }] });

    expect(await env.api.lookupNeynarFrame({ type: 'uuid', uuid: made.uuid })).toEqual(made);
    const byLink = await env.api.lookupNeynarFrame({ type: 'url', url: made.link });
    expect(specErrors('lookupNeynarFrame', byLink)).toEqual([]);
    expect(byLink.uuid).toBe(made.uuid);

    const updated = await env.api.updateNeynarFrame({
      uuid: made.uuid,
      name: 'Renamed',
      pages: [page(P1, 'Welcome'), page(P2, 'Second')],
    });
    expect(updated).toMatchObject({ uuid: made.uuid, name: 'Renamed' });
    expect(updated.pages.map((p) => p.title)).toEqual(['Welcome', 'Second']);

    const list = await env.api.fetchNeynarFrames({});
    expect(specErrors('fetchNeynarFrames', list)).toEqual([]);
    expect(list.find((f) => f.uuid === made.uuid)?.name).toBe('Renamed');

    const gone = await env.api.deleteNeynarFrame({ uuid: made.uuid });
    expect(specErrors('deleteNeynarFrame', gone)).toEqual([]);
    expect(gone).toEqual({ success: true, uuid: made.uuid });
    await expect(env.api.lookupNeynarFrame({ type: 'uuid', uuid: made.uuid })).rejects.toMatchObject({
      status: 404,
      property: 'uuid',
    });
    expect((await env.api.fetchNeynarFrames({})).some((f) => f.uuid === made.uuid)).toBe(false);
  });

  it('serves the link as an HTML frame a browser opens and the crawl reads back', async () => {
    const first = {
      ...page(P1, 'Welcome <home>'),
      input: { text: { enabled: true, placeholder: 'Your name' } },
      buttons: [
        { title: 'Next', index: 1, action_type: 'post' as const, next_page: { uuid: P2 } },
        {
          title: 'Docs',
          index: 2,
          action_type: 'link' as const,
          next_page: { redirect_url: 'https://docs.example/' },
        },
      ],
    };
    const made = await env.api.publishNeynarFrame({ name: 'Served', pages: [first, page(P2, 'Second')] });

    // A browser sends no API key.
    const opened = await fetch(made.link);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await opened.text()).toContain('<h1>Welcome &#60;home&#62;</h1>');

    const crawled = await env.api.fetchFrameMetaTagsFromUrl({ url: made.link });
    expect(specErrors('fetchFrameMetaTagsFromUrl', crawled)).toEqual([]);
    expect(crawled.frame).toEqual({
      version: 'vNext',
      image: 'https://img.example/a.png',
      image_aspect_ratio: '1:1',
      frames_url: made.link,
      title: 'Welcome <home>',
      post_url: `${made.link}/pages/${P1}`,
      input: { text: 'Your name' },
      buttons: [
        { index: 1, title: 'Next', action_type: 'post' },
        { index: 2, title: 'Docs', action_type: 'link', target: 'https://docs.example/' },
      ],
    });
    // Each page is served at its post_url, and looking that up finds the frame it belongs to.
    const second = await env.api.fetchFrameMetaTagsFromUrl({ url: `${made.link}/pages/${P2}` });
    expect(second.frame).toMatchObject({ title: 'Second', post_url: `${made.link}/pages/${P2}` });
    const byPage = await env.api.lookupNeynarFrame({ type: 'url', url: `${made.link}/pages/${P2}` });
    expect(byPage.uuid).toBe(made.uuid);

    await env.api.deleteNeynarFrame({ uuid: made.uuid });
    expect((await fetch(made.link)).status).toBe(404);
  });

  it('refuses pages with repeated uuids and lookups without the identifier their type names', async () => {
    await expect(
      env.api.publishNeynarFrame({ name: 'dup', pages: [page(P1, 'a'), page(P1, 'b')] }),
    ).rejects.toMatchObject({ status: 400, property: 'pages[1].uuid' });
    await expect(env.api.lookupNeynarFrame({ type: 'uuid' })).rejects.toMatchObject({
      status: 400,
      property: 'uuid',
    });
    await expect(
      env.api.updateNeynarFrame({ uuid: '33333333-3333-4333-8333-333333333333', pages: [page(P1, 'a')] }),
    ).rejects.toMatchObject({ status: 404, property: 'uuid' });
  });

  it('refuses an image or redirect URL that is not http(s), a 400 naming the field', async () => {
    const script = { ...page(P1, 'x'), image: { url: 'javascript:alert(1)', aspect_ratio: '1:1' as const } };
    await expect(env.api.publishNeynarFrame({ name: 'js', pages: [script] })).rejects.toMatchObject({
      status: 400,
      property: 'pages[0].image.url',
    });
    const redirect = {
      ...page(P1, 'x'),
      buttons: [
        {
          title: 'Go',
          index: 1,
          action_type: 'post_redirect' as const,
          next_page: { redirect_url: 'javascript:alert(1)' },
        },
      ],
    };
    await expect(env.api.publishNeynarFrame({ name: 'js', pages: [redirect] })).rejects.toMatchObject({
      status: 400,
      property: 'pages[0].buttons[0].next_page.redirect_url',
    });
    const made = await env.api.publishNeynarFrame({ name: 'ok', pages: [page(P1, 'x')] });
    await expect(env.api.updateNeynarFrame({ uuid: made.uuid, pages: [script] })).rejects.toMatchObject({
      status: 400,
      property: 'pages[0].image.url',
    });
    await env.api.deleteNeynarFrame({ uuid: made.uuid });
  });

  it('serves a page stored with a javascript: image or redirect (by an older emulator) without either', async () => {
    const made = await env.api.publishNeynarFrame({ name: 'old', pages: [page(P1, 'x')] });
    const stored = {
      ...page(P1, 'x'),
      image: { url: 'javascript:alert(1)', aspect_ratio: '1:1' },
      buttons: [
        {
          title: 'Go',
          index: 1,
          action_type: 'post_redirect',
          next_page: { redirect_url: 'javascript:alert(2)' },
        },
      ],
    };
    // A row as an older emulator stored it: the API refuses such pages now, so only SQL writes one.
    env.store.db
      .prepare('UPDATE neynar_frames SET pages = ? WHERE uuid = ?')
      .run(JSON.stringify([stored]), made.uuid);
    const html = await (await fetch(made.link)).text();
    expect(html).toContain('<h1>x</h1>');
    expect(html).not.toContain('javascript:');
    const tapped = await fetch(`${made.link}/pages/${P1}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ untrustedData: { buttonIndex: 1 } }),
      redirect: 'manual',
    });
    expect(tapped.headers.get('location')).toBeNull();
    expect(await tapped.text()).not.toContain('javascript:');
    await env.api.deleteNeynarFrame({ uuid: made.uuid });
  });
});

// How often each app was used is seed data no API shows (only the rankings it drives): the expected
// rankings below count the uses in SQL.
describe('the catalogue', () => {
  it('holds only the asked categories, most used in the window first, over pages that do not repeat', async () => {
    for (const category of MINIAPP_CATEGORIES) {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const res = await env.api.fetchFrameCatalog({
          categories: [category],
          timeWindow: '24h',
          limit: 1,
          cursor,
        });
        expect(specErrors('fetchFrameCatalog', res)).toEqual([]);
        for (const f of res.frames) {
          expect(f.manifest?.frame?.primary_category).toBe(category);
          seen.push(f.frames_url);
        }
        cursor = res.next.cursor ?? undefined;
      } while (cursor);
      const expected = env
        .column(
          `SELECT m.url FROM miniapps m WHERE m.category = ?
          ORDER BY (SELECT COUNT(*) FROM miniapp_uses u WHERE u.app_id = m.id AND u.ts >= ?) DESC, m.id`,
          category,
          env.store.now() - 24 * 3600_000,
        )
        .map(env.served);
      expect(seen).toEqual(expected);
      expect(seen.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('ranks by use inside the time window: an hour and a week order apps by different counts', async () => {
    const order = async (timeWindow: '1h' | '7d') =>
      (await env.api.fetchFrameCatalog({ timeWindow, limit: 100 })).frames.map((f) => f.frames_url);
    const count = (since: number) =>
      env
        .column(
          `SELECT m.url FROM miniapps m ORDER BY (SELECT COUNT(*) FROM miniapp_uses u WHERE u.app_id = m.id AND u.ts >= ?) DESC, m.id`,
          since,
        )
        .map(env.served);
    const now = env.store.now();
    expect(await order('1h')).toEqual(count(now - 3600_000));
    expect(await order('7d')).toEqual(count(now - 7 * 24 * 3600_000));
    expect(await order('1h')).not.toEqual(await order('7d'));
  });
});

describe('relevant apps and search', () => {
  it('lists the apps the viewer’s follows used, with those users', async () => {
    const res = await env.api.fetchRelevantFrames({ viewerFid: 1, timeWindow: '7d' });
    expect(specErrors('fetchRelevantFrames', res)).toEqual([]);
    expect(res.relevant_frames.length).toBeGreaterThan(0);
    const links = await env.hub.fetchUserFollowing({ fid: 1, pageSize: 1000 });
    const followed = new Set(links.messages.map((m) => m.data.linkBody!.targetFid!));
    for (const r of res.relevant_frames) {
      const users = [...r.top_relevant_users, ...r.remaining_relevant_users];
      expect(users.length).toBeGreaterThan(0);
      for (const u of users) {
        expect(followed.has(u.fid)).toBe(true);
        // Uses are seed data no API shows.
        const used = env.value<number>(
          'SELECT COUNT(*) FROM miniapp_uses u JOIN miniapps m ON m.id = u.app_id WHERE m.url = ? AND u.fid = ?',
          env.stored(r.frames[0]!.frames_url),
          u.fid,
        );
        expect(used).toBeGreaterThan(0);
      }
    }
    await expect(env.api.fetchRelevantFrames({ viewerFid: 999_999 })).rejects.toMatchObject({
      status: 404,
      property: 'viewer_fid',
    });
  });

  it('finds apps by name, case-insensitively, and refuses an empty query', async () => {
    const res = await env.api.searchFrames({ q: 'pixel QUEST' });
    expect(specErrors('searchFrames', res)).toEqual([]);
    expect(res.frames.map((f) => (f as { name?: string }).name)).toEqual(['Pixel Quest']);
    expect((await env.api.searchFrames({ q: 'no such app here' })).frames).toEqual([]);
    await expect(env.api.searchFrames({ q: '   ' })).rejects.toMatchObject({ status: 400, property: 'q' });
  });
});

describe('the meta-tag crawl', () => {
  it('reads a mini app embed from a loopback page', async () => {
    const res = await env.api.fetchFrameMetaTagsFromUrl({ url: `${site.url}/app` });
    expect(specErrors('fetchFrameMetaTagsFromUrl', res)).toEqual([]);
    expect(res.frame).toMatchObject({
      version: 'next',
      image: 'http://127.0.0.1/preview.png',
      frames_url: `${site.url}/play`,
      title: 'Play now',
      name: 'Loopback Game',
    });
    expect((res.frame as { metadata?: { html: { ogTitle?: string } } }).metadata?.html.ogTitle).toBe(
      'Loopback & Co',
    );
  });

  it('reads the older vNext frame tags', async () => {
    const res = await env.api.fetchFrameMetaTagsFromUrl({ url: `${site.url}/v1` });
    expect(specErrors('fetchFrameMetaTagsFromUrl', res)).toEqual([]);
    expect(res.frame).toMatchObject({
      version: 'vNext',
      image: 'http://x.example/i.png',
      post_url: 'http://x.example/post',
      buttons: [{ index: 1, title: 'Next', action_type: 'post' }],
    });
  });

  it('refuses pages over the size cap, pages without tags and private or metadata addresses', async () => {
    const refused = (url: string) => env.api.fetchFrameMetaTagsFromUrl({ url });
    await expect(refused(`${site.url}/huge`)).rejects.toMatchObject({
      status: 400,
      property: 'url',
      message: expect.stringContaining('larger than'),
    });
    await expect(refused(`${site.url}/plain`)).rejects.toMatchObject({ status: 400, property: 'url' });
    for (const url of [
      'http://10.1.2.3/',
      'http://169.254.169.254/latest/meta-data',
      'http://[fe80::1]/',
      'http://192.168.0.1/',
    ]) {
      await expect(refused(url)).rejects.toMatchObject({
        status: 400,
        property: 'url',
        message: expect.stringContaining('private or reserved'),
      });
    }
    // A loopback page may not redirect the emulator to a metadata address.
    await expect(refused(`${site.url}/to-metadata`)).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('169.254.169.254'),
    });
    await expect(refused('ftp://127.0.0.1/')).rejects.toMatchObject({ status: 400, property: 'url' });
    // The loopback site saw no request for anything it was not asked directly.
    expect(site.requests.every((r) => r.method === 'GET')).toBe(true);
  });
});

describe('the frames feed', () => {
  it('holds casts embedding catalogue apps, seeded ones included', async () => {
    const res = await env.api.fetchFramesOnlyFeed({ limit: 20 });
    expect(specErrors('fetchFramesOnlyFeed', res)).toEqual([]);
    expect(res.casts.length).toBe(20);
    const apps = new Set((await env.api.fetchFrameCatalog({ limit: 100 })).frames.map((f) => f.frames_url));
    for (const c of res.casts) expect(c.embeds.some((e) => 'url' in e && apps.has(e.url))).toBe(true);
    expect(SEED_USERS.length).toBe(3);
  });

  it('fills each cast’s frames with the apps it embeds, as the catalogue shows them', async () => {
    const res = await env.api.fetchFramesOnlyFeed({ limit: 5 });
    const cast = res.casts[0]!;
    const url = (cast.embeds[0] as { url: string }).url;
    const { frames } = await env.api.fetchFrameCatalog({ limit: 100 });
    const name = frames.find((f) => f.frames_url === url)!.manifest!.frame!.name;
    const [listed] = (await env.api.searchFrames({ q: name })).frames;
    expect(cast.frames).toHaveLength(1);
    const { author: fullAuthor, ...app } = listed!;
    expect(cast.frames![0]).toEqual({
      ...app,
      author: {
        object: 'user_dehydrated',
        fid: fullAuthor!.fid,
        username: fullAuthor!.username,
        display_name: fullAuthor!.display_name,
        pfp_url: fullAuthor!.pfp_url,
        custody_address: fullAuthor!.custody_address,
      },
    });
    // Looked up one by one, the same cast carries the same frames.
    const one = await env.api.lookupCastByHashOrWarpcastUrl({ identifier: cast.hash, type: 'hash' });
    expect(specErrors('lookupCastByHashOrWarpcastUrl', one)).toEqual([]);
    expect(one.cast.frames).toEqual(cast.frames);
  });

  it('shows an app in frames once it is registered, for casts that embedded its URL before', async () => {
    const [alice] = SEED_USERS;
    const url = `${site.url}/later-app`;
    const { cast } = await env.api.publishCast({
      signerUuid: alice.signerUuid,
      text: 'soon',
      embeds: [{ url }],
    });
    const before = await env.api.lookupCastByHashOrWarpcastUrl({ identifier: cast.hash, type: 'hash' });
    expect(before.cast.frames).toBeUndefined();

    const registered = await fetch(`${env.url}/_emulator/miniapps`, {
      method: 'POST',
      headers: { 'x-api-key': env.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ url, name: 'Later app' }),
    });
    expect(registered.status).toBe(200);
    const after = await env.api.lookupCastByHashOrWarpcastUrl({ identifier: cast.hash, type: 'hash' });
    expect(specErrors('lookupCastByHashOrWarpcastUrl', after)).toEqual([]);
    expect(after.cast.frames).toMatchObject([{ version: 'next', frames_url: url, name: 'Later app' }]);
  });
});
