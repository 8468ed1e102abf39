// A bar chart of counts over time (recharts, in this screen's lazy chunk). The figure is named for
// screen readers and its total given as text beside it.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface CountPoint {
  /** ISO start of the bucket. */
  start: string;
  count: number;
}

const label = (iso: string, hourly: boolean) => {
  const d = new Date(iso);
  return hourly
    ? d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
};

export default function CountChart({
  title,
  points,
  hourly,
}: {
  title: string;
  points: CountPoint[];
  hourly: boolean;
}) {
  const data = points.map((p) => ({ ...p, label: label(p.start, hourly) }));
  return (
    <figure role="img" aria-label={title} className="h-72 w-full" data-testid="count-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#334155' }} minTickGap={12} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#334155' }} width={40} />
          <Tooltip />
          <Bar dataKey="count" name="Casts" fill="#4338ca" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
