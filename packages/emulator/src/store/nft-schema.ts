// Migration 15 (with the server wallets): ERC-721 collections deployed on the local ledger, their
// minted tokens and uploaded token metadata, and the fungible trades the ledger records (what
// fetch-fungible-trades lists and fetch-trending-fungibles ranks). Amounts are base units as decimal
// TEXT, exact, like ledger_balances.
export const nftSchema = `
CREATE TABLE nft_collections (
  network TEXT NOT NULL,
  address TEXT NOT NULL,
  name TEXT NOT NULL,
  symbol TEXT NOT NULL,
  owner TEXT NOT NULL,
  wallet_id TEXT NOT NULL,
  description TEXT,
  image TEXT,
  external_link TEXT,
  max_supply INTEGER NOT NULL,
  price_per_token TEXT NOT NULL,
  max_per_tx INTEGER NOT NULL,
  max_per_wallet INTEGER NOT NULL,
  start_timestamp INTEGER,
  end_timestamp INTEGER,
  royalty_bps INTEGER NOT NULL,
  royalty_recipient TEXT,
  tx_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (network, address)
) WITHOUT ROWID;

CREATE TABLE nft_tokens (
  network TEXT NOT NULL,
  contract TEXT NOT NULL,
  token_id INTEGER NOT NULL,
  owner TEXT NOT NULL,
  tx_hash TEXT NOT NULL,
  minted_at INTEGER NOT NULL,
  PRIMARY KEY (network, contract, token_id)
) WITHOUT ROWID;
CREATE INDEX nft_tokens_owner ON nft_tokens (network, contract, owner);

CREATE TABLE nft_token_metadata (
  network TEXT NOT NULL,
  contract TEXT NOT NULL,
  token_id TEXT NOT NULL,
  metadata TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (network, contract, token_id)
) WITHOUT ROWID;

CREATE TABLE ledger_trades (
  id INTEGER PRIMARY KEY,
  network TEXT NOT NULL,
  token TEXT NOT NULL,
  tx_hash TEXT NOT NULL,
  trader TEXT NOT NULL,
  pool TEXT NOT NULL,
  side TEXT NOT NULL CHECK (side IN ('buy', 'sell')),
  token_amount TEXT NOT NULL,
  usdc_amount TEXT NOT NULL,
  ts INTEGER NOT NULL
);
CREATE INDEX ledger_trades_token ON ledger_trades (network, token, ts);
CREATE INDEX ledger_trades_ts ON ledger_trades (network, ts);
`;
