// Data and controls (/controls): the emulator's state as a developer steers it in tests — back to
// the seed, named snapshots, the virtual clock and fault rules. Only the emulator has these.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  deleteSnapshot,
  listSnapshots,
  moveClock,
  readClock,
  resetEmulator,
  restoreSnapshot,
  takeSnapshot,
} from '../../data/emulator-controls';
import { queryKeys } from '../../data/query-keys';
import { useClients } from '../../data/use-api';
import { useEnv } from '../../shell/env-context';
import { buttonClass, DevPage, ErrorNote, inputClass, Section, secondaryButtonClass } from '../DevPage';
import { FaultRulesSection } from './FaultRules';

export function ControlsPage() {
  return (
    <DevPage
      title="Data and controls"
      intro="Reset the emulator, keep and restore snapshots, move its clock, inject faults."
    >
      <Controls />
    </DevPage>
  );
}

function Controls() {
  const { env } = useEnv();
  if (env?.environment !== 'emulator')
    return <p>These controls belong to the local emulator; the upstream API has none.</p>;
  return (
    <>
      <ResetSection />
      <SnapshotsSection />
      <ClockSection />
      <FaultRulesSection />
    </>
  );
}

/** After the data changed under every screen, every cached read is stale. */
function useInvalidateAll() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.all });
}

function ResetSection() {
  const clients = useClients();
  const invalidateAll = useInvalidateAll();
  const reset = useMutation({ mutationFn: () => resetEmulator(clients), onSuccess: invalidateAll });
  return (
    <Section title="Reset">
      <p className="text-sm text-slate-700">Back to the seeded data: everything written since is gone.</p>
      <button
        type="button"
        className={buttonClass}
        disabled={reset.isPending}
        onClick={() => {
          if (window.confirm('Reset the emulator to its seed?')) reset.mutate();
        }}
      >
        Reset to seed
      </button>
      {reset.isSuccess && <p role="status">Reset to the seed.</p>}
      <ErrorNote error={reset.error} />
    </Section>
  );
}

function SnapshotsSection() {
  const clients = useClients();
  const queryClient = useQueryClient();
  const invalidateAll = useInvalidateAll();
  const nameId = useId();
  const [name, setName] = useState('');
  const list = useQuery({
    queryKey: queryKeys.dev.emulator('snapshots'),
    queryFn: () => listSnapshots(clients),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.dev.emulator('snapshots') });
  const take = useMutation({ mutationFn: () => takeSnapshot(clients, name.trim()), onSuccess: refresh });
  const restore = useMutation({
    mutationFn: (n: string) => restoreSnapshot(clients, n),
    onSuccess: invalidateAll,
  });
  const remove = useMutation({ mutationFn: (n: string) => deleteSnapshot(clients, n), onSuccess: refresh });
  return (
    <Section title="Snapshots">
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) take.mutate();
        }}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={nameId} className="text-sm font-medium">
            Snapshot name
          </label>
          <input id={nameId} className={inputClass} value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <button type="submit" className={buttonClass} disabled={!name.trim() || take.isPending}>
          Take snapshot
        </button>
      </form>
      <ErrorNote error={list.error ?? take.error ?? restore.error ?? remove.error} />
      {list.data && list.data.snapshots.length === 0 && (
        <p className="text-sm text-slate-700">No snapshots yet.</p>
      )}
      <ul className="space-y-1">
        {list.data?.snapshots.map((s) => (
          <li key={s.name} className="flex items-center gap-2 text-sm">
            <code>{s.name}</code>
            <button type="button" className={secondaryButtonClass} onClick={() => restore.mutate(s.name)}>
              Restore {s.name}
            </button>
            <button type="button" className={secondaryButtonClass} onClick={() => remove.mutate(s.name)}>
              Delete {s.name}
            </button>
          </li>
        ))}
      </ul>
      {restore.isSuccess && <p role="status">Restored {restore.variables}.</p>}
    </Section>
  );
}

function ClockSection() {
  const clients = useClients();
  const queryClient = useQueryClient();
  const invalidateAll = useInvalidateAll();
  const ids = { by: useId(), to: useId() };
  const [by, setBy] = useState('1h');
  const [to, setTo] = useState('');
  const clock = useQuery({
    queryKey: queryKeys.dev.emulator('clock'),
    queryFn: () => readClock(clients),
    refetchInterval: 1000,
  });
  const move = useMutation({
    mutationFn: (m: Parameters<typeof moveClock>[1]) => moveClock(clients, m),
    onSuccess: (state) => {
      queryClient.setQueryData(queryKeys.dev.emulator('clock'), state);
      // Feeds, expiries and retries all read the clock.
      void invalidateAll();
    },
  });
  return (
    <Section title="Clock">
      <p className="text-sm" data-testid="clock-now">
        Emulator time: {clock.data ? new Date(clock.data.now).toISOString() : '…'}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => move.mutate({ kind: 'freeze' })}
        >
          Freeze
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => move.mutate({ kind: 'resume' })}
        >
          Resume
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => move.mutate({ kind: 'real' })}>
          Back to real time
        </button>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            move.mutate({ kind: 'advance', by: by.trim() });
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.by} className="text-sm font-medium">
              Advance by (90s, 5m, 1h30m, 2d)
            </label>
            <input id={ids.by} className={inputClass} value={by} onChange={(e) => setBy(e.target.value)} />
          </div>
          <button type="submit" className={buttonClass}>
            Advance
          </button>
        </form>
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            move.mutate({ kind: 'set', to: to.trim() });
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.to} className="text-sm font-medium">
              Set to (ISO 8601)
            </label>
            <input
              id={ids.to}
              className={inputClass}
              value={to}
              placeholder="2026-01-31T12:00:00Z"
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
          <button type="submit" className={buttonClass}>
            Set
          </button>
        </form>
      </div>
      <ErrorNote error={clock.error ?? move.error} />
    </Section>
  );
}
