// What an import keeps beside the data (store/import-schema.ts): imported fids with their signer,
// live cast hashes and the local hashes they stand for, and the channel rows an import writes.
import { column, write } from '../statements.js';
import type { Store } from '../store.js';
import { liveCastAuthor } from './casts.js';

const SIGNER_OF_IMPORTED = column<[fid: number], string>(
  'SELECT signer_uuid FROM imported_users WHERE fid = ?',
);

/** The managed signer an import gave `fid`, when `fid` was imported. */
export function importedSignerOf(store: Store, fid: number): string | undefined {
  return SIGNER_OF_IMPORTED.get(store, fid);
}

const INSERT_IMPORTED = write<[fid: number, signerUuid: string, at: number]>(
  'INSERT INTO imported_users (fid, signer_uuid, imported_at) VALUES (?, ?, ?)',
);

export function insertImportedUser(store: Store, fid: number, signerUuid: string, at: number): void {
  INSERT_IMPORTED.run(store, fid, signerUuid, at);
}

const LOCAL_HASH = column<[realHash: string], string>(
  'SELECT local_hash FROM cast_aliases WHERE real_hash = ?',
);

/** The local hash of the cast imported under `realHash` (lower-case 0x-hex). */
export function localHashOf(store: Store, realHash: string): string | undefined {
  return LOCAL_HASH.get(store, realHash);
}

/**
 * The hash a cast is stored under: its own, or for the live-network hash of an imported cast the
 * local one it was signed again under. Every input that names a cast by hash (v2 and hub, reads and
 * writes, the import itself) resolves it here; a hash neither names comes back as it is.
 */
export function localHashFor(store: Store, hash: string): string {
  return liveCastAuthor(store, hash) !== undefined ? hash : (localHashOf(store, hash) ?? hash);
}

const LOCAL_HASH_BY_PREFIX = column<[fid: number, length: number, prefix: string], string>(
  `SELECT local_hash FROM cast_aliases WHERE fid = ? AND substr(real_hash, 1, ?) = ?
   ORDER BY real_hash LIMIT 1`,
);

/** The local hash of a cast by `fid` imported under a live hash starting with `prefix`. */
export function localHashByPrefix(store: Store, fid: number, prefix: string): string | undefined {
  return LOCAL_HASH_BY_PREFIX.get(store, fid, prefix.length, prefix);
}

const INSERT_ALIAS = write<[realHash: string, localHash: string, fid: number]>(
  'INSERT INTO cast_aliases (real_hash, local_hash, fid) VALUES (?, ?, ?)',
);

export function insertCastAlias(store: Store, realHash: string, localHash: string, fid: number): void {
  INSERT_ALIAS.run(store, realHash, localHash, fid);
}

const INSERT_CHANNEL = write<
  [
    id: string,
    url: string,
    name: string,
    description: string,
    imageUrl: string | null,
    leadFid: number | null,
    createdAt: number,
  ]
>(
  `INSERT OR IGNORE INTO channels (id, url, name, description, image_url, lead_fid, created_at)
   VALUES (?, ?, ?, ?, ?, ?, ?)`,
);

/** A channel as the live network has it; true when it is new here. */
export function insertChannelIfNew(
  store: Store,
  c: {
    id: string;
    url: string;
    name: string;
    description: string;
    imageUrl: string | null;
    leadFid: number | null;
    createdAt: number;
  },
): boolean {
  return (
    INSERT_CHANNEL.run(store, c.id, c.url, c.name, c.description, c.imageUrl, c.leadFid, c.createdAt)
      .changes > 0
  );
}
