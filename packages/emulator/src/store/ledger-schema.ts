// Migration 10: STP subscriptions (creators' contracts and who subscribed) and the simulated on-chain
// ledger (tokens, balances, transactions). Nothing here mirrors a real chain: the emulator is the
// only network these rows describe.
export const ledgerSchema = `
CREATE TABLE stp_subscriptions (
  contract_address TEXT NOT NULL,
  chain INTEGER NOT NULL,
  owner_fid INTEGER NOT NULL REFERENCES users (fid),
  owner_address TEXT NOT NULL,
  title TEXT NOT NULL,
  symbol TEXT NOT NULL,
  art_url TEXT NOT NULL,
  period_seconds INTEGER NOT NULL,
  tokens_per_period TEXT NOT NULL,
  initial_mint_price TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (contract_address, chain)
) WITHOUT ROWID;
CREATE INDEX stp_subscriptions_owner ON stp_subscriptions (owner_fid, created_at);

CREATE TABLE stp_subscribers (
  contract_address TEXT NOT NULL,
  chain INTEGER NOT NULL,
  address TEXT NOT NULL,
  fid INTEGER NOT NULL REFERENCES users (fid),
  tier_id INTEGER NOT NULL,
  subscribed_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (contract_address, chain, address),
  FOREIGN KEY (contract_address, chain) REFERENCES stp_subscriptions (contract_address, chain)
) WITHOUT ROWID;
CREATE INDEX stp_subscribers_fid ON stp_subscribers (fid, subscribed_at);

CREATE TABLE ledger_tokens (
  network TEXT NOT NULL,
  address TEXT NOT NULL,
  name TEXT NOT NULL,
  symbol TEXT NOT NULL,
  decimals INTEGER NOT NULL,
  owner TEXT NOT NULL,
  media TEXT,
  metadata TEXT NOT NULL,
  factory TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (network, address)
) WITHOUT ROWID;

-- amount: base units (token units times 10^decimals) as a decimal string, exact beyond 2^53.
CREATE TABLE ledger_balances (
  network TEXT NOT NULL,
  token TEXT NOT NULL,
  holder TEXT NOT NULL,
  amount TEXT NOT NULL,
  PRIMARY KEY (network, token, holder)
) WITHOUT ROWID;
CREATE INDEX ledger_balances_holder ON ledger_balances (holder, network);

CREATE TABLE ledger_transactions (
  hash TEXT PRIMARY KEY,
  network TEXT NOT NULL,
  kind TEXT NOT NULL,
  sender TEXT NOT NULL,
  body TEXT NOT NULL,
  ts INTEGER NOT NULL
) WITHOUT ROWID;
`;
