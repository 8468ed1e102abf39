// Hub user reads: profile data, fids, storage limits, username proofs, verifications.
import type { Hub } from '@castkit/sdk/2.x';
import type { HubHandlers } from '../api/dispatch.js';
import { activeUnits, type StorageKind, storageUsed, UNIT_CAPACITY } from '../domain/accounts.js';
import { NotFoundError, ValidationError } from '../ground/errors.js';
import { proExpiry } from '../hydrate/pro.js';
import { usernameProofByName, usernameProofsByFid } from '../store/queries/onchain.js';
import { userProfileRows } from '../store/queries/user-hydration.js';
import {
  fidsPage,
  userDataByKey,
  userDataHashesPage,
  verificationHashesPage,
} from '../store/queries/users.js';
import { mustUser, nonNegative, pagedMessages, spelling } from './common.js';
import { hubPage, pageRequest } from './paging.js';
import { renderProof, renderStoredAs } from './render.js';

const USER_DATA_TYPE: Record<string, number> = {
  USER_DATA_TYPE_PFP: 1,
  USER_DATA_TYPE_DISPLAY: 2,
  USER_DATA_TYPE_BIO: 3,
  USER_DATA_TYPE_URL: 5,
  USER_DATA_TYPE_USERNAME: 6,
  USER_DATA_TYPE_LOCATION: 7,
  USER_DATA_TYPE_TWITTER: 8,
  USER_DATA_TYPE_GITHUB: 9,
  USER_DATA_TYPE_BANNER: 10,
  USER_DATA_PRIMARY_ADDRESS_ETHEREUM: 11,
  USER_DATA_PRIMARY_ADDRESS_SOLANA: 12,
  ...Object.fromEntries(
    ['1', '2', '3', '5', '6', '7', '8', '9', '10', '11', '12'].map((n) => [n, Number(n)]),
  ),
};

const STORE_TYPES: Record<StorageKind, Hub.StoreType> = {
  casts: 'STORE_TYPE_CASTS',
  links: 'STORE_TYPE_LINKS',
  reactions: 'STORE_TYPE_REACTIONS',
  user_data: 'STORE_TYPE_USER_DATA',
  verifications: 'STORE_TYPE_VERIFICATIONS',
  username_proofs: 'STORE_TYPE_USERNAME_PROOFS',
};

export const userHandlers: HubHandlers = {
  fetchUserData({ store, params }) {
    const { fid } = params;
    // With a type a hub answers that one message; without, every field as a page.
    const type = spelling(params.user_data_type, 'user_data_type', USER_DATA_TYPE);
    if (type !== undefined) {
      const data = userDataByKey(store, fid, type);
      if (!data) throw new NotFoundError(`fid ${fid} has no user data of that type`, 'user_data_type');
      return renderStoredAs(store, data.hash, 'userDataBody');
    }
    return pagedMessages(
      store,
      (w) => userDataHashesPage(store, fid, w),
      pageRequest(params),
      'userDataBody',
    );
  },

  fetchFids({ store, params }) {
    // The emulator runs one data shard (1); shard 0 is the metadata shard and holds no fids.
    const shard = nonNegative(params.shard_id, 'shard_id');
    if (shard > 1)
      throw new ValidationError(`shard_id ${shard} does not exist; shards are 0 and 1`, 'shard_id');
    const { rows, nextPageToken } = hubPage(
      (w) => (shard === 1 ? fidsPage(store, w) : { rows: [], next: null }),
      pageRequest(params),
    );
    return { fids: rows.map((r) => r.fid), nextPageToken };
  },

  lookupUserStorageLimit({ store, params }) {
    const { fid } = params;
    mustUser(store, fid);
    const units = activeUnits(store, fid);
    const used = storageUsed(store, fid);
    const [user] = userProfileRows(store, [fid]).users;
    return {
      limits: (Object.keys(UNIT_CAPACITY) as StorageKind[]).map((kind) => ({
        storeType: STORE_TYPES[kind],
        name: kind.toUpperCase(),
        limit: UNIT_CAPACITY[kind] * units,
        used: used[kind],
      })),
      units,
      // The emulator's units are the pre-2024 size (UNIT_CAPACITY: 5000 casts each).
      unitDetails: { unitType: 'UnitTypeLegacy', unitSize: units },
      tier_subscriptions: user?.power_badge
        ? [{ tier_type: 'Pro', expires_at: Math.floor(proExpiry(user.registered_at, store.now()) / 1000) }]
        : [],
    };
  },

  fetchUsernameProofsByFid({ store, params }) {
    return { proofs: usernameProofsByFid(store, params.fid).map(renderProof) };
  },

  fetchUsernameProofByName({ store, params }) {
    const { name } = params;
    const proof = usernameProofByName(store, name);
    if (!proof) throw new NotFoundError(`no proof for name ${name}`, 'name');
    return renderProof(proof);
  },

  fetchVerificationsByFid({ store, params }) {
    const { fid } = params;
    const address = params.address?.toLowerCase();
    return pagedMessages(
      store,
      (w) => verificationHashesPage(store, fid, address, w),
      pageRequest(params),
      'verificationAddEthAddressBody',
    );
  },
};
