// Frame actions end to end: the emulator signs an action and posts it to a real loopback frame
// server, the frame validates the packet it received (which records the interaction), and analytics
// aggregate what was recorded. Pay frames round-trip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_USERS } from '../src/seed/constants.js';
import { startApi } from './support/api.js';
import { specErrors, startPages } from './support/pages.js';

let env: Awaited<ReturnType<typeof startApi>>;
let frame: Awaited<ReturnType<typeof startPages>>;
let castHash: string;

const NEXT_PAGE = `<meta name="fc:frame" content="vNext"><meta name="fc:frame:image" content="http://f.example/2.png">
  <meta name="fc:frame:button:1" content="Again"><meta name="fc:frame:input:text" content="Say something">`;

beforeAll(async () => {
  env = await startApi();
  frame = await startPages((req) =>
    req.path === '/redirect'
      ? { status: 302, body: '', headers: { location: '/landing?from=frame' } }
      : { body: NEXT_PAGE },
  );
  castHash = await env.fixtures.cast(SEED_USERS[0], 'a cast with a frame in it');
});
afterAll(async () => {
  await frame.close();
  await env.close();
});

const action = (text: string) => ({
  button: { index: 1, action_type: 'post' as const, title: 'Go' },
  frames_url: `${frame.url}/frame`,
  post_url: `${frame.url}/post`,
  input: { text },
});

/** What the frame server received for the last action: the signed message bytes. */
const lastPacket = () => JSON.parse(frame.requests.at(-1)!.body) as { trustedData: { messageBytes: string } };

