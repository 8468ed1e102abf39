// Webhooks (/webhooks): the developer's webhooks with their filters and secrets, created and edited
// here, switched on and off, deleted, secrets rotated; and each one's live delivery log.
import { deleteWebhook, fetchWebhooks, updateWebhookActiveStatus, type Webhook } from '@castkit/sdk/2.x';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { rotateWebhookSecret } from '../../data/emulator-controls';
import { queryKeys } from '../../data/query-keys';
import { useApi, useClients } from '../../data/use-api';
import { useEnv } from '../../shell/env-context';
import { buttonClass, DevPage, ErrorNote, Section, secondaryButtonClass } from '../DevPage';
import { ExternalLink } from '../ExternalLink';
import { DeliveryLog } from './DeliveryLog';
import { WebhookForm } from './WebhookForm';

export function WebhooksPage() {
  return (
    <DevPage title="Webhooks" intro="Your webhooks, what they subscribe to, and every delivery they made.">
      <WebhooksScreen />
    </DevPage>
  );
}

function WebhooksScreen() {
  const api = useApi();
  const [creating, setCreating] = useState(false);
  const list = useQuery({ queryKey: queryKeys.dev.webhooks(), queryFn: () => api.call(fetchWebhooks) });
  return (
    <>
      <Section title="New webhook">
        {creating ? (
          <WebhookForm onDone={() => setCreating(false)} />
        ) : (
          <button type="button" className={buttonClass} onClick={() => setCreating(true)}>
            New webhook
          </button>
        )}
      </Section>
      <Section title="Your webhooks">
        <ErrorNote error={list.error} />
        {list.data?.webhooks.length === 0 && <p className="text-sm text-slate-700">No webhooks yet.</p>}
        <ul className="space-y-3">
          {list.data?.webhooks.map((w) => (
            <WebhookItem key={w.webhook_id} webhook={w} />
          ))}
        </ul>
      </Section>
    </>
  );
}

function WebhookItem({ webhook: w }: { webhook: Webhook }) {
  const api = useApi();
  const clients = useClients();
  const { env } = useEnv();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.dev.webhooks() });
  const toggle = useMutation({
    mutationFn: () =>
      api.call(updateWebhookActiveStatus, { webhookId: w.webhook_id, active: w.active ? 'false' : 'true' }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => api.call(deleteWebhook, { webhookId: w.webhook_id }),
    onSuccess: refresh,
  });
  const rotate = useMutation({
    mutationFn: () => rotateWebhookSecret(clients, w.webhook_id),
    onSuccess: refresh,
  });
  const types = Object.keys(w.subscription?.filters ?? {});
  return (
    <li
      className="space-y-3 rounded-md border border-slate-200 p-3"
      data-testid="webhook"
      data-webhook={w.webhook_id}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{w.title}</h3>
        <span
          className={`rounded px-1.5 text-xs ${w.active ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`}
          data-testid="webhook-active"
        >
          {w.active ? 'active' : 'inactive'}
        </span>
        <span className="text-sm">
          → <ExternalLink href={w.target_url} />
        </span>
      </div>
      <p className="text-sm text-slate-700">Events: {types.length ? types.join(', ') : 'none'}</p>
      <details className="text-sm">
        <summary className="cursor-pointer">Secrets ({w.secrets.length})</summary>
        <ul className="mt-1 space-y-1">
          {w.secrets.map((s) => (
            <li key={s.uid}>
              <code className="break-all" data-testid="webhook-secret">
                {s.value}
              </code>{' '}
              {s.expires_at && (
                <span className="text-slate-700">expires {new Date(s.expires_at).toLocaleString()}</span>
              )}
            </li>
          ))}
        </ul>
      </details>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={secondaryButtonClass} onClick={() => setEditing((e) => !e)}>
          Edit
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={toggle.isPending}
          onClick={() => toggle.mutate()}
        >
          {w.active ? 'Deactivate' : 'Activate'}
        </button>
        {env?.environment === 'emulator' && (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={rotate.isPending}
            onClick={() => rotate.mutate()}
          >
            Rotate secret
          </button>
        )}
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(`Delete webhook ${w.title}?`)) remove.mutate();
          }}
        >
          Delete
        </button>
      </div>
      <ErrorNote error={toggle.error ?? remove.error ?? rotate.error} />
      {editing && <WebhookForm webhook={w} onDone={() => setEditing(false)} />}
      {env?.environment === 'emulator' && <DeliveryLog webhookId={w.webhook_id} secrets={w.secrets} />}
    </li>
  );
}
