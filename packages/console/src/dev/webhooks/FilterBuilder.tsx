// The subscription's filters, one box per event type: tick a type to subscribe to it, then narrow it
// with the fields the spec gives that type (empty fields do not filter).
import { useId } from 'react';
import { inputClass } from '../DevPage';
import { EVENT_TYPES, type FilterForm } from './filter-model';

export function FilterBuilder({
  value,
  onChange,
}: {
  value: FilterForm;
  onChange: (next: FilterForm) => void;
}) {
  const base = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Events</legend>
      {EVENT_TYPES.map(({ type, fields }) => {
        const on = value[type] !== undefined;
        const id = `${base}-${type}`;
        return (
          <div key={type} className="rounded border border-slate-200 p-2">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={on}
                onChange={(e) => {
                  const next = { ...value };
                  if (e.target.checked) next[type] = {};
                  else delete next[type];
                  onChange(next);
                }}
              />
              <code>{type}</code>
            </label>
            {on && fields.length > 0 && (
              <div className="mt-2 grid gap-2 sm:grid-cols-2">
                {fields.map((f) => (
                  <div key={f.key} className="flex flex-col gap-1">
                    <label htmlFor={`${id}-${f.key}`} className="text-xs text-slate-700">
                      {type} · {f.label}
                    </label>
                    <input
                      id={`${id}-${f.key}`}
                      className={inputClass}
                      value={value[type]?.[f.key] ?? ''}
                      placeholder={f.kind === 'regex' ? 'regular expression' : 'comma separated'}
                      onChange={(e) =>
                        onChange({ ...value, [type]: { ...value[type], [f.key]: e.target.value } })
                      }
                    />
                  </div>
                ))}
              </div>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
