// The filter builder's model: every webhook event type with the filter fields the spec gives it,
// and the conversion between the form's text fields and a subscription's `filters` object.
import type { WebhookSubscriptionFilters } from '@castkit/sdk/2.x';

export type EventType = keyof WebhookSubscriptionFilters;
type FieldKind = 'fids' | 'strings' | 'regex';
export interface FilterField {
  key: string;
  label: string;
  kind: FieldKind;
}

const fids = (key: string, label: string): FilterField => ({ key, label, kind: 'fids' });
const CAST_FIELDS: FilterField[] = [
  fids('author_fids', 'Author fids'),
  fids('exclude_author_fids', 'Excluded author fids'),
  fids('mentioned_fids', 'Mentioned fids'),
  fids('parent_author_fids', 'Parent author fids'),
  { key: 'parent_urls', label: 'Parent URLs', kind: 'strings' },
  { key: 'root_parent_urls', label: 'Root parent URLs', kind: 'strings' },
  { key: 'parent_hashes', label: 'Parent hashes', kind: 'strings' },
  { key: 'text', label: 'Text matches (regex)', kind: 'regex' },
  { key: 'embeds', label: 'Embeds match (regex)', kind: 'regex' },
];
const GRAPH_FIELDS = [fids('fids', 'By fids'), fids('target_fids', 'Target fids')];

export const EVENT_TYPES: { type: EventType; fields: FilterField[] }[] = [
  { type: 'cast.created', fields: CAST_FIELDS },
  { type: 'cast.deleted', fields: CAST_FIELDS },
  { type: 'user.created', fields: [] },
  { type: 'user.updated', fields: [fids('fids', 'User fids')] },
  { type: 'follow.created', fields: GRAPH_FIELDS },
  { type: 'follow.deleted', fields: GRAPH_FIELDS },
  { type: 'reaction.created', fields: GRAPH_FIELDS },
  { type: 'reaction.deleted', fields: GRAPH_FIELDS },
];

/** The form: which types are subscribed, and each field's text (lists comma separated). */
export type FilterForm = Partial<Record<EventType, Record<string, string>>>;

export class FilterInputError extends Error {}

const split = (text: string) =>
  text
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export function toFilters(form: FilterForm): WebhookSubscriptionFilters {
  const filters: Record<string, Record<string, unknown>> = {};
  for (const { type, fields } of EVENT_TYPES) {
    const values = form[type];
    if (!values) continue;
    const out: Record<string, unknown> = {};
    for (const f of fields) {
      const text = values[f.key]?.trim() ?? '';
      if (!text) continue;
      if (f.kind === 'regex') out[f.key] = text;
      else if (f.kind === 'strings') out[f.key] = split(text);
      else
        out[f.key] = split(text).map((s) => {
          const n = Number(s);
          if (!Number.isInteger(n) || n < 1)
            throw new FilterInputError(`${type} ${f.label}: "${s}" is not a fid`);
          return n;
        });
    }
    filters[type] = out;
  }
  return filters as WebhookSubscriptionFilters;
}

export function toForm(filters: WebhookSubscriptionFilters | undefined): FilterForm {
  const form: FilterForm = {};
  for (const { type, fields } of EVENT_TYPES) {
    const value = filters?.[type] as Record<string, unknown> | undefined;
    if (!value) continue;
    const values: Record<string, string> = {};
    for (const f of fields) {
      const v = value[f.key];
      if (Array.isArray(v)) values[f.key] = v.join(', ');
      else if (typeof v === 'string') values[f.key] = v;
    }
    form[type] = values;
  }
  return form;
}
