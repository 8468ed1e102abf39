// Hub user reads: profile data, fids, storage limits, username proofs, verifications.
import type { HubHandlers } from '../api/dispatch.js';
import { NotFoundError, ValidationError } from '../protocol/errors.js';
import type { Store } from '../store/store.js';
import { fidParam, messagesPage, mustUser, nonNegative, spelling } from './common.js';
import { keysetPage, pageRequest } from './paging.js';
import { renderProof, renderStored } from './render.js';

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
  ...Object.fromEntries(['1', '2', '3', '5', '6', '7', '8', '9', '10'].map((n) => [n, Number(n)])),
};

// Per storage unit, as the protocol's legacy unit defines them.
const LIMITS_PER_UNIT: [string, number, string][] = [
  ['STORE_TYPE_CASTS', 5000, 'CASTS'],
  ['STORE_TYPE_LINKS', 2500, 'LINKS'],
  ['STORE_TYPE_REACTIONS', 2500, 'REACTIONS'],
  ['STORE_TYPE_USER_DATA', 50, 'USER_DATA'],
  ['STORE_TYPE_VERIFICATIONS', 25, 'VERIFICATIONS'],
  ['STORE_TYPE_USERNAME_PROOFS', 5, 'USERNAME_PROOFS'],
];

type ProofRow = Parameters<typeof renderProof>[0];
const count = (store: Store, sql: string, fid: number) => Number(store.stmt(sql).pluck().get(fid));

export const userHandlers: HubHandlers = {
  fetchUserData({ store, params }) {
    const fid = fidParam(params);
    // With a type a hub answers that one message; without, every field as a page.
    const type = spelling(params, 'user_data_type', USER_DATA_TYPE);
    if (type !== undefined) {
      const hash = store
        .stmt('SELECT hash FROM user_data WHERE fid = ? AND type = ?')
        .pluck()
        .get(fid, type) as string | undefined;
      if (!hash) throw new NotFoundError(`fid ${fid} has no user data of that type`, 'user_data_type');
      return renderStored(store, hash);
    }
    const { rows, nextPageToken } = keysetPage<{ hash: string }>(
      store,
      { sql: 'SELECT hash, type FROM user_data WHERE fid = ?', params: [fid], keys: ['type'] },
      pageRequest(params),
    );
    return messagesPage(
      store,
      rows.map((r) => r.hash),
      nextPageToken,
    );
  },

  fetchFids({ store, params }) {
    // The emulator runs one data shard (1); shard 0 is the metadata shard and holds no fids.
    const shard = nonNegative(params, 'shard_id')!;
    if (shard > 1)
      throw new ValidationError(`shard_id ${shard} does not exist; shards are 0 and 1`, 'shard_id');
    const { rows, nextPageToken } = keysetPage<{ fid: number }>(
      store,
      { sql: `SELECT fid FROM users WHERE ${shard === 1 ? '1' : '0'}`, params: [], keys: ['fid'] },
      pageRequest(params),
    );
    return { fids: rows.map((r) => r.fid), nextPageToken };
  },

  lookupUserStorageLimit({ store, params }) {
    const fid = fidParam(params);
    mustUser(store, fid);
    const units = Number(
      store
        .stmt('SELECT COALESCE(SUM(units), 0) FROM storage_rent WHERE fid = ? AND expires_at > ?')
        .pluck()
        .get(fid, store.now()),
    );
    const used: Record<string, number> = {
      CASTS: count(store, 'SELECT COUNT(*) FROM casts WHERE fid = ? AND deleted = 0', fid),
      LINKS: count(store, 'SELECT COUNT(*) FROM links WHERE fid = ?', fid),
      REACTIONS: count(store, 'SELECT COUNT(*) FROM reactions WHERE fid = ?', fid),
      USER_DATA: count(store, 'SELECT COUNT(*) FROM user_data WHERE fid = ?', fid),
      VERIFICATIONS: count(store, 'SELECT COUNT(*) FROM verifications WHERE fid = ?', fid),
      USERNAME_PROOFS: count(store, 'SELECT COUNT(*) FROM username_proofs WHERE fid = ?', fid),
    };
    return {
      limits: LIMITS_PER_UNIT.map(([storeType, perUnit, name]) => ({
        storeType,
        name,
        limit: perUnit * units,
        used: used[name] ?? 0,
      })),
      units,
    };
  },

  fetchUsernameProofsByFid({ store, params }) {
    const proofs = store
      .stmt('SELECT * FROM username_proofs WHERE fid = ? ORDER BY name')
      .all(fidParam(params)) as ProofRow[];
    return { proofs: proofs.map(renderProof) };
  },

  fetchUsernameProofByName({ store, params }) {
    const name = params.name as string;
    const proof = store.stmt('SELECT * FROM username_proofs WHERE name = ?').get(name) as
      | ProofRow
      | undefined;
    if (!proof) throw new NotFoundError(`no proof for name ${name}`, 'name');
    return renderProof(proof);
  },

  fetchVerificationsByFid({ store, params }) {
    const fid = fidParam(params);
    const address = (params.address as string | undefined)?.toLowerCase();
    const { rows, nextPageToken } = keysetPage<{ hash: string }>(
      store,
      {
        sql: `SELECT hash, ts, address FROM verifications WHERE fid = ?${address ? ' AND lower(address) = ?' : ''}`,
        params: address ? [fid, address] : [fid],
        keys: ['ts', 'address'],
      },
      pageRequest(params),
    );
    return messagesPage(
      store,
      rows.map((r) => r.hash),
      nextPageToken,
    );
  },
};
