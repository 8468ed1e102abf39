// "5m", "3h", "2d" and a calendar date past a week: how feeds say when something happened.
const UNITS: [number, string][] = [
  [60, 's'],
  [60, 'm'],
  [24, 'h'],
  [7, 'd'],
];

// One formatter for every date: toLocaleDateString builds a new Intl formatter per call, which was
// most of the script time of scrolling a long feed.
const calendarDate = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', year: 'numeric' });

export function relativeTime(iso: string, now = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  let value = Math.max(0, Math.round((now - then) / 1000));
  if (value < 5) return 'now';
  for (const [size, unit] of UNITS) {
    if (value < size) return `${value}${unit}`;
    value = Math.floor(value / size);
  }
  return calendarDate.format(then);
}
