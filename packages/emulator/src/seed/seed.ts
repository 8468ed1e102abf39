import { toHex } from '../ground/codec.js';
import { MessageType, OnChainEventType, UserDataType } from '../ground/types.js';
import { analyze, bulkRows, enterBulkLoadMode, recountCounters } from '../store/queries/bulk.js';
import { bulkLoad } from '../store/read-cache.js';
import type { Store } from '../store/store.js';
import { clearAll } from '../store/tables.js';
import { withSqliteCheckpoints } from '../store/wal-checkpoints.js';
import {
  DEFAULT_ASSET_ORIGIN,
  DEFAULT_SEED,
  SEED_SHAPES,
  SEED_USERS,
  SEED_WINDOW_MS,
  type SeedShape,
  type SeedSize,
} from './constants.js';
import { seedLedger } from './ledger.js';
import { catalogAppUrl, seedMiniapps } from './miniapps.js';
import { Prng } from './prng.js';
import { type ProgressFn, stderrProgress } from './progress.js';
import { PublicKeys } from './pubkeys.js';
import * as W from './words.js';
import { SeedWriter } from './writer.js';

export interface SeedOptions {
  seed?: number;
  size?: SeedSize;
  /** Anchor time (unix ms): activity is spread over the 30 days before it. Default: the store clock. */
  now?: number;
  /** true for a stderr progress bar, or a callback. */
  progress?: boolean | ProgressFn;
  /** Origin of the emulator that will serve avatars and images. Default http://127.0.0.1:8787. */
  assetOrigin?: string;
  /** Overrides of the size's shape (benchmarks, profiling). */
  shape?: Partial<SeedShape>;
  /**
   * Insert the rows from a worker thread with its own connection while this one makes them (file
   * databases only). Default: for the large size.
   */
  rowsThread?: boolean;
}

export interface SeedReport {
  seed: number;
  size: SeedSize;
  ms: number;
  users: number;
  casts: number;
  follows: number;
  reactions: number;
}

const YEAR_MS = 365 * 24 * 3600 * 1000;
const EVENT_RETENTION_MS = 3 * 24 * 3600 * 1000;
const CHANNEL_URL = 'https://warpcast.com/~/channel/';
const FIRST_BLOCK = 110_000_000;
/**
 * The large seed's file gets 16 KB pages instead of SQLite's 4 KB: fewer pages to write, split and
 * sort, and shallower trees to read. Built without a WAL, alternating: 58.4 / 44.8 s with 4 KB,
 * 39.8 / 38.5 s with 16 KB. Served (bench/emulator.mjs, same seed, files in turn): user lookups
 * 6.0k / 7.3k -> 11.7k / 10.4k req/s, following feed 2.3k / 2.0k -> 2.8k / 3.0k, write p50
 * 13.5 / 11.2 -> 7.6 / 8.1 ms.
 */
const LARGE_SEED_PAGE_SIZE = 16_384;
/** A reply's parent is one of the casts this many before it, so threads grow deep. */
const REPLY_WINDOW = 400;
/** A cast row's values before its three counts (replies, likes, recasts). */
type WithoutCounts<Row extends unknown[]> = Row extends [...infer Head, number, number, number]
  ? Head
  : never;

/**
 * Avatars and images are served by the emulator itself, so nothing rendered needs the internet.
 * URLs are absolute against the emulator that seeded (see `absoluteUrl` for a moved port).
 */
export const avatarUrl = (origin: string, fid: number) => `${origin}/_emulator/avatar/${fid}.svg`;
export const imageUrl = (origin: string, name: string) => `${origin}/_emulator/image/${name}.svg`;

/**
 * Replaces the store's contents with a deterministic dataset: the same seed, size and anchor time
 * always produce identical rows (hashes included); a different anchor shifts only the times.
 */
export function seedStore(store: Store, options: SeedOptions = {}): SeedReport {
  // Millions of rows: read caches hear of them once, as "everything changed", not row by row, and
  // checkpoints run unsynced on this connection, as the bulk load was tuned.
  return bulkLoad(store, () => withSqliteCheckpoints(store.db, () => writeSeed(store, options)));
}

