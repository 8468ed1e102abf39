// A bar chart of counts (recharts, in the lazy chunk of the screens drawing it). The figure is
// named for screen readers and the screens give its total as text beside it.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface CountPoint {
  /** The bar's label on the x axis (a time, a user, a bucket). */
  label: string;
  count: number;
}

export default function CountChart({
  title,
  points,
  series,
  testId = 'count-chart',
}: {
  title: string;
  points: CountPoint[];
  /** What is counted, named in the tooltip. */
  series: string;
  testId?: string;
}) {
  return (
    <figure role="img" aria-label={title} className="h-72 w-full" data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#334155' }} minTickGap={12} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#334155' }} width={40} />
          <Tooltip />
          <Bar dataKey="count" name={series} fill="#4338ca" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
