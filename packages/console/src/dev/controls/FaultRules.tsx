// Fault rules (/controls): make matching API calls fail the ways the real service does, to test
// an app's error handling. The emulator checks each rule; its 400 names the field at fault.
import { API_ERRORS, allOperations } from '@castkit/sdk/2.x';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  addFault,
  clearFaults,
  FAULT_EFFECTS,
  type FaultEffect,
  type FaultRule,
  type FaultRuleInput,
  listFaults,
  removeFault,
} from '../../data/emulator-controls';
import { queryKeys } from '../../data/query-keys';
import { useClients } from '../../data/use-api';
import { buttonClass, ErrorNote, inputClass, Section, secondaryButtonClass } from '../DevPage';

const OPERATION_NAMES = [...new Set(allOperations.map((op) => op.name))].sort();
const ERROR_STATUSES = Object.keys(API_ERRORS).map(Number);
const METHODS = ['any', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const EFFECT_LABELS: Record<FaultEffect, string> = {
  error: 'error status (with the API error body)',
  latency: 'latency only',
  drop: 'drop the connection',
  timeout: 'never answer',
  'not-stored': 'answer, but store nothing',
  'stored-timeout': 'store, then never answer',
};

type Scope = 'always' | 'probability' | 'times';
const SCOPES: [Scope, string][] = [
  ['always', 'every matching call'],
  ['probability', 'a share of calls'],
  ['times', 'the next N calls'],
];

/** What a rule does, in one line. */
export function describeFault(f: FaultRule): string {
  const match = f.operation ?? `${f.method ?? 'any method'} ${f.path}`;
  const effect =
    f.effect === 'error' ? `answers ${f.status ?? 503}` : f.effect === 'latency' ? 'is delayed' : f.effect;
  const delay = f.latencyMs && f.effect !== 'latency' ? ` after ${f.latencyMs} ms` : '';
  const latency = f.effect === 'latency' ? ` ${f.latencyMs} ms` : '';
  const scope =
    f.times !== undefined
      ? `, for the next ${f.times - f.hits} ${f.times - f.hits === 1 ? 'call' : 'calls'}`
      : f.probability !== undefined
        ? `, with probability ${f.probability}`
        : '';
  return `${match} ${effect}${latency}${delay}${scope} (applied ${f.hits}×)`;
}

export function FaultRulesSection() {
  const clients = useClients();
  const queryClient = useQueryClient();
  const key = queryKeys.dev.emulator('faults');
  // Rules go by themselves (next N calls): the list is read again every second.
  const list = useQuery({ queryKey: key, queryFn: () => listFaults(clients), refetchInterval: 1000 });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const add = useMutation({ mutationFn: (r: FaultRuleInput) => addFault(clients, r), onSuccess: refresh });
  const remove = useMutation({ mutationFn: (id: string) => removeFault(clients, id), onSuccess: refresh });
  const clear = useMutation({ mutationFn: () => clearFaults(clients), onSuccess: refresh });
  const faults = list.data?.faults ?? [];
  return (
    <Section title="Fault rules">
      <FaultForm onAdd={(r) => add.mutate(r)} pending={add.isPending} />
      <ErrorNote error={add.error ?? list.error ?? remove.error ?? clear.error} />
      {list.data && faults.length === 0 && <p className="text-sm text-slate-700">No fault rules in force.</p>}
      <ul className="space-y-1" aria-label="Fault rules in force">
        {faults.map((f) => (
          <li
            key={f.id}
            data-testid="fault-rule"
            data-fault={f.id}
            className="flex items-center gap-2 text-sm"
          >
            <code>{f.id}</code>
            <span>{describeFault(f)}</span>
            <button type="button" className={secondaryButtonClass} onClick={() => remove.mutate(f.id)}>
              Delete rule {f.id}
            </button>
          </li>
        ))}
      </ul>
      {faults.length > 0 && (
        <button type="button" className={secondaryButtonClass} onClick={() => clear.mutate()}>
          Clear all rules
        </button>
      )}
    </Section>
  );
}

function FaultForm({ onAdd, pending }: { onAdd: (r: FaultRuleInput) => void; pending: boolean }) {
  const id = useId();
  const [by, setBy] = useState<'operation' | 'path'>('operation');
  const [operation, setOperation] = useState('');
  const [path, setPath] = useState('');
  const [method, setMethod] = useState<(typeof METHODS)[number]>('any');
  const [effect, setEffect] = useState<FaultEffect>('error');
  const [status, setStatus] = useState(503);
  const [latency, setLatency] = useState('');
  const [scope, setScope] = useState<Scope>('always');
  const [probability, setProbability] = useState('0.5');
  const [times, setTimes] = useState('1');

  const rule = (): FaultRuleInput => {
    const r: FaultRuleInput = { effect };
    if (by === 'operation') r.operation = operation.trim();
    else {
      r.path = path.trim();
      if (method !== 'any') r.method = method;
    }
    if (effect === 'error') r.status = status;
    // Sent as typed: the emulator answers a 400 naming a bad number.
    if (latency.trim() !== '') r.latencyMs = Number(latency);
    if (scope === 'probability') r.probability = Number(probability);
    if (scope === 'times') r.times = Number(times);
    return r;
  };
  const field = 'flex flex-col gap-1';
  const labelClass = 'text-sm font-medium';
  return (
    <form
      aria-label="Add a fault rule"
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        onAdd(rule());
      }}
    >
      <fieldset className="flex gap-4 text-sm">
        <legend className={labelClass}>Match calls by</legend>
        <label>
          <input
            type="radio"
            name={`${id}-by`}
            checked={by === 'operation'}
            onChange={() => setBy('operation')}
          />{' '}
          operation name
        </label>
        <label>
          <input type="radio" name={`${id}-by`} checked={by === 'path'} onChange={() => setBy('path')} /> path
          and method
        </label>
      </fieldset>
      <div className="flex flex-wrap items-end gap-3">
        {by === 'operation' ? (
          <div className={field}>
            <label htmlFor={`${id}-op`} className={labelClass}>
              Operation
            </label>
            <input
              id={`${id}-op`}
              className={inputClass}
              list={`${id}-ops`}
              value={operation}
              placeholder="publishCast"
              onChange={(e) => setOperation(e.target.value)}
            />
            <datalist id={`${id}-ops`}>
              {OPERATION_NAMES.map((n) => (
                <option key={n} value={n} />
              ))}
            </datalist>
          </div>
        ) : (
          <>
            <div className={field}>
              <label htmlFor={`${id}-path`} className={labelClass}>
                Path (exact, or a prefix ending in *)
              </label>
              <input
                id={`${id}-path`}
                className={inputClass}
                value={path}
                placeholder="/v2/farcaster/cast*"
                onChange={(e) => setPath(e.target.value)}
              />
            </div>
            <div className={field}>
              <label htmlFor={`${id}-method`} className={labelClass}>
                Method
              </label>
              <select
                id={`${id}-method`}
                className={inputClass}
                value={method}
                onChange={(e) => setMethod(e.target.value as (typeof METHODS)[number])}
              >
                {METHODS.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
            </div>
          </>
        )}
        <div className={field}>
          <label htmlFor={`${id}-effect`} className={labelClass}>
            Effect
          </label>
          <select
            id={`${id}-effect`}
            className={inputClass}
            value={effect}
            onChange={(e) => setEffect(e.target.value as FaultEffect)}
          >
            {FAULT_EFFECTS.map((f) => (
              <option key={f} value={f}>
                {f}: {EFFECT_LABELS[f]}
              </option>
            ))}
          </select>
        </div>
        {effect === 'error' && (
          <div className={field}>
            <label htmlFor={`${id}-status`} className={labelClass}>
              Status
            </label>
            <select
              id={`${id}-status`}
              className={inputClass}
              value={status}
              onChange={(e) => setStatus(Number(e.target.value))}
            >
              {ERROR_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className={field}>
          <label htmlFor={`${id}-latency`} className={labelClass}>
            Latency (ms){effect === 'latency' ? '' : ', optional'}
          </label>
          <input
            id={`${id}-latency`}
            className={inputClass}
            inputMode="numeric"
            value={latency}
            onChange={(e) => setLatency(e.target.value)}
          />
        </div>
      </div>
      <fieldset className="flex flex-wrap items-center gap-4 text-sm">
        <legend className={labelClass}>Applies to</legend>
        {SCOPES.map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name={`${id}-scope`}
              checked={scope === value}
              onChange={() => setScope(value)}
            />{' '}
            {label}
          </label>
        ))}
        {scope === 'probability' && (
          <label className="flex items-center gap-1">
            Probability (0 to 1)
            <input
              className={inputClass}
              inputMode="decimal"
              value={probability}
              onChange={(e) => setProbability(e.target.value)}
            />
          </label>
        )}
        {scope === 'times' && (
          <label className="flex items-center gap-1">
            Number of calls
            <input
              className={inputClass}
              inputMode="numeric"
              value={times}
              onChange={(e) => setTimes(e.target.value)}
            />
          </label>
        )}
      </fieldset>
      <button type="submit" className={buttonClass} disabled={pending}>
        Add fault rule
      </button>
    </form>
  );
}