/** No generated data: the marks a seed leaves, so a reset returns to empty and a restart keeps it. */
function writeEmpty(store: Store, seed: number, options: SeedOptions): SeedReport {
  clearAll(store);
  const anchor = Math.floor((options.now ?? store.now()) / 1000) * 1000;
  store.setMeta('seed', String(seed));
  store.setMeta('seed_size', 'none');
  store.setMeta('seed_anchor', String(anchor));
  store.setMeta('asset_origin', options.assetOrigin ?? DEFAULT_ASSET_ORIGIN);
  return { seed, size: 'none', ms: 0, users: 0, casts: 0, follows: 0, reactions: 0 };
}

function writeSeed(store: Store, options: SeedOptions): SeedReport {
  const started = performance.now();
  const seed = options.seed ?? DEFAULT_SEED;
  const size = options.size ?? 'small';
  if (size === 'none') return writeEmpty(store, seed, options);
  const shape = { ...SEED_SHAPES[size], ...options.shape };
  const anchor = Math.floor((options.now ?? store.now()) / 1000) * 1000;
  const windowStart = anchor - SEED_WINDOW_MS;
  const origin = options.assetOrigin ?? DEFAULT_ASSET_ORIGIN;
  const avatarPath = (fid: number) => avatarUrl(origin, fid);
  const imagePath = (name: string) => imageUrl(origin, name);
  const progress: ProgressFn =
    typeof options.progress === 'function'
      ? options.progress
      : options.progress
        ? stderrProgress()
        : () => {};
  // Each phase draws from its own stream so tuning one phase does not reshuffle the others.
  const rngFor = (phase: number) => new Prng((seed * 1_000_003 + phase * 7919) >>> 0);

  clearAll(store);
  const restore = enterBulkLoadMode(store, size === 'large' ? LARGE_SEED_PAGE_SIZE : undefined);
  const rows = bulkRows(store, options.rowsThread ?? size === 'large');
  const w = new SeedWriter(store, rows, shape.sign, anchor - EVENT_RETENTION_MS);
  const n = shape.users;
  const keys: { priv: Uint8Array; pub: string }[] = [];
  const usernames: string[] = [];
  const registeredAt = new Float64Array(n + 1);
  let chainEventId = 0;
  const insert = w.rows;

  const chainEvent = (type: number, fid: number, at: number, address: string, body: object) => {
    const id = ++chainEventId;
    const h = (k: string) =>
      toHex(new Uint8Array(Buffer.from(`${k}:${seed}:${id}`.padEnd(32, '.').slice(0, 32))));
    insert.onchainEvent(
      id,
      type,
      fid,
      FIRST_BLOCK + id,
      h('block'),
      Math.floor(at / 1000),
      h('tx'),
      address,
      JSON.stringify(body),
    );
    w.event(9, at, { onchainEventId: id });
    return id;
  };

  let pubKeys: PublicKeys | undefined;
  try {
    // ---- users, keys, profiles, verifications -------------------------------------------------
    const rng = rngFor(1);
    const rngKeys = rngFor(6);
    const privateKeys = Array.from({ length: n + 1 }, () => rngKeys.bytes(32));
    pubKeys = new PublicKeys(privateKeys);
    const taken = new Set<string>(SEED_USERS.map((u) => u.username));
    for (let fid = 1; fid <= n; fid++) {
      const fixed = SEED_USERS.find((u) => u.fid === fid);
      const first = rng.pick(W.FIRST_NAMES);
      const last = rng.pick(W.LAST_NAMES);
      let username: string = fixed?.username ?? '';
      if (!fixed) {
        const base = rng.chance(0.5)
          ? `${first}${rng.pick(W.HANDLE_WORDS)}`.toLowerCase()
          : `${rng.pick(W.HANDLE_WORDS)}${last}`.toLowerCase();
        username = base.slice(0, 12);
        while (taken.has(username)) username = `${base.slice(0, 10)}${rng.int(1000)}`.slice(0, 16);
        taken.add(username);
      }
      usernames[fid] = username;
      const displayName = fixed?.displayName ?? `${first} ${last}`;
      const bio = `${rng.pick(W.BIO_PARTS)}, ${rng.pick(W.BIO_PARTS)}. ${rng.pick(W.BIO_TAILS)}`;
      const city = rng.chance(0.4) ? rng.pick(W.CITIES) : null;
      const twitter = rng.chance(0.3) ? username : null;
      const github = rng.chance(0.15) ? username : null;
      const url = rng.chance(0.2) ? `https://${username}.example.com` : null;
      // Drawn for every fid, used or not, so the named users' fixed addresses shift nothing else.
      const drawnCustody = toHex(rng.bytes(20));
      const custody = fixed?.custodyAddress ?? drawnCustody;
      const at = windowStart - rng.int(YEAR_MS) - (fid <= 3 ? YEAR_MS : 0);
      registeredAt[fid] = at;
      const priv = privateKeys[fid]!;
      const pub = toHex(pubKeys.get(fid));
      const key = { priv, pub };
      keys[fid] = key;
      const signerUuid = fixed?.signerUuid ?? rng.uuid();

      insert.user(
        fid,
        username,
        displayName,
        bio,
        avatarPath(fid),
        url,
        custody,
        custody,
        city?.lat ?? null,
        city?.lng ?? null,
        city?.name ?? null,
        twitter,
        github,
        at,
      );
      chainEvent(OnChainEventType.IdRegister, fid, at, custody, {
        to: custody,
        from: '',
        eventType: 1,
        recoveryAddress: custody,
      });
      const rentId = chainEvent(OnChainEventType.StorageRent, fid, at + 1000, custody, {
        payer: custody,
        units: 1,
        expiry: Math.floor((at + YEAR_MS) / 1000),
      });
      insert.storageRent(rentId, fid, 1, custody, at + 1000, anchor + YEAR_MS);
      chainEvent(OnChainEventType.Signer, fid, at + 2000, pub, {
        key: pub,
        keyType: 1,
        eventType: 1,
        metadata: '',
        metadataType: 1,
        appFid: 1,
      });
      insert.activeKey(fid, pub, 1, at + 2000);
      insert.signer(signerUuid, pub, Buffer.from(priv), fid, 1, at + 2000, at + 2000);
      insert.usernameProof(
        username,
        fid,
        custody,
        Math.floor((at + 3000) / 1000),
        Buffer.from(rng.bytes(65)),
      );
      w.event(6, at + 3000, { proofName: username });

      const profile: [number, string][] = [
        [UserDataType.Username, username],
        [UserDataType.Display, displayName],
        [UserDataType.Pfp, avatarPath(fid)],
        [UserDataType.Bio, bio],
      ];
      if (city) profile.push([UserDataType.Location, `geo:${city.lat.toFixed(2)},${city.lng.toFixed(2)}`]);
      if (twitter) profile.push([UserDataType.Twitter, twitter]);
      if (url) profile.push([UserDataType.Url, url]);
      profile.forEach(([type, value], i) => {
        const ts = at + 4000 + i * 1000;
        const hash = w.message(fid, MessageType.UserDataAdd, ts, { userDataBody: { type, value } }, key);
        insert.userData(fid, type, value, hash, ts);
      });

      if (rng.chance(0.6) || fid <= 3) {
        const address = rng.bytes(20);
        const blockHash = rng.bytes(32);
        const ts = at + 20_000;
        const hash = w.message(
          fid,
          MessageType.VerificationAdd,
          ts,
          {
            verificationAddAddressBody: {
              address,
              claimSignature: rng.bytes(65),
              blockHash,
            },
          },
          key,
        );
        insert.verification(fid, toHex(address), 'ethereum', toHex(blockHash), hash, ts);
      }
      if (fid % 500 === 0 || fid === n) progress('users', fid, n);
    }

    // ---- follows: heavy-tailed out-degree, popularity-skewed targets --------------------------
    const rngF = rngFor(2);
    let follows = 0;
    for (let fid = 1; fid <= n; fid++) {
      const want =
        fid <= 3
          ? Math.min(n - 1, 40)
          : Math.min(n - 1, Math.floor(shape.followsPerUser * -Math.log(1 - rngF.float())));
      const targets = new Set<number>();
      if (fid <= 3) for (const u of SEED_USERS) if (u.fid !== fid) targets.add(u.fid);
      for (let tries = 0; targets.size < want && tries < want * 4; tries++) {
        const t = 1 + rngF.skewed(n, 2.5);
        if (t !== fid) targets.add(t);
      }
      for (const target of targets) {
        const ts = registeredAt[fid]! + rngF.int(Math.max(1, anchor - registeredAt[fid]! - 1000));
        const hash = w.message(
          fid,
          MessageType.LinkAdd,
          ts,
          { linkBody: { type: 'follow', targetFid: target } },
          keys[fid]!,
        );
        insert.follow(fid, target, hash, ts);
        follows++;
      }
      if (fid % 500 === 0 || fid === n) progress('follows', fid, n);
    }

    // ---- channels --------------------------------------------------------------------------------
    const rngC = rngFor(3);
    const channelIds: string[] = [];
    for (let i = 0; i < shape.channels; i++) {
      const def = W.CHANNELS[i % W.CHANNELS.length]!;
      const round = Math.floor(i / W.CHANNELS.length);
      const id = round === 0 ? def.id : `${def.id}-${round + 1}`;
      channelIds.push(id);
      const lead = i < 3 ? i + 1 : 1 + rngC.skewed(n, 2);
      const createdAt = windowStart - rngC.int(YEAR_MS / 2);
      insert.channel(
        id,
        `${CHANNEL_URL}${id}`,
        round === 0 ? def.name : `${def.name} ${round + 1}`,
        def.description,
        imagePath(`channel-${id}`),
        lead,
        createdAt,
      );
      const members = new Map<number, string>([[lead, 'owner']]);
      const memberCount = Math.min(n - 1, 5 + rngC.int(Math.min(60, n / 5)));
      while (members.size < memberCount)
        members.set(1 + rngC.skewed(n, 2), members.size < 3 ? 'moderator' : 'member');
      for (const [fid, role] of members)
        insert.channelMember(id, fid, role, createdAt + rngC.int(SEED_WINDOW_MS));
      const followerCount = Math.min(n, Math.floor(n * 0.3 * rngC.float() ** 2) + members.size);
      // Written in the table's key order (by fid within the channel), each row after the last rather
      // than at a random place in the tree; the first follow drawn for a fid is the one kept.
      const followedAt = new Map<number, number>();
      for (const fid of members.keys()) followedAt.set(fid, createdAt);
      for (let k = 0; k < followerCount; k++) {
        const fid = 1 + rngC.skewed(n, 1.5);
        const at = createdAt + rngC.int(SEED_WINDOW_MS);
        if (!followedAt.has(fid)) followedAt.set(fid, at);
      }
      for (const [fid, at] of [...followedAt].sort((x, y) => x[0] - y[0])) insert.channelFollow(id, fid, at);
      // A few pending invites for the named users, so invite flows have data.
      if (i >= 3 && i < 6)
        insert.channelInvite(id, 1 + (i % 3), lead, 'member', anchor - rngC.int(SEED_WINDOW_MS / 4));
    }
    progress('channels', shape.channels, shape.channels);

    // ---- casts: chronological, replies pick recent parents so threads grow deep -------------------
    // Each cast row is written once, with its final counts: its reactions are drawn with it (from
    // their own stream, in the same order a pass after the casts would draw them) and its row waits
    // until no later cast can reply to it. No pass over a million casts recounts them afterwards.
    const rngK = rngFor(4);
    const rngR = rngFor(5);
    const total = shape.casts;
    const replies = new Int32Array(total);
    // The drawn reactions, in order: cast i's are [reactionsOf[i], reactionsOf[i + 1]). Typed
    // arrays, outside the JS heap, grown by doubling: a million reactions hold 13 MB.
    const reactionsOf = new Int32Array(total + 1);
    let planned = 0;
    let reactionFid = new Int32Array(Math.ceil(total * shape.reactionsPerCast * 1.5) + 16);
    let reactionType = new Uint8Array(reactionFid.length);
    let reactionTs = new Float64Array(reactionFid.length);
    const plan = (fid: number, type: number, ts: number) => {
      if (planned === reactionFid.length) {
        const fids = new Int32Array(planned * 2);
        const types = new Uint8Array(planned * 2);
        const times = new Float64Array(planned * 2);
        fids.set(reactionFid);
        types.set(reactionType);
        times.set(reactionTs);
        reactionFid = fids;
        reactionType = types;
        reactionTs = times;
      }
      reactionFid[planned] = fid;
      reactionType[planned] = type;
      reactionTs[planned] = ts;
      planned++;
    };
    // Popular authors draw more reactions, likers skew towards active users.
    const drawReactions = (i: number) => {
      const boost = castFid[i]! <= Math.max(3, n * 0.05) ? 3 : 1;
      const count = Math.min(n - 1, Math.floor(shape.reactionsPerCast * boost * -Math.log(1 - rngR.float())));
      const seen = new Set<number>();
      for (let k = 0; k < count; k++) {
        const fid = 1 + rngR.skewed(n, 1.5);
        const type = rngR.chance(0.8) ? 1 : 2;
        const id = fid * 2 + type;
        if (seen.has(id)) continue;
        seen.add(id);
        const ts = Math.min(anchor - 1000, castTs[i]! + rngR.int(Math.max(1, (anchor - castTs[i]!) * 0.3)));
        plan(fid, type, ts);
      }
      reactionsOf[i + 1] = planned;
    };
    // Cast rows not written yet (the last REPLY_WINDOW), by index modulo the window, without their
    // counts: those are added when the row is written, likes and recasts counted from its plan.
    const held: WithoutCounts<Parameters<typeof insert.cast>>[] = new Array(REPLY_WINDOW + 1);
    const writeCast = (j: number) => {
      const from = reactionsOf[j]!;
      const to = reactionsOf[j + 1]!;
      let likes = 0;
      for (let r = from; r < to; r++) if (reactionType[r] === 1) likes++;
      insert.cast(...held[j % held.length]!, replies[j]!, likes, to - from - likes);
    };
    const castHash: string[] = new Array(total);
    // The same hashes as bytes, for the messages that reference a cast (a million reactions), so
    // none parses hex back.
    const castHashBytes = new Uint8Array(total * 20);
    const hashBytesOf = (i: number) => castHashBytes.subarray(i * 20, i * 20 + 20);
    const castFid = new Int32Array(total);
    const castTs = new Float64Array(total);
    const castRoot = new Int32Array(total);
    const castChannel = new Int16Array(total).fill(-1);
    for (let i = 0; i < total; i++) {
      const fid = 1 + rngK.skewed(n, 2);
      const ts = Math.min(
        anchor - 1000,
        windowStart + Math.floor(((i + rngK.float()) / total) * SEED_WINDOW_MS),
      );
      const r = rngK.float();
      let parent = -1;
      let channel = -1;
      if (r < 0.4 && i > 20) {
        parent = i - 1 - rngK.skewed(Math.min(i, REPLY_WINDOW), 2);
        replies[parent]!++;
        channel = castChannel[parent]!;
      } else if (r < 0.65) {
        channel = rngK.skewed(channelIds.length, 1.5);
      }
      let text =
        parent >= 0
          ? rngK.pick(W.REPLIES)
          : `${rngK.pick(W.OPENERS)} ${rngK.pick(W.TOPICS)} ${rngK.pick(W.CLOSERS)}`.trim();
      const mentions: number[] = [];
      const positions: number[] = [];
      if (rngK.chance(0.12)) {
        // Protocol text omits the "@name"; the position (in bytes) says where it goes.
        const m = 1 + rngK.skewed(n, 2);
        const prefix = rngK.chance(0.5) ? 'cc ' : 'hey ';
        text = `${prefix} ${text}`;
        mentions.push(m);
        positions.push(Buffer.byteLength(prefix));
      }
      const embeds: ({ url: string } | { castId: { fid: number; hash: Uint8Array } })[] = [];
      const embedJson: ({ url: string } | { castId: { fid: number; hash: string } })[] = [];
      const er = rngK.float();
      if (er < 0.08) {
        const url = rngK.pick(W.URL_EMBEDS);
        embeds.push({ url });
        embedJson.push({ url });
      } else if (er < 0.12) {
        const url = imagePath(`photo-${i}`);
        embeds.push({ url });
        embedJson.push({ url });
      } else if (er < 0.16 && i > 0) {
        const q = rngK.int(i);
        embeds.push({ castId: { fid: castFid[q]!, hash: hashBytesOf(q) } });
        embedJson.push({ castId: { fid: castFid[q]!, hash: castHash[q]! } });
      }
      const parentUrl = parent < 0 && channel >= 0 ? `${CHANNEL_URL}${channelIds[channel]}` : undefined;
      const body = {
        text,
        embeds,
        mentions,
        mentionsPositions: positions,
        ...(parent >= 0 ? { parentCastId: { fid: castFid[parent]!, hash: hashBytesOf(parent) } } : {}),
        ...(parentUrl ? { parentUrl } : {}),
      };
      const hash = w.message(fid, MessageType.CastAdd, ts, { castAddBody: body }, keys[fid]!);
      castHash[i] = hash;
      castHashBytes.set(w.lastHash, i * 20);
      castFid[i] = fid;
      castTs[i] = ts;
      castChannel[i] = channel;
      castRoot[i] = parent >= 0 ? castRoot[parent]! : i;
      const root = castRoot[i]!;
      const rootParentUrl =
        castChannel[root]! >= 0 ? `${CHANNEL_URL}${channelIds[castChannel[root]!]}` : null;
      held[i % held.length] = [
        hash,
        fid,
        ts,
        text,
        parent >= 0 ? castHash[parent]! : null,
        parent >= 0 ? castFid[parent]! : null,
        parentUrl ?? null,
        castHash[root]!,
        rootParentUrl,
        channel >= 0 ? channelIds[channel]! : null,
        JSON.stringify(embedJson),
        JSON.stringify(mentions),
        JSON.stringify(positions),
      ];
      for (const m of mentions) insert.castMention(hash, m, ts);
      for (const e of embedJson) if ('castId' in e) insert.castQuote(hash, e.castId.hash, ts);
      drawReactions(i);
      if (i >= REPLY_WINDOW) writeCast(i - REPLY_WINDOW);
      if (i % 1000 === 0 || i === total - 1) progress('casts', i + 1, total);
    }
    for (let j = Math.max(0, total - REPLY_WINDOW); j < total; j++) writeCast(j);

    // ---- reactions: the ones drawn with the casts ------------------------------------------------
    let reactions = 0;
    for (let i = 0; i < total; i++) {
      for (let r = reactionsOf[i]!; r < reactionsOf[i + 1]!; r++) {
        const fid = reactionFid[r]!;
        const type = reactionType[r]!;
        const ts = reactionTs[r]!;
        const hash = w.message(
          fid,
          MessageType.ReactionAdd,
          ts,
          {
            reactionBody: { type, targetCastId: { fid: castFid[i]!, hash: hashBytesOf(i) } },
          },
          keys[fid]!,
        );
        insert.reaction(fid, type, castHash[i]!, castFid[i]!, hash, ts);
        reactions++;
      }
      if (i % 1000 === 0 || i === total - 1) progress('reactions', i + 1, total);
    }
    // A few reactions target URLs rather than casts (channel pages), as hubs allow.
    for (const id of channelIds.slice(0, 5)) {
      const url = `${CHANNEL_URL}${id}`;
      const likers = new Set<number>();
      for (let k = 0; k < 8; k++) likers.add(1 + rngR.skewed(n, 2));
      for (const fid of likers) {
        const ts = anchor - 1000 - rngR.int(SEED_WINDOW_MS);
        const hash = w.message(
          fid,
          MessageType.ReactionAdd,
          ts,
          { reactionBody: { type: 1, targetUrl: url } },
          keys[fid]!,
        );
        insert.reaction(fid, 1, url, null, hash, ts);
        reactions++;
      }
    }
    // The mini apps' tables are written on the store's connection.
    w.handBack();
    const miniappCasts = seedMiniapps({
      store,
      rng: rngFor(7),
      users: n,
      anchor,
      imagePath,
      appUrl: (slug) => catalogAppUrl(origin, slug),
      keys,
      writer: w,
      insert,
    });
    w.finish();
    // One transaction: after the thread's load, each commit on this connection walks its whole page
    // cache, which made the ledger's thousand small writes take ~50 s on a 20k-user shape.
    store.tx(() => seedLedger(store, { rng: rngFor(8), users: n, anchor, origin, usernames }));

    progress('indexes', 0, 1);
    restore.restoreIndexes();
    progress('indexes', 1, 1);
    progress('counters', 0, 1);
    recountCounters(store, Math.max(3, Math.floor(n * 0.05)));
    store.setMeta('seed', String(seed));
    store.setMeta('seed_size', size);
    store.setMeta('seed_anchor', String(anchor));
    store.setMeta('asset_origin', origin);
    analyze(store);
    progress('counters', 1, 1);
    return {
      seed,
      size,
      ms: Math.round(performance.now() - started),
      users: n,
      casts: total + miniappCasts,
      follows,
      reactions,
    };
  } catch (e) {
    w.abort();
    throw e;
  } finally {
    pubKeys?.close();
    restore.restoreIndexes();
    restore.restorePragmas();
  }
}