describe('frame actions', () => {
  it('posts a signed action to the frame and answers the frame it returned; validation records it', async () => {
    const [alice, bob] = SEED_USERS;
    const next = await env.api.postFrameAction({
      signerUuid: alice.signerUuid,
      castHash,
      action: action('hello'),
    });
    expect(specErrors('postFrameAction', next)).toEqual([]);
    expect(next).toMatchObject({
      version: 'vNext',
      image: 'http://f.example/2.png',
      buttons: [{ title: 'Again' }],
    });
    expect(frame.requests.at(-1)).toMatchObject({ method: 'POST', path: '/post' });

    const validated = await env.api.validateFrameAction({
      messageBytesInHex: lastPacket().trustedData.messageBytes,
    });
    expect(specErrors('validateFrameAction', validated)).toEqual([]);
    expect(validated).toMatchObject({
      valid: true,
      action: {
        url: `${frame.url}/frame`,
        interactor: { fid: alice.fid },
        tapped_button: { index: 1 },
        input: { text: 'hello' },
        cast: { hash: castHash },
      },
    });

    await env.api.postFrameAction({ signerUuid: bob.signerUuid, castHash, action: action('hi from bob') });
    await env.api.validateFrameAction({ messageBytesInHex: lastPacket().trustedData.messageBytes });
    env.tick(90_000);
    await env.api.postFrameAction({ signerUuid: bob.signerUuid, castHash, action: action('again') });
    await env.api.validateFrameAction({ messageBytesInHex: lastPacket().trustedData.messageBytes });

    const list = await env.api.fetchValidateFrameList({});
    expect(specErrors('fetchValidateFrameList', list)).toEqual([]);
    expect(list.frames).toContain(`${frame.url}/frame`);

    const range = {
      frameUrl: `${frame.url}/frame`,
      start: new Date(env.store.now() - 3600_000).toISOString(),
      stop: new Date(env.store.now() + 1000).toISOString(),
    };
    const total = await env.api.fetchValidateFrameAnalytics({ ...range, analyticsType: 'total-interactors' });
    expect(specErrors('fetchValidateFrameAnalytics', total)).toEqual([]);
    expect(total).toEqual({ total_interactors: 2 });

    const interactors = await env.api.fetchValidateFrameAnalytics({ ...range, analyticsType: 'interactors' });
    expect(specErrors('fetchValidateFrameAnalytics', interactors)).toEqual([]);
    expect(interactors).toEqual({
      interactors: [
        { fid: bob.fid, username: bob.username, interaction_count: 2 },
        { fid: alice.fid, username: alice.username, interaction_count: 1 },
      ],
    });

    const texts = await env.api.fetchValidateFrameAnalytics({ ...range, analyticsType: 'input-text' });
    expect(specErrors('fetchValidateFrameAnalytics', texts)).toEqual([]);
    expect((texts as { input_texts: { input_text: string }[] }).input_texts.map((t) => t.input_text)).toEqual(
      ['hello', 'hi from bob', 'again'],
    );

    const perCast = await env.api.fetchValidateFrameAnalytics({
      ...range,
      analyticsType: 'interactions-per-cast',
      aggregateWindow: '1m',
    });
    expect(specErrors('fetchValidateFrameAnalytics', perCast)).toEqual([]);
    const buckets = (perCast as { interactions_per_cast: { interaction_count: number }[] })
      .interactions_per_cast;
    // Two actions in one minute, the third 90 s later: two buckets.
    expect(buckets.map((b) => b.interaction_count)).toEqual([2, 1]);

    // A window that ends before the actions holds none of them.
    const before = await env.api.fetchValidateFrameAnalytics({
      ...range,
      stop: new Date(env.store.now() - 1_800_000).toISOString(),
      analyticsType: 'total-interactors',
    });
    expect(before).toEqual({ total_interactors: 0 });
  });

  it('forwards a developer-signed packet as it is', async () => {
    const packet = {
      untrustedData: { fid: 2, url: `${frame.url}/frame`, buttonIndex: 1 },
      trustedData: { messageBytes: 'abcd' },
    };
    const next = await env.api.postFrameActionDeveloperManaged({
      action: action('x'),
      signaturePacket: packet,
    });
    expect(specErrors('postFrameActionDeveloperManaged', next)).toEqual([]);
    expect(JSON.parse(frame.requests.at(-1)!.body)).toEqual(packet);
  });

  it('hands a post_redirect answer back to the caller without following it', async () => {
    const before = frame.requests.length;
    const next = await env.api.postFrameAction({
      signerUuid: SEED_USERS[0].signerUuid,
      action: {
        ...action('x'),
        button: { index: 2, action_type: 'post_redirect', title: 'Visit' },
        image: 'http://f.example/1.png',
        post_url: `${frame.url}/redirect`,
      },
    });
    expect(specErrors('postFrameAction', next)).toEqual([]);
    const landing = `${frame.url}/landing?from=frame`;
    expect(next).toEqual({
      version: 'vNext',
      image: 'http://f.example/1.png',
      frames_url: landing,
      buttons: [{ index: 2, action_type: 'post_redirect', title: 'Visit', target: landing }],
      post_url: `${frame.url}/redirect`,
    });
    // One POST, and nobody fetched the landing page: that is the user's browser's to open.
    expect(frame.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /redirect']);

    // A post_redirect button whose server answers with a frame instead is the server's mistake.
    await expect(
      env.api.postFrameAction({
        signerUuid: SEED_USERS[0].signerUuid,
        action: { ...action('x'), button: { index: 2, action_type: 'post_redirect' } },
      }),
    ).rejects.toMatchObject({ status: 400, property: 'action.post_url' });
  });

  it('taps through a page frame the emulator serves: next page, then a redirect', async () => {
    const P1 = '11111111-1111-4111-8111-111111111111';
    const P2 = '22222222-2222-4222-8222-222222222222';
    const image = { url: 'https://img.example/a.png', aspect_ratio: '1:1' as const };
    const made = await env.api.publishNeynarFrame({
      name: 'Tour',
      pages: [
        {
          uuid: P1,
          title: 'Start',
          version: 'vNext',
          image,
          buttons: [{ title: 'On', index: 1, action_type: 'post', next_page: { uuid: P2 } }],
        },
        {
          uuid: P2,
          title: 'End',
          version: 'vNext',
          image,
          buttons: [
            {
              title: 'Out',
              index: 1,
              action_type: 'post_redirect',
              next_page: { redirect_url: 'https://done.example/' },
            },
          ],
        },
      ],
    });
    const start = (await env.api.fetchFrameMetaTagsFromUrl({ url: made.link })).frame as {
      post_url: string;
      buttons: { index: number; action_type: 'post' | 'post_redirect'; title: string }[];
    };
    const tap = (post_url: string, button: (typeof start.buttons)[number]) =>
      env.api.postFrameAction({
        signerUuid: SEED_USERS[1].signerUuid,
        action: { button, frames_url: made.link, post_url },
      });
    const end = (await tap(start.post_url, start.buttons[0]!)) as typeof start & { title: string };
    expect(end).toMatchObject({ title: 'End', post_url: `${made.link}/pages/${P2}` });
    const out = await tap(end.post_url, end.buttons[0]!);
    expect(out).toMatchObject({
      frames_url: 'https://done.example/',
      buttons: [{ target: 'https://done.example/' }],
    });
  });

  it('refuses bad messages and analytics requests, naming the field', async () => {
    await expect(env.api.validateFrameAction({ messageBytesInHex: 'zz' })).rejects.toMatchObject({
      status: 400,
      property: 'message_bytes_in_hex',
    });
    const base = {
      frameUrl: `${frame.url}/frame`,
      start: new Date(env.store.now()).toISOString(),
      stop: new Date(env.store.now() + 1000).toISOString(),
    };
    await expect(
      env.api.fetchValidateFrameAnalytics({ ...base, analyticsType: 'interactions-per-cast' }),
    ).rejects.toMatchObject({ status: 400, property: 'aggregate_window' });
    await expect(
      env.api.fetchValidateFrameAnalytics({ ...base, stop: base.start, analyticsType: 'interactors' }),
    ).rejects.toMatchObject({ status: 400, property: 'stop' });
    await expect(
      env.api.postFrameAction({
        signerUuid: SEED_USERS[0].signerUuid,
        action: { ...action('x'), post_url: 'http://10.0.0.7/' },
      }),
    ).rejects.toMatchObject({ status: 400, property: 'action.post_url' });
  });
});

describe('pay frames', () => {
  it('creates one, reads it back, and answers a retried idem with the same frame', async () => {
    const body = {
      transaction: {
        to: {
          address: '0x5A927Ac639636E534b678e81768CA19e2C6280B7',
          network: 'base' as const,
          token_contract_address: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
          amount: 0.5,
        },
      },
      config: { line_items: [{ name: 'Coffee', description: 'One cup' }], allowlist_fids: [1, 2] },
      idem: 'pay-once',
    };
    const made = await env.api.createTransactionPayFrame(body);
    expect(specErrors('createTransactionPayFrame', made)).toEqual([]);
    expect(made.transaction_frame).toMatchObject({
      type: 'pay',
      status: 'created',
      transaction: { to: { address: '0x5a927ac639636e534b678e81768ca19e2c6280b7', amount: 0.5 } },
    });
    const again = await env.api.createTransactionPayFrame(body);
    expect(again.transaction_frame.id).toBe(made.transaction_frame.id);

    const read = await env.api.getTransactionPayFrame({ id: made.transaction_frame.id });
    expect(specErrors('getTransactionPayFrame', read)).toEqual([]);
    expect(read).toEqual(made);
    await expect(env.api.getTransactionPayFrame({ id: 'nope' })).rejects.toMatchObject({
      status: 404,
      property: 'id',
    });
    await expect(
      env.api.createTransactionPayFrame({
        ...body,
        idem: undefined,
        config: { ...body.config, allowlist_fids: [999_999] },
      }),
    ).rejects.toMatchObject({ status: 404, property: 'config.allowlist_fids[0]' });
  });
});
