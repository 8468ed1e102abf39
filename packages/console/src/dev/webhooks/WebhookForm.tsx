// Create or edit a webhook: name, target URL and the subscription's filters.
import { publishWebhook, updateWebhook, type Webhook } from '@castkit/sdk/2.x';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { queryKeys } from '../../data/query-keys';
import { useApi } from '../../data/use-api';
import { buttonClass, ErrorNote, inputClass, secondaryButtonClass } from '../DevPage';
import { FilterBuilder } from './FilterBuilder';
import { type FilterForm, toFilters, toForm } from './filter-model';

export function WebhookForm({ webhook, onDone }: { webhook?: Webhook; onDone: () => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const ids = { name: useId(), url: useId() };
  const [name, setName] = useState(webhook?.title ?? '');
  const [url, setUrl] = useState(webhook?.target_url ?? '');
  const [filters, setFilters] = useState<FilterForm>(() =>
    webhook ? toForm(webhook.subscription?.filters) : { 'cast.created': {} },
  );
  const save = useMutation({
    mutationFn: () => {
      const subscription = toFilters(filters);
      return webhook
        ? api.call(updateWebhook, { webhookId: webhook.webhook_id, name, url, subscription })
        : api.call(publishWebhook, { name, url, subscription });
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.dev.webhooks() });
      onDone();
    },
  });
  return (
    <form
      aria-label={webhook ? `Edit ${webhook.title}` : 'New webhook'}
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.name} className="text-sm font-medium">
            Name
          </label>
          <input
            id={ids.name}
            className={inputClass}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.url} className="text-sm font-medium">
            Target URL
          </label>
          <input
            id={ids.url}
            className={inputClass}
            value={url}
            placeholder="https://…"
            onChange={(e) => setUrl(e.target.value)}
          />
        </div>
      </div>
      <FilterBuilder value={filters} onChange={setFilters} />
      <ErrorNote error={save.error} />
      <div className="flex gap-2">
        <button type="submit" className={buttonClass} disabled={save.isPending}>
          {webhook ? 'Save webhook' : 'Create webhook'}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
