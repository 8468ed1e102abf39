// What `castkit import` keeps beside the data it writes: which fids it brought in (and the managed
// signer each got), and each imported cast's hash on the live network, since the cast was signed
// again here by a key the emulator holds and so carries a local hash.
export const importSchema = `
CREATE TABLE imported_users (
  fid INTEGER PRIMARY KEY REFERENCES users (fid),
  signer_uuid TEXT NOT NULL,
  imported_at INTEGER NOT NULL
);

CREATE TABLE cast_aliases (
  real_hash TEXT PRIMARY KEY,
  local_hash TEXT NOT NULL,
  fid INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX cast_aliases_local ON cast_aliases (local_hash);
CREATE INDEX cast_aliases_fid ON cast_aliases (fid, real_hash);
`;
