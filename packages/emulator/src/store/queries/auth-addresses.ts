// Developer-managed auth addresses: the rows domain/auth-addresses.ts writes and the lookups read.
import { rows, write } from '../statements.js';
import type { Store } from '../store.js';

export interface AuthAddressRow {
  address: string;
  app_fid: number;
  fid: number | null;
  status: 'pending_approval' | 'approved' | 'revoked';
  deadline: number;
  redirect_url: string | null;
  created_at: number;
  updated_at: number;
}

const AUTH_ADDRESS = rows<[address: string], AuthAddressRow>(
  'SELECT * FROM auth_addresses WHERE address = ?',
);

export function authAddress(store: Store, address: string): AuthAddressRow | undefined {
  return AUTH_ADDRESS.get(store, address);
}

const UPSERT_AUTH_ADDRESS = write<[AuthAddressRow]>(
  `INSERT INTO auth_addresses (address, app_fid, fid, status, deadline, redirect_url, created_at, updated_at)
   VALUES (@address, @app_fid, @fid, @status, @deadline, @redirect_url, @created_at, @updated_at)
   ON CONFLICT (address) DO UPDATE SET app_fid = excluded.app_fid, fid = excluded.fid,
     status = excluded.status, deadline = excluded.deadline, redirect_url = excluded.redirect_url,
     updated_at = excluded.updated_at`,
);

export function upsertAuthAddress(store: Store, row: AuthAddressRow): void {
  UPSERT_AUTH_ADDRESS.run(store, row);
}
