// One generated input for one ParamSpec: label (wire name, required mark), the control its type
// calls for, the spec's constraints as a hint, and the error that blocks sending.
import type { ParamSpec } from '@castkit/sdk/2.x';
import { type FieldValue, fieldKind, isList } from '../form-model';
import { BooleanToggle } from './BooleanToggle';
import { borderClass } from './border';
import { DateInput } from './DateInput';
import { TokenInput } from './TokenInput';
import { suggestsUsers, useUserSuggestions } from './UserSuggestions';

interface Props {
  param: ParamSpec;
  value: FieldValue | undefined;
  error?: string;
  onChange: (value: FieldValue | undefined) => void;
}

export const fieldId = (p: ParamSpec) => `param-${p.key}`;

const inputClass = (invalid: boolean) => `w-full rounded border px-2 py-1 text-sm ${borderClass(invalid)}`;

export function Field({ param: p, value, error, onChange }: Props) {
  const id = fieldId(p);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = error ? `${hintId} ${errorId}` : hintId;
  const kind = fieldKind(p);
  const invalid = !!error;
  const text = typeof value === 'string' ? value : '';
  const suggest = suggestsUsers(p.key, p.type);
  const suggestions = useUserSuggestions(suggest ? text : '', suggest);
  const listId = suggest ? `${id}-suggestions` : undefined;

  let control: React.ReactNode;
  switch (kind) {
    case 'enum':
      // A list of enum values (3.x sends each as the key repeated): any number of them chosen.
      control = isList(p) ? (
        <select
          id={id}
          multiple
          size={Math.min(p.enum!.length, 5)}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={inputClass(invalid)}
          value={Array.isArray(value) ? value : text ? text.split(',') : []}
          onChange={(e) => {
            const chosen = [...e.target.selectedOptions].map((o) => o.value);
            onChange(chosen.length ? chosen : undefined);
          }}
        >
          {p.enum!.map((v) => (
            <option key={String(v)} value={String(v)}>
              {String(v)}
            </option>
          ))}
        </select>
      ) : (
        <select
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          className={inputClass(invalid)}
          value={text}
          onChange={(e) => onChange(e.target.value || undefined)}
        >
          <option value="">{p.required ? 'Choose…' : '(not sent)'}</option>
          {p.enum!.map((v) => (
            <option key={String(v)} value={String(v)}>
              {String(v)}
            </option>
          ))}
        </select>
      );
      break;
    case 'boolean':
      control = (
        <BooleanToggle
          id={id}
          describedBy={describedBy}
          value={value === undefined || value === '' ? undefined : value === true || value === 'true'}
          onChange={onChange}
        />
      );
      break;
    case 'tokens':
      control = (
        <TokenInput
          id={id}
          describedBy={describedBy}
          invalid={invalid}
          numeric={p.items === 'integer'}
          value={Array.isArray(value) ? value : text ? text.split(',') : []}
          onChange={(v) => onChange(v.length ? v : undefined)}
        />
      );
      break;
    case 'date':
      control = (
        <DateInput
          id={id}
          describedBy={describedBy}
          invalid={invalid}
          value={text}
          onChange={(v) => onChange(v || undefined)}
        />
      );
      break;
    case 'json':
      control = (
        <textarea
          id={id}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          rows={3}
          spellCheck={false}
          className={`${inputClass(invalid)} font-mono`}
          placeholder={jsonPlaceholder(p)}
          value={text}
          onChange={(e) => onChange(e.target.value || undefined)}
        />
      );
      break;
    default:
      control = (
        <input
          id={id}
          type="text"
          inputMode={kind === 'integer' ? 'numeric' : kind === 'number' ? 'decimal' : undefined}
          list={listId}
          autoComplete="off"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          aria-required={p.required || undefined}
          className={inputClass(invalid)}
          placeholder={p.default !== undefined ? String(p.default) : kind === 'binary' ? '0x0a…' : ''}
          value={text}
          onChange={(e) => onChange(e.target.value || undefined)}
        />
      );
  }

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="flex items-baseline gap-1 text-sm font-medium text-slate-900">
        <span className="font-mono">{p.name}</span>
        {p.required && (
          <>
            <span aria-hidden className="text-red-700">
              *
            </span>
            <span className="sr-only">(required)</span>
          </>
        )}
      </label>
      {control}
      {listId && (
        <datalist id={listId}>
          {suggestions.map((u) => (
            <option key={u.fid} value={p.key === 'username' ? u.username : String(u.fid)}>
              {p.key === 'username' ? `fid ${u.fid}` : `@${u.username}`}
            </option>
          ))}
        </datalist>
      )}
      <p id={hintId} className="text-xs text-slate-600">
        {hint(p)}
      </p>
      {error && (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function hint(p: ParamSpec): string {
  const parts: string[] = [p.in === 'body' ? 'body' : p.in, typeLabel(p)];
  if (p.minimum !== undefined || p.maximum !== undefined)
    parts.push(`${p.minimum ?? '…'}–${p.maximum ?? '…'}`);
  if (p.default !== undefined) parts.push(`default ${JSON.stringify(p.default)}`);
  if (p.key !== p.name) parts.push(`SDK key ${p.key}`);
  return parts.join(' · ');
}

const typeLabel = (p: ParamSpec) =>
  p.type === 'csv' || p.type === 'array' || p.type === 'multi'
    ? `list of ${p.items ?? 'values'}`
    : p.type === 'binary'
      ? 'bytes (hex)'
      : p.type;

function jsonPlaceholder(p: ParamSpec): string {
  const keys = p.shape ? Object.keys(p.shape) : [];
  const obj = keys.length ? `{ ${keys.map((k) => `"${k}": …`).join(', ')} }` : '{}';
  return p.type === 'array' ? `[${obj}]` : obj;
}
