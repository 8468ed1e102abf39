// A list of values typed one by one (Enter or comma adds, Backspace on empty removes the last);
// pasting "1,2,3" adds three.
import { useState } from 'react';
import { borderClass } from './border';

interface Props {
  id: string;
  value: string[];
  onChange: (next: string[]) => void;
  describedBy?: string;
  invalid?: boolean;
  numeric?: boolean;
}

export function TokenInput({ id, value, onChange, describedBy, invalid, numeric }: Props) {
  const [text, setText] = useState('');
  const commit = (raw: string) => {
    const add = raw
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    if (add.length) onChange([...value, ...add]);
    setText('');
  };
  return (
    <div
      className={`flex flex-wrap items-center gap-1 rounded border bg-white px-1 py-1 ${borderClass(invalid)}`}
    >
      {value.map((token, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: tokens may repeat; their position is their identity.
          key={`${token}-${i}`}
          className="inline-flex items-center gap-1 rounded bg-slate-100 px-2 text-sm"
        >
          {token}
          <button
            type="button"
            aria-label={`Remove ${token}`}
            className="text-slate-600 hover:text-red-700"
            onClick={() => onChange(value.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </span>
      ))}
      <input
        id={id}
        inputMode={numeric ? 'numeric' : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        className="min-w-24 flex-1 border-0 px-1 py-0.5 text-sm outline-none"
        value={text}
        placeholder={value.length ? '' : 'Type a value, Enter to add'}
        onChange={(e) => (e.target.value.includes(',') ? commit(e.target.value) : setText(e.target.value))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit(text);
          } else if (e.key === 'Backspace' && text === '' && value.length) onChange(value.slice(0, -1));
        }}
        onBlur={() => text && commit(text)}
      />
    </div>
  );
}
