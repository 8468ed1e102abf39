// "5m", "3h", "2d" and a calendar date past a week: how feeds say when something happened.
const UNITS: [number, string][] = [
  [60, 's'],
  [60, 'm'],
  [24, 'h'],
  [7, 'd'],
];

export function relativeTime(iso: string, now = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  let value = Math.max(0, Math.round((now - then) / 1000));
  if (value < 5) return 'now';
  for (const [size, unit] of UNITS) {
    if (value < size) return `${value}${unit}`;
    value = Math.floor(value / size);
  }
  return new Date(then).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
}
