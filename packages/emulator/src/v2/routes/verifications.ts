// A fid's verified addresses (ETH and Solana), from its verification messages as they stand.
import type { V2Handlers } from '../../api/dispatch.js';
import { requireUser, userDehydrated } from '../../hydrate/user.js';
import { isoTime } from '../../store/clock.js';
import { verificationsOf } from '../../store/queries/verifications.js';

export const verificationHandlers: V2Handlers = {
  fetchVerifications({ store, params, origin }) {
    requireUser(store, params.fid, 'fid');
    const rows = verificationsOf(store, params.fid);
    const apps = userDehydrated(
      store,
      [...new Set(rows.flatMap((r) => (r.app_fid === null ? [] : [r.app_fid])))],
      origin,
    );
    return {
      verifications: rows.map((r) => {
        const app = r.app_fid === null ? undefined : apps.get(r.app_fid);
        return {
          object: 'verification' as const,
          address: r.address,
          protocol: r.protocol === 'solana' ? ('solana' as const) : ('evm' as const),
          verified_at: isoTime(r.ts),
          ...(app ? { app } : {}),
        };
      }),
    };
  },
};
