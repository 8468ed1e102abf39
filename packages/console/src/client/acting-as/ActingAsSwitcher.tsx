// The "Acting as" switcher: the first seeded users in a list, and a field for anyone else by fid,
// @username or (for a user registered through the API) the signer uuid it was given.
import { fetchBulkUsers } from '@castkit/sdk/2.x';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { queryKeys } from '../../data/query-keys';
import { useSdk } from '../../data/use-sdk';
import { resolveFid } from '../resolve-fid';
import { useActingAs } from './acting-as';
import { approvedFidOf } from './signer-for-fid';

const LISTED_FIDS = Array.from({ length: 12 }, (_, i) => i + 1);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function ActingAsSwitcher() {
  const sdk = useSdk();
  const me = useActingAs();
  const fids = LISTED_FIDS.includes(me.fid) ? LISTED_FIDS : [...LISTED_FIDS, me.fid];
  const users = useQuery({
    queryKey: queryKeys.users.byFids(fids),
    queryFn: () => sdk!.v2.call(fetchBulkUsers, { fids }),
    enabled: !!sdk,
    staleTime: 60_000,
  });
  const [other, setOther] = useState('');
  const [problem, setProblem] = useState<string>();

  async function submitOther(e: FormEvent) {
    e.preventDefault();
    if (!sdk) return;
    setProblem(undefined);
    const value = other.trim();
    try {
      if (UUID.test(value)) {
        const fid = await approvedFidOf(sdk.v2, value);
        if (fid === undefined) throw new Error('That signer is unknown or not approved');
        me.actAs(fid, value);
      } else {
        me.actAs(await resolveFid(sdk.v2, value));
      }
      setOther('');
    } catch (error) {
      setProblem((error as Error).message);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label className="flex items-center gap-2">
        <span className="font-medium text-slate-700">Acting as</span>
        <select
          value={me.fid}
          onChange={(e) => me.actAs(Number(e.target.value))}
          className="rounded border border-slate-300 px-2 py-1"
        >
          {fids.map((fid) => {
            const u = users.data?.users.find((x) => x.fid === fid);
            return (
              <option key={fid} value={fid}>
                {u ? `@${u.username} (fid ${fid})` : `fid ${fid}`}
              </option>
            );
          })}
        </select>
      </label>
      <span data-testid="signer-status" className="text-xs text-slate-600">
        {me.signerStatus === 'ready'
          ? 'signer approved'
          : me.signerStatus === 'error'
            ? 'no signer'
            : 'approving signer…'}
      </span>
      <form onSubmit={submitOther} className="flex items-center gap-1">
        <input
          value={other}
          onChange={(e) => setOther(e.target.value)}
          aria-label="Act as another user (fid, @username or signer uuid)"
          placeholder="fid, @username or signer uuid"
          className="w-56 rounded border border-slate-300 px-2 py-1"
        />
        <button type="submit" className="rounded border border-slate-300 px-2 py-1 hover:bg-slate-50">
          Switch
        </button>
      </form>
      {(problem || me.signerError) && (
        <span role="alert" className="text-xs text-red-700">
          {problem ?? me.signerError?.message}
        </span>
      )}
    </div>
  );
}
