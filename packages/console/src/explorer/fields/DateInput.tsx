// A date-time picker in local time whose value travels as an ISO string (what the API takes).
import { borderClass } from './border';

interface Props {
  id: string;
  value: string;
  onChange: (iso: string) => void;
  describedBy?: string;
  invalid?: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function DateInput({ id, value, onChange, describedBy, invalid }: Props) {
  return (
    <input
      id={id}
      type="datetime-local"
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      className={`rounded border px-2 py-1 text-sm ${borderClass(invalid)}`}
      value={value ? toLocalInput(value) : ''}
      onChange={(e) => {
        const d = new Date(e.target.value);
        onChange(e.target.value && !Number.isNaN(d.getTime()) ? d.toISOString() : '');
      }}
    />
  );
}
