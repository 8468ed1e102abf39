// User lookups and profile reads: bulk, by address, by name, search, location, power users.
import type { User } from '@castkit/sdk';
import type { V2Handlers } from '../../api/dispatch.js';
import { NotFoundError, ValidationError } from '../../protocol/errors.js';
import { fidByCustody } from '../../store/accounts.js';
import { decodeCursor, pageOf } from '../cursor.js';
import { hydrateUser, hydrateUserList, hydrateUsers } from '../hydrate/user.js';
import { capped, EVM_ADDRESS, likeEscape, SOL_ADDRESS, viewOf } from './social-common.js';

type Ranked = { fid: number; follower_count: number };

export const userHandlers: V2Handlers = {
  fetchBulkUsers(call) {
    // Bulk reads skip fids that do not exist (the spec has no 404 here); order follows the request.
    const fids = capped(call.params.fids, 'fids');
    return { users: hydrateUserList(call.store, fids, viewOf(call)) };
  },

  fetchBulkUsersByEthOrSolAddress(call) {
    const { store } = call;
    const addresses = capped(call.params.addresses, 'addresses', 350).map((a) => {
      if (EVM_ADDRESS.test(a)) return a.toLowerCase();
      if (SOL_ADDRESS.test(a)) return a;
      throw new ValidationError(
        `addresses has "${a}", which is neither an eth nor a solana address`,
        'addresses',
      );
    });
    const types = call.params.address_types ?? ['custody_address', 'verified_address'];
    const json = JSON.stringify(addresses);
    const pairs: { address: string; fid: number }[] = [];
    if (types.includes('custody_address')) {
      pairs.push(
        ...(store
          .stmt(
            `SELECT custody_address AS address, fid FROM users
             WHERE custody_address IN (SELECT value FROM json_each(?)) ORDER BY fid`,
          )
          .all(json) as typeof pairs),
      );
    }
    if (types.includes('verified_address')) {
      pairs.push(
        ...(store
          .stmt(
            `SELECT address, fid FROM verifications WHERE address IN (SELECT value FROM json_each(?)) ORDER BY fid`,
          )
          .all(json) as typeof pairs),
      );
    }
    if (!pairs.length) throw new NotFoundError('no users found for the given addresses', 'addresses');
    const users = hydrateUsers(
      store,
      pairs.map((p) => p.fid),
      viewOf(call),
    );
    const out: Record<string, User[]> = {};
    for (const { address, fid } of pairs) {
      const list = out[address] ?? [];
      out[address] = list;
      const user = users.get(fid);
      if (user && !list.some((u) => u.fid === fid)) list.push(user);
    }
    return out;
  },

  lookupUserByUsername(call) {
    const username = call.params.username.replace(/^@/, '').toLowerCase();
    const fid = call.store.stmt('SELECT fid FROM users WHERE username = ?').pluck().get(username) as
      | number
      | undefined;
    if (fid === undefined) throw new NotFoundError(`user with username ${username} not found`, 'username');
    return { user: hydrateUser(call.store, fid, viewOf(call)) };
  },

  lookupUsersByXUsername(call) {
    const handle = call.params.x_username.replace(/^@/, '');
    const fids = call.store
      .stmt('SELECT fid FROM users WHERE twitter = ? COLLATE NOCASE ORDER BY fid')
      .pluck()
      .all(handle) as number[];
    if (!fids.length) throw new NotFoundError(`no user has verified the X account ${handle}`, 'x_username');
    return { users: hydrateUserList(call.store, fids, viewOf(call)) };
  },

  lookupUserByCustodyAddress(call) {
    const address = call.params.custody_address;
    if (!EVM_ADDRESS.test(address)) {
      throw new ValidationError(
        'custody_address must be a 0x-prefixed eth address',
        'custody_address',
        'InvalidField',
      );
    }
    const fid = fidByCustody(call.store, address);
    if (fid === undefined)
      throw new NotFoundError(`no user has custody address ${address}`, 'custody_address');
    return { user: hydrateUser(call.store, fid, { origin: call.origin }) };
  },

  searchUser(call) {
    const { store, params } = call;
    const q = params.q.trim().replace(/^@/, '');
    if (!q) throw new ValidationError('q must not be blank', 'q', 'InvalidField');
    const { limit } = params;
    const after = decodeCursor(params.cursor, 2) ?? [Number.MAX_SAFE_INTEGER, 0];
    const prefix = `${likeEscape(q)}%`;
    // Prefix of the username, of the display name or of any word in it; an exact fid also matches.
    const rows = store
      .stmt(
        `SELECT fid, follower_count FROM users
         WHERE (username LIKE :prefix ESCAPE '\\' OR display_name LIKE :prefix ESCAPE '\\'
                OR display_name LIKE '% ' || :prefix ESCAPE '\\' OR fid = :fid)
           AND (follower_count < :count OR (follower_count = :count AND fid > :after))
         ORDER BY follower_count DESC, fid ASC LIMIT :take`,
      )
      .all({
        prefix,
        fid: /^\d+$/.test(q) ? Number(q) : -1,
        count: after[0],
        after: after[1],
        take: limit + 1,
      }) as Ranked[];
    const page = pageOf(rows, limit, (r) => [r.follower_count, r.fid]);
    return {
      result: {
        users: hydrateUserList(
          store,
          page.items.map((r) => r.fid),
          viewOf(call),
        ),
        next: page.next,
      },
    };
  },

  fetchUsersByLocation(call) {
    const { store, params } = call;
    const { latitude: lat, longitude: lng, limit } = params;
    if (lat < -90 || lat > 90) throw new ValidationError('latitude must be between -90 and 90', 'latitude');
    if (lng < -180 || lng > 180)
      throw new ValidationError('longitude must be between -180 and 180', 'longitude');
    const after = decodeCursor(params.cursor, 2) ?? [-1, 0];
    // Nearest first by an equirectangular distance (squared degrees): cheap in SQL and good enough
    // to rank cities; the cursor carries the last (distance, fid).
    const rows = store
      .stmt(
        `SELECT fid, d FROM (
           SELECT fid, (location_lat - :lat) * (location_lat - :lat)
                     + ((location_lng - :lng) * :k) * ((location_lng - :lng) * :k) AS d
           FROM users WHERE location_lat IS NOT NULL)
         WHERE d > :d OR (d = :d AND fid > :after)
         ORDER BY d, fid LIMIT :take`,
      )
      .all({
        lat,
        lng,
        k: Math.cos((lat * Math.PI) / 180),
        d: after[0],
        after: after[1],
        take: limit + 1,
      }) as {
      fid: number;
      d: number;
    }[];
    const page = pageOf(rows, limit, (r) => [r.d, r.fid]);
    return {
      users: hydrateUserList(
        store,
        page.items.map((r) => r.fid),
        viewOf(call),
      ),
      next: page.next,
    };
  },

  fetchPowerUsers(call) {
    const { store, params } = call;
    const { limit } = params;
    const after = decodeCursor(params.cursor, 2) ?? [Number.MAX_SAFE_INTEGER, 0];
    const rows = store
      .stmt(
        `SELECT fid, follower_count FROM users
         WHERE power_badge = 1 AND (follower_count < ? OR (follower_count = ? AND fid > ?))
         ORDER BY follower_count DESC, fid ASC LIMIT ?`,
      )
      .all(after[0], after[0], after[1], limit + 1) as Ranked[];
    const page = pageOf(rows, limit, (r) => [r.follower_count, r.fid]);
    return {
      users: hydrateUserList(
        store,
        page.items.map((r) => r.fid),
        viewOf(call),
      ),
      next: page.next,
    };
  },

  fetchPowerUsersLite(call) {
    const fids = call.store
      .stmt('SELECT fid FROM users WHERE power_badge = 1 ORDER BY fid')
      .pluck()
      .all() as number[];
    return { result: { fids } };
  },
};
