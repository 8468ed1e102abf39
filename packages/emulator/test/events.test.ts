import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  compileFilters,
  type EmulatorEvent,
  eventBody,
  eventsAfter,
  latestEventId,
  matchesFilters,
  onEventsAppended,
  validateFilters,
} from '../src/events/index.js';
import {
  approveSigner,
  createSigner,
  registerUser,
  Store,
  UserDataType,
  ValidationError,
} from '../src/index.js';
import { actAs } from '../src/protocol/index.js';

const ORIGIN = 'http://127.0.0.1:9';
const CHANNEL = 'https://warpcast.com/~/channel/degen';

let store: Store;
const actors: ReturnType<typeof actAs>[] = [];

function register(fid: number, username: string) {
  registerUser(store, { fid, custodyAddress: `0x${String(fid).repeat(40).slice(0, 40)}`, username });
  const signer = createSigner(store);
  approveSigner(store, signer.signer_uuid, fid);
  actors[fid] = actAs(store, signer.signer_uuid);
}

beforeEach(() => {
  store = new Store({ path: ':memory:' });
  register(1, 'alice');
  register(2, 'bob');
  register(3, 'carol');
});
afterEach(() => store.close());

const after = (id: number) => eventsAfter(store, id, 100, ORIGIN).events;

describe('the event log', () => {
  it('turns each change into one webhook-style event with data hydrated like the v2 object', async () => {
    const start = latestEventId(store);
    const cast = await actors[1]!.castAdd({
      text: 'hello world',
      embeds: [{ url: 'https://example.com/a.png' }],
    });
    await actors[2]!.reactionAdd('like', { fid: 1, hash: cast.hash });
    await actors[2]!.follow(1);
    await actors[2]!.unfollow(1);
    await actors[2]!.reactionRemove('like', { fid: 1, hash: cast.hash });
    await actors[1]!.userDataAdd(UserDataType.Bio, 'new bio');
    await actors[1]!.castRemove(cast.hash);
    const events = after(start);
    expect(events.map((e) => e.type)).toEqual([
      'cast.created',
      'reaction.created',
      'follow.created',
      'follow.deleted',
      'reaction.deleted',
      'user.updated',
      'cast.deleted',
    ]);
    const ids = events.map((e) => e.event_id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    const created = events[0]!;
    expect(created.type === 'cast.created' && created.data.hash).toBe(cast.hash);
    expect(created.type === 'cast.created' && created.data.author.username).toBe('alice');
    expect(created.data).toMatchObject({ object: 'cast', text: 'hello world' });
    const like = events[1]!;
    expect(like.data).toMatchObject({
      object: 'reaction',
      reaction_type: 1,
      user: { fid: 2, username: 'bob' },
      cast: { hash: cast.hash, author: { fid: 1, username: 'alice' } },
    });
    expect(events[2]!.data).toMatchObject({ object: 'follow', user: { fid: 2 }, target_user: { fid: 1 } });
    expect(events[3]!.data).toMatchObject({ object: 'unfollow' });
    expect(events[5]!.data).toMatchObject({ object: 'user', fid: 1, profile: { bio: { text: 'new bio' } } });
    // The deleted cast is shown as it was.
    expect(events[6]!.data).toMatchObject({ object: 'cast', hash: cast.hash, text: 'hello world' });
    expect(Object.keys(eventBody(created))).not.toContain('event_id');
  });

  it('reports a registered account as user.created', () => {
    const start = latestEventId(store);
    register(4, 'dave');
    const events = after(start);
    expect(events.map((e) => e.type)).toEqual(['user.created']);
    expect(events[0]!.data).toMatchObject({ object: 'user', fid: 4, username: 'dave' });
  });

  it('resumes after an id and pages by limit, skipping hub events that are not webhook events', async () => {
    const start = latestEventId(store);
    for (const text of ['one', 'two', 'three']) await actors[1]!.castAdd({ text });
    const first = eventsAfter(store, start, 2, ORIGIN);
    expect(first.events.map((e) => (e.data as { text: string }).text)).toEqual(['one', 'two']);
    const rest = eventsAfter(store, first.cursor, 10, ORIGIN);
    expect(rest.events.map((e) => (e.data as { text: string }).text)).toEqual(['three']);
    expect(eventsAfter(store, rest.cursor, 10, ORIGIN).events).toEqual([]);
  });

  it('wakes listeners after the commit, not before, and not for a rolled-back write', async () => {
    const seen: number[] = [];
    const stop = onEventsAppended(store, () => seen.push(latestEventId(store)));
    const before = latestEventId(store);
    await actors[1]!.castAdd({ text: 'wake' });
    await Promise.resolve();
    expect(seen.length).toBe(1);
    expect(seen[0]).toBeGreaterThan(before);
    expect(after(before).map((e) => e.type)).toEqual(['cast.created']);
    // A refused write and a rolled-back one commit nothing and wake nobody: measured from the log's
    // end before them, not from wherever a write left it.
    seen.length = 0;
    const mark = latestEventId(store);
    await expect(actors[1]!.castAdd({ text: 'x'.repeat(1025) })).rejects.toThrow(/bytes/);
    // A failure inside the write's transaction, as a full disk would make it: only SQL makes one.
    store.db.exec(`CREATE TEMP TRIGGER casts_fail BEFORE INSERT ON main.casts
      BEGIN SELECT RAISE(ABORT, 'no room for the cast'); END`);
    try {
      await expect(actors[1]!.castAdd({ text: 'rolled back' })).rejects.toThrow(/no room for the cast/);
    } finally {
      store.db.exec('DROP TRIGGER casts_fail');
    }
    await Promise.resolve();
    expect(after(mark)).toEqual([]);
    // A wake after a rollback is allowed (wake.ts), but it must find nothing new.
    expect(seen.filter((id) => id !== mark)).toEqual([]);
    stop();
    seen.length = 0;
    await actors[1]!.castAdd({ text: 'unheard' });
    await Promise.resolve();
    expect(seen).toEqual([]);
  });
});

describe('filters', () => {
  let events: Record<string, EmulatorEvent>;
  beforeEach(async () => {
    const start = latestEventId(store);
    const root = await actors[1]!.castAdd({ text: 'root in degen', parentUrl: CHANNEL });
    await actors[2]!.castAdd({ text: 'plain text by bob' });
    await actors[3]!.castAdd({ text: 'reply by carol', parent: { fid: 1, hash: root.hash } });
    await actors[2]!.castAdd({ text: 'hi  friend', mentions: [3], mentionsPositions: [3] });
    await actors[3]!.castAdd({ text: 'look', embeds: [{ url: 'https://neynar.com/pic.png' }] });
    await actors[2]!.follow(3);
    await actors[1]!.follow(2);
    await actors[3]!.reactionAdd('like', { fid: 1, hash: root.hash });
    await actors[2]!.reactionAdd('recast', {
      fid: 2,
      hash: (await actors[2]!.castAdd({ text: 'own' })).hash,
    });
    await actors[2]!.userDataAdd(UserDataType.Bio, 'b');
    await actors[3]!.userDataAdd(UserDataType.Bio, 'c');
    const list = after(start);
    events = {};
    const texts: Record<string, string> = {
      'root in degen': 'root',
      'plain text by bob': 'plain',
      'reply by carol': 'reply',
      look: 'embed',
      own: 'own',
    };
    for (const e of list) {
      if (e.type === 'cast.created') {
        const t = e.data.text;
        events[texts[t] ?? (t.includes('friend') ? 'mention' : t)] = e;
      } else if (e.type === 'follow.created')
        events[`follow ${e.data.user.fid}->${e.data.target_user.fid}`] = e;
      else if (e.type === 'reaction.created') events[`reaction ${e.data.user.fid}`] = e;
      else if (e.type === 'user.updated') events[`user ${e.data.fid}`] = e;
    }
    expect(Object.keys(events).length).toBe(12);
  });

  const matches = (filters: unknown, name: string) =>
    matchesFilters(compileFilters(validateFilters(filters, 'subscription')), events[name]!);

  const cases: [string, unknown, string, string][] = [
    ['author_fids', { 'cast.created': { author_fids: [1] } }, 'root', 'plain'],
    ['exclude_author_fids', { 'cast.created': { exclude_author_fids: [2] } }, 'root', 'plain'],
    ['mentioned_fids', { 'cast.created': { mentioned_fids: [3] } }, 'mention', 'plain'],
    ['parent_urls', { 'cast.created': { parent_urls: [CHANNEL] } }, 'root', 'plain'],
    ['root_parent_urls', { 'cast.created': { root_parent_urls: [CHANNEL] } }, 'reply', 'plain'],
    ['parent_author_fids', { 'cast.created': { parent_author_fids: [1] } }, 'reply', 'root'],
    ['text', { 'cast.created': { text: '(?i)PLAIN\\s+TEXT' } }, 'plain', 'root'],
    ['embeds', { 'cast.created': { embeds: '\\b(farcaster|neynar)\\b' } }, 'embed', 'plain'],
    ['user.updated fids', { 'user.updated': { fids: [2] } }, 'user 2', 'user 3'],
    ['follow fids', { 'follow.created': { fids: [2] } }, 'follow 2->3', 'follow 1->2'],
    ['follow target_fids', { 'follow.created': { target_fids: [2] } }, 'follow 1->2', 'follow 2->3'],
    ['reaction fids', { 'reaction.created': { fids: [3] } }, 'reaction 3', 'reaction 2'],
    ['reaction target_fids', { 'reaction.created': { target_fids: [2] } }, 'reaction 2', 'reaction 3'],
    ['an event type absent', { 'follow.created': {} }, 'follow 2->3', 'root'],
  ];
  for (const [name, filters, yes, no] of cases) {
    it(`${name}: takes ${yes} and not ${no}`, () => {
      expect(matches(filters, yes)).toBe(true);
      expect(matches(filters, no)).toBe(false);
    });
  }

  it('parent_hashes: takes a reply to that cast and not another cast', () => {
    const root = events.root!.data as { hash: string };
    const filters = { 'cast.created': { parent_hashes: [root.hash.toUpperCase().replace('0X', '0x')] } };
    expect(matches(filters, 'reply')).toBe(true);
    expect(matches(filters, 'plain')).toBe(false);
  });

  it('exclude_author_fids holds against the other fields, which are alternatives', () => {
    const filters = { 'cast.created': { author_fids: [1, 2], text: 'reply', exclude_author_fids: [2] } };
    expect(matches(filters, 'root')).toBe(true);
    expect(matches(filters, 'reply')).toBe(true);
    expect(matches(filters, 'plain')).toBe(false);
  });
});

describe('filter validation', () => {
  const bad = (filters: unknown): ValidationError => {
    try {
      validateFilters(filters, 'subscription');
    } catch (e) {
      expect(e).toBeInstanceOf(ValidationError);
      return e as ValidationError;
    }
    throw new Error('accepted');
  };
  const cases: [string, unknown, string][] = [
    ['an unknown event type', { 'cast.updated': {} }, 'subscription.cast.updated'],
    ['an unknown field', { 'cast.created': { authors: [1] } }, 'subscription.cast.created.authors'],
    ['a filter that is not an object', { 'cast.created': [] }, 'subscription.cast.created'],
    [
      'a fid that is not an integer',
      { 'follow.created': { fids: [1.5] } },
      'subscription.follow.created.fids[0]',
    ],
    [
      'a list that is a string',
      { 'reaction.created': { target_fids: '1' } },
      'subscription.reaction.created.target_fids',
    ],
    [
      'a bad cast hash',
      { 'cast.created': { parent_hashes: ['0x12'] } },
      'subscription.cast.created.parent_hashes[0]',
    ],
    [
      'a regex that does not compile',
      { 'cast.created': { text: '(unclosed' } },
      'subscription.cast.created.text',
    ],
    [
      'a regex too large a program to match in bounded time',
      { 'cast.deleted': { embeds: '(?:a?){600}a{600}' } },
      'subscription.cast.deleted.embeds',
    ],
    ['a backreference', { 'cast.created': { text: '(a)\\1' } }, 'subscription.cast.created.text'],
    ['a lookahead', { 'cast.created': { text: 'a(?=b)' } }, 'subscription.cast.created.text'],
    ['an over-long regex', { 'cast.created': { text: 'a'.repeat(300) } }, 'subscription.cast.created.text'],
    ['a regex that is not a string', { 'cast.created': { embeds: 5 } }, 'subscription.cast.created.embeds'],
    ['user.created with a field', { 'user.created': { fids: [1] } }, 'subscription.user.created.fids'],
  ];
  for (const [name, filters, property] of cases) {
    it(`refuses ${name}, naming ${property}`, () => {
      expect(bad(filters).property).toBe(property);
    });
  }

  it('accepts the patterns the spec shows, and those a backtracking engine runs away on (RE2 does not)', () => {
    expect(() =>
      validateFilters(
        { 'cast.created': { text: '(?i)\\$degen', embeds: '\\b(farcaster|neynar)\\b' }, 'user.created': {} },
        'subscription',
      ),
    ).not.toThrow();
    for (const text of ['(foo|bar)+[a-z]*', '(a+)+$', '(a|ab)*c'])
      expect(() => validateFilters({ 'cast.created': { text } }, 'subscription'), text).not.toThrow();
  });
});
