// A fid's verified addresses as the verification messages left them (the verifications table is
// their current state), oldest first.
import { rows } from '../statements.js';
import type { Store } from '../store.js';

export interface VerificationRow {
  address: string;
  protocol: 'ethereum' | 'solana';
  ts: number;
  /** The app fid of the signer that signed the message, when the emulator knows it. */
  app_fid: number | null;
}

const VERIFICATIONS_OF = rows<[fid: number], VerificationRow>(
  `SELECT v.address, v.protocol, v.ts, s.app_fid FROM verifications v
     LEFT JOIN messages m ON m.hash = unhex(substr(v.hash, 3))
     LEFT JOIN message_signers ms ON ms.id = m.signer_id
     LEFT JOIN signers s ON s.public_key = ms.public_key AND s.app_fid > 0
     WHERE v.fid = ? ORDER BY v.ts, v.address`,
);

export function verificationsOf(store: Store, fid: number): VerificationRow[] {
  return VERIFICATIONS_OF.all(store, fid);
}
