// A webhook's deliveries, live (polled from the emulator's log): payload, every attempt with the
// receiver's answer, a signature check, and redelivery.
import type { WebhookSecret } from '@castkit/sdk/2.x';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Delivery, listDeliveries, redeliver } from '../../data/emulator-controls';
import { queryKeys } from '../../data/query-keys';
import { useClients } from '../../data/use-api';
import { JsonTree } from '../../response/JsonTree';
import { ErrorNote, secondaryButtonClass } from '../DevPage';
import { SignatureCheck } from './SignatureCheck';

const POLL_MS = 1000;

export function DeliveryLog({ webhookId, secrets }: { webhookId: string; secrets: WebhookSecret[] }) {
  const clients = useClients();
  const query = useQuery({
    queryKey: queryKeys.dev.deliveries(webhookId),
    queryFn: () => listDeliveries(clients, webhookId),
    refetchInterval: POLL_MS,
  });
  const deliveries = query.data?.deliveries ?? [];
  return (
    <div className="space-y-2">
      <h4 className="font-medium">Deliveries</h4>
      <ErrorNote error={query.error} />
      {deliveries.length === 0 ? (
        <p className="text-sm text-slate-700">{query.isPending ? 'Loading…' : 'No deliveries yet.'}</p>
      ) : (
        <ul className="space-y-1" aria-label="Deliveries">
          {deliveries.map((d) => (
            <DeliveryItem key={d.id} delivery={d} webhookId={webhookId} secrets={secrets} />
          ))}
        </ul>
      )}
    </div>
  );
}

const STATUS_CLASS: Record<Delivery['status'], string> = {
  delivered: 'bg-emerald-100 text-emerald-900',
  pending: 'bg-amber-100 text-amber-900',
  failed: 'bg-red-100 text-red-900',
};

function DeliveryItem({
  delivery: d,
  webhookId,
  secrets,
}: {
  delivery: Delivery;
  webhookId: string;
  secrets: WebhookSecret[];
}) {
  const clients = useClients();
  const queryClient = useQueryClient();
  const again = useMutation({
    mutationFn: () => redeliver(clients, d.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.dev.deliveries(webhookId) }),
  });
  return (
    <li className="rounded border border-slate-200" data-testid="delivery">
      <details>
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 p-2 text-sm">
          <code>{d.type}</code>
          <span className={`rounded px-1.5 text-xs ${STATUS_CLASS[d.status]}`} data-testid="delivery-status">
            {d.status}
          </span>
          <span>
            {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
          </span>
          {d.response_status !== null && <span>HTTP {d.response_status}</span>}
          <span className="ml-auto text-slate-700">{new Date(d.created_at).toLocaleTimeString()}</span>
        </summary>
        <div className="space-y-3 border-t border-slate-200 p-2">
          <ol className="space-y-1 text-sm" aria-label="Attempts">
            {d.attempt_log.map((a) => (
              <li key={a.attempt}>
                Attempt {a.attempt} at {new Date(a.started_at).toLocaleTimeString()}:{' '}
                {a.response_status !== null ? `HTTP ${a.response_status}` : (a.error ?? 'no answer')}
                {a.duration_ms !== null && ` in ${a.duration_ms} ms`}
              </li>
            ))}
          </ol>
          {d.next_attempt_at && (
            <p className="text-sm">Next attempt at {new Date(d.next_attempt_at).toLocaleTimeString()}</p>
          )}
          {d.error && <p className="text-sm text-red-900">Last error: {d.error}</p>}
          <JsonTree value={d.payload} label={`payload of delivery ${d.id}`} />
          <SignatureCheck payload={d.payload} secrets={secrets} />
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={again.isPending}
            onClick={() => again.mutate()}
          >
            Redeliver
          </button>
          <ErrorNote error={again.error} />
        </div>
      </details>
    </li>
  );
}
