// A switch with a third state, "not sent": an optional boolean left alone is omitted from the request.
interface Props {
  id: string;
  value: boolean | undefined;
  onChange: (next: boolean | undefined) => void;
  describedBy?: string;
}

export function BooleanToggle({ id, value, onChange, describedBy }: Props) {
  return (
    <div className="flex items-center gap-3">
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={value === true}
        aria-describedby={describedBy}
        onClick={() => onChange(!value)}
        className={`relative h-6 w-11 rounded-full transition ${value ? 'bg-indigo-600' : value === false ? 'bg-slate-500' : 'bg-slate-300'}`}
      >
        <span
          className={`absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow transition ${value ? 'translate-x-5' : ''}`}
        />
      </button>
      <span className="text-sm text-slate-700">{value === undefined ? 'not sent' : String(value)}</span>
      {value !== undefined && (
        <button
          type="button"
          className="text-xs text-indigo-700 underline"
          onClick={() => onChange(undefined)}
        >
          Clear
        </button>
      )}
    </div>
  );
}
