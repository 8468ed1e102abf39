// Storage (/storage): a user's storage units, how full each kind of message store is, the active
// rents, and buying more (buyStorage) as the app paying for the user.
import {
  buyStorage,
  lookupUserStorageAllocations,
  lookupUserStorageUsage,
  type StorageObject,
} from '@castkit/sdk/2.x';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { queryKeys } from '../../data/query-keys';
import { useApi } from '../../data/use-api';
import { buttonClass, DevPage, ErrorNote, inputClass, Section } from '../DevPage';

const KINDS = [
  ['casts', 'Casts'],
  ['reactions', 'Reactions'],
  ['links', 'Follows'],
  ['verified_addresses', 'Verified addresses'],
  ['username_proofs', 'Username proofs'],
  ['signers', 'Signers'],
] as const;

export function StoragePage() {
  return (
    <DevPage title="Storage" intro="A user's storage usage and allocations, and a storage purchase for them.">
      <StorageScreen />
    </DevPage>
  );
}

function StorageScreen() {
  const api = useApi();
  const queryClient = useQueryClient();
  const ids = { fid: useId(), units: useId() };
  const [fidText, setFidText] = useState('1');
  const [unitsText, setUnitsText] = useState('1');
  const fid = Number(fidText);
  const validFid = Number.isInteger(fid) && fid > 0;
  const units = Number(unitsText);
  const validUnits = Number.isInteger(units) && units > 0;

  const storage = useQuery({
    queryKey: queryKeys.dev.storage(fid),
    queryFn: async () => {
      const [usage, allocations] = await Promise.all([
        api.call(lookupUserStorageUsage, { fid }),
        api.call(lookupUserStorageAllocations, { fid }),
      ]);
      return { usage, allocations };
    },
    enabled: validFid,
  });
  const buy = useMutation({
    mutationFn: () => api.call(buyStorage, { fid, units, idem: crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dev.storage(fid) }),
  });

  const usage = storage.data?.usage;
  const allocations = storage.data?.allocations;
  return (
    <>
      <Section title="User">
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.fid} className="text-sm font-medium">
              User fid
            </label>
            <input
              id={ids.fid}
              className={inputClass}
              inputMode="numeric"
              value={fidText}
              onChange={(e) => setFidText(e.target.value)}
            />
          </div>
          {usage?.user && (
            <p className="pb-1 text-sm text-slate-700">
              @{usage.user.username} ·{' '}
              <strong data-testid="storage-units">
                {allocations?.total_active_units ?? usage.total_active_units ?? 0}
              </strong>{' '}
              active units
            </p>
          )}
        </div>
        {!validFid && <p role="alert">Enter a positive fid.</p>}
        <ErrorNote error={storage.error} />
      </Section>

      {usage && (
        <Section title="Usage">
          <ul className="grid gap-3 sm:grid-cols-2">
            {KINDS.map(([key, name]) => (
              <UsageMeter key={key} name={name} value={usage[key] as StorageObject | undefined} />
            ))}
          </ul>
        </Section>
      )}

      {allocations && (
        <Section title="Allocations">
          {(allocations.allocations ?? []).length === 0 ? (
            <p className="text-sm text-slate-700">No active storage rents.</p>
          ) : (
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="border-b border-slate-200">
                  <th className="py-1">Units</th>
                  <th className="py-1">Rented</th>
                  <th className="py-1">Expires</th>
                </tr>
              </thead>
              <tbody data-testid="allocations">
                {(allocations.allocations ?? []).map((a, i) => (
                  // Rents have no id; the same rent keeps its place in the list between refetches.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <tr key={i} className="border-b border-slate-100">
                    <td className="py-1">{a.units}</td>
                    <td className="py-1">{a.timestamp && new Date(a.timestamp).toLocaleString()}</td>
                    <td className="py-1">{a.expiry && new Date(a.expiry).toLocaleString()}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Section>
      )}

      <Section title="Buy storage">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (validFid && validUnits) buy.mutate();
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.units} className="text-sm font-medium">
              Units
            </label>
            <input
              id={ids.units}
              className={inputClass}
              inputMode="numeric"
              value={unitsText}
              onChange={(e) => setUnitsText(e.target.value)}
            />
          </div>
          <button type="submit" className={buttonClass} disabled={!validFid || !validUnits || buy.isPending}>
            Buy storage
          </button>
        </form>
        {!validUnits && <p role="alert">Units must be a positive integer.</p>}
        {buy.isSuccess && (
          <p role="status">
            Bought {units} {units === 1 ? 'unit' : 'units'} for fid {fid}.
          </p>
        )}
        <ErrorNote error={buy.error} />
      </Section>
    </>
  );
}

function UsageMeter({ name, value }: { name: string; value: StorageObject | undefined }) {
  const used = value?.used ?? 0;
  const capacity = value?.capacity ?? 0;
  return (
    <li className="space-y-1">
      <div className="flex justify-between text-sm">
        <span className="font-medium">{name}</span>
        <span>
          {used} / {capacity}
        </span>
      </div>
      <meter
        className="h-3 w-full"
        min={0}
        max={Math.max(capacity, 1)}
        value={used}
        aria-label={`${name} used`}
      />
    </li>
  );
}
