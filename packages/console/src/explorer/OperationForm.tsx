// The form generated from an OperationSpec: one Field per parameter, grouped by where it goes, and
// for JSON bodies a switch to edit the whole body as raw JSON instead.
import type { OperationSpec } from '@castkit/sdk/2.x';
import { borderClass } from './fields/border';
import { Field } from './fields/Field';
import { type FieldValue, type FormValues, isJsonBodyParam, RAW_BODY, rawBodyFrom } from './form-model';

interface Props {
  op: OperationSpec;
  values: FormValues;
  rawBody: string | undefined;
  errors: Record<string, string>;
  onChange: (values: FormValues) => void;
  onRawBodyChange: (raw: string | undefined) => void;
}

// Path parameters first, in the order the path reads (3.x's studio operations have them).
const SECTIONS = [
  { in: 'path', title: 'Path parameters' },
  { in: 'query', title: 'Query parameters' },
  { in: 'header', title: 'Headers' },
  { in: 'body', title: 'Body' },
] as const;

export function OperationForm({ op, values, rawBody, errors, onChange, onRawBodyChange }: Props) {
  const set = (key: string, value: FieldValue | undefined) => {
    const next = { ...values };
    if (value === undefined) delete next[key];
    else next[key] = value;
    onChange(next);
  };
  const rawMode = rawBody !== undefined && op.body?.kind === 'json';

  if (op.params.length === 0) {
    return <p className="text-sm text-slate-600">This operation takes no parameters.</p>;
  }

  return (
    <div className="space-y-5">
      {SECTIONS.map((section) => {
        const params = op.params.filter((p) => p.in === section.in);
        if (params.length === 0) return null;
        const jsonBody = section.in === 'body' && op.body?.kind === 'json';
        return (
          <fieldset key={section.in} className="space-y-3">
            <div className="flex items-center justify-between">
              <legend className="text-xs font-semibold uppercase tracking-wide text-slate-600">
                {section.title}
              </legend>
              {jsonBody && (
                <label className="flex items-center gap-2 text-xs text-slate-700">
                  <input
                    type="checkbox"
                    checked={rawMode}
                    onChange={(e) => onRawBodyChange(e.target.checked ? rawBodyFrom(op, values) : undefined)}
                  />
                  Raw JSON body
                </label>
              )}
            </div>
            {rawMode && jsonBody ? (
              <div className="space-y-1">
                <label htmlFor="raw-body" className="text-sm font-medium">
                  JSON body
                </label>
                <textarea
                  id="raw-body"
                  rows={10}
                  spellCheck={false}
                  aria-invalid={!!errors[RAW_BODY] || undefined}
                  aria-describedby={errors[RAW_BODY] ? 'raw-body-error' : undefined}
                  className={`w-full rounded border px-2 py-1 font-mono text-sm ${borderClass(!!errors[RAW_BODY])}`}
                  value={rawBody}
                  onChange={(e) => onRawBodyChange(e.target.value)}
                />
                {errors[RAW_BODY] && (
                  <p id="raw-body-error" className="text-xs font-medium text-red-700">
                    {errors[RAW_BODY]}
                  </p>
                )}
              </div>
            ) : (
              params
                .filter((p) => !(rawMode && isJsonBodyParam(op, p)))
                .map((p) => (
                  <Field
                    key={p.key}
                    param={p}
                    value={values[p.key]}
                    error={errors[p.key]}
                    onChange={(v) => set(p.key, v)}
                  />
                ))
            )}
          </fieldset>
        );
      })}
    </div>
  );
}
