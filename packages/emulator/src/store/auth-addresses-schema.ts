// Developer-managed auth addresses (migration 14): an Ethereum address an app asked, by a signed key
// request from its custody address, to become an auth address of the user who approves it.
// `fid` is the approving user's, NULL while pending. Times are unix ms from store.now().
export const authAddressesSchema = `
CREATE TABLE auth_addresses (
  address TEXT PRIMARY KEY,
  app_fid INTEGER NOT NULL,
  fid INTEGER,
  status TEXT NOT NULL CHECK (status IN ('pending_approval', 'approved', 'revoked')),
  deadline INTEGER NOT NULL,
  redirect_url TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX auth_addresses_fid ON auth_addresses (fid, status);
`;
