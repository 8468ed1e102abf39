// The emulator as a Farcaster client hosting the developer's mini app: register it (home URL and
// webhook), then act as a user (add it, enable or disable notifications, remove it) and see the
// signed event the app's webhook was sent and what it answered.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  actAsUser,
  type HostAction,
  type HostResult,
  listHostedMiniapps,
  registerMiniapp,
} from '../../data/emulator-controls';
import { queryKeys } from '../../data/query-keys';
import { useClients } from '../../data/use-api';
import { buttonClass, ErrorNote, inputClass, Section, secondaryButtonClass } from '../DevPage';
import { CATEGORIES } from './Catalog';

export function HostSimulation() {
  const clients = useClients();
  const apps = useQuery({
    queryKey: queryKeys.dev.miniApps('hosted'),
    queryFn: () => listHostedMiniapps(clients),
  });
  return (
    <Section title="Host simulation">
      <RegisterForm />
      <ErrorNote error={apps.error} />
      <ul className="space-y-3" aria-label="Your mini apps">
        {apps.data?.miniapps.map((a) => (
          <li
            key={a.id}
            className="space-y-2 rounded-md border border-slate-200 p-3"
            data-testid="hosted-app"
            data-app={a.id}
          >
            <p className="font-medium">
              {a.name}{' '}
              <span className="text-sm font-normal text-slate-700">
                #{a.id} · {a.frames_url}
              </span>
            </p>
            <p className="text-sm text-slate-700">Webhook: {a.webhook_url ?? 'none'}</p>
            <ActAsUser appId={a.id} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function RegisterForm() {
  const clients = useClients();
  const queryClient = useQueryClient();
  const ids = { url: useId(), hook: useId(), name: useId(), category: useId() };
  const [url, setUrl] = useState('');
  const [webhook, setWebhook] = useState('');
  const [name, setName] = useState('');
  const [category, setCategory] = useState<(typeof CATEGORIES)[number]>('developer-tools');
  const register = useMutation({
    mutationFn: () =>
      registerMiniapp(clients, {
        url,
        name: name.trim() || undefined,
        webhook_url: webhook.trim() || undefined,
        category,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dev.miniApps('hosted') }),
  });
  const field = (id: string, label: string, value: string, set: (v: string) => void) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input id={id} className={inputClass} value={value} onChange={(e) => set(e.target.value)} />
    </div>
  );
  return (
    <form
      aria-label="Register a mini app"
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        register.mutate();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {field(ids.url, 'App home URL', url, setUrl)}
        {field(ids.hook, 'App webhook URL (optional)', webhook, setWebhook)}
        {field(ids.name, 'App name (optional)', name, setName)}
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.category} className="text-sm font-medium">
            App category
          </label>
          <select
            id={ids.category}
            className={inputClass}
            value={category}
            onChange={(e) => setCategory(CATEGORIES.find((c) => c === e.target.value) ?? 'developer-tools')}
          >
            {CATEGORIES.map((c) => (
              <option key={c}>{c}</option>
            ))}
          </select>
        </div>
      </div>
      <ErrorNote error={register.error} />
      <button type="submit" className={buttonClass} disabled={register.isPending}>
        Register mini app
      </button>
    </form>
  );
}

const ACTIONS: { action: HostAction; label: string }[] = [
  { action: 'add', label: 'Add app' },
  { action: 'notifications/enable', label: 'Enable notifications' },
  { action: 'notifications/disable', label: 'Disable notifications' },
  { action: 'remove', label: 'Remove app' },
];

function ActAsUser({ appId }: { appId: number }) {
  const clients = useClients();
  const ids = { fid: useId(), notify: useId() };
  const [fidText, setFidText] = useState('2');
  const [withNotifications, setWithNotifications] = useState(true);
  const fid = Number(fidText);
  const valid = Number.isInteger(fid) && fid > 0;
  const act = useMutation({
    mutationFn: (action: HostAction) => actAsUser(clients, appId, fid, action, withNotifications),
  });
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.fid} className="text-sm font-medium">
            Act as user (fid)
          </label>
          <input
            id={ids.fid}
            className={`${inputClass} w-28`}
            inputMode="numeric"
            value={fidText}
            onChange={(e) => setFidText(e.target.value)}
          />
        </div>
        <label htmlFor={ids.notify} className="flex items-center gap-2 text-sm">
          <input
            id={ids.notify}
            type="checkbox"
            checked={withNotifications}
            onChange={(e) => setWithNotifications(e.target.checked)}
          />
          Add with notifications
        </label>
        {ACTIONS.map(({ action, label }) => (
          <button
            key={action}
            type="button"
            className={secondaryButtonClass}
            disabled={!valid || act.isPending}
            onClick={() => act.mutate(action)}
          >
            {label}
          </button>
        ))}
      </div>
      {!valid && <p role="alert">Fid must be a positive integer.</p>}
      <ErrorNote error={act.error} />
      {act.data && <HostOutcome result={act.data} />}
    </div>
  );
}

function HostOutcome({ result: r }: { result: HostResult }) {
  const hook = r.webhook;
  return (
    <div role="status" className="space-y-1 rounded bg-slate-100 p-2 text-sm" data-testid="host-outcome">
      <p>
        Sent <code>{r.event}</code> as fid {r.fid}: {r.state.added ? 'added' : 'not added'}, notifications{' '}
        {r.state.notifications_enabled ? 'on' : 'off'}
        {r.state.token && (
          <>
            {' '}
            (token <code>{r.state.token}</code>)
          </>
        )}
        .
      </p>
      <p data-testid="host-webhook">
        {hook === null
          ? 'The app has no webhook.'
          : 'status' in hook
            ? `The app's webhook answered HTTP ${hook.status}: ${hook.body}`
            : `The app's webhook failed: ${hook.error}`}
      </p>
    </div>
  );
}
