// Migration 15: the server wallets the emulator knows (x-wallet-id). A wallet's balances are the
// ledger's (ledger_balances, held by its address); its key is derived from its id (domain/wallets.ts),
// so only the id and the address it gives are rows here.
export const walletsSchema = `
CREATE TABLE server_wallets (
  wallet_id TEXT PRIMARY KEY,
  address TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL
) WITHOUT ROWID;
`;
