// User lookups and profile reads: bulk, by address, by name, search, location, power users.
import type { V2Handlers } from '../../api/dispatch.js';
import { NotFoundError, ValidationError } from '../../ground/errors.js';
import { hydrateUser, hydrateUserList, hydrateUsers, type UserOfBoth } from '../../hydrate/user.js';
import {
  type AddressFid,
  custodyAddressFids,
  fidByCustody,
  fidByUsername,
  fidsByTwitter,
  powerUserFids,
  powerUsersPage,
  userSearchPage,
  usersNearPage,
  verifiedAddressFids,
} from '../../store/queries/users.js';
import { nextCursor, pageWindow } from '../cursor.js';
import { capped, EVM_ADDRESS, likeEscape, SOL_ADDRESS, viewOf } from './social-common.js';

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
    const pairs: AddressFid[] = [];
    if (types.includes('custody_address')) pairs.push(...custodyAddressFids(store, addresses));
    if (types.includes('verified_address')) pairs.push(...verifiedAddressFids(store, addresses));
    if (!pairs.length) throw new NotFoundError('no users found for the given addresses', 'addresses');
    const users = hydrateUsers(
      store,
      pairs.map((p) => p.fid),
      viewOf(call),
    );
    const out: Record<string, UserOfBoth[]> = {};
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
    const fid = fidByUsername(call.store, username);
    if (fid === undefined) throw new NotFoundError(`user with username ${username} not found`, 'username');
    return { user: hydrateUser(call.store, fid, viewOf(call)) };
  },

  lookupUsersByXUsername(call) {
    const handle = call.params.x_username.replace(/^@/, '');
    const fids = fidsByTwitter(call.store, handle);
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
    const page = userSearchPage(
      store,
      { prefix: `${likeEscape(q)}%`, fid: /^\d+$/.test(q) ? Number(q) : undefined },
      pageWindow(params, 2),
    );
    return {
      result: {
        // A SearchedUser also carries ProfileUrl's `pfp`, as the API sends it.
        users: hydrateUserList(
          store,
          page.rows.map((r) => r.fid),
          viewOf(call),
        ).map((u) => ({ ...u, pfp: { url: u.pfp_url ?? '' } })),
        next: nextCursor(page.next),
      },
    };
  },

  fetchUsersByLocation(call) {
    const { store, params } = call;
    const { latitude: lat, longitude: lng } = params;
    if (lat < -90 || lat > 90) throw new ValidationError('latitude must be between -90 and 90', 'latitude');
    if (lng < -180 || lng > 180)
      throw new ValidationError('longitude must be between -180 and 180', 'longitude');
    // The cursor carries the last (distance, fid).
    const page = usersNearPage(store, { lat, lng }, pageWindow(params, 2));
    return {
      users: hydrateUserList(
        store,
        page.rows.map((r) => r.fid),
        viewOf(call),
      ),
      next: nextCursor(page.next),
    };
  },

  fetchPowerUsers(call) {
    const { store, params } = call;
    const page = powerUsersPage(store, pageWindow(params, 2));
    return {
      users: hydrateUserList(
        store,
        page.rows.map((r) => r.fid),
        viewOf(call),
      ),
      next: nextCursor(page.next),
    };
  },

  fetchPowerUsersLite(call) {
    return { result: { fids: powerUserFids(call.store) } };
  },
};
