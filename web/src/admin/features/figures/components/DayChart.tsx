/**
 * One chart of figures per day or per operator (recharts, loaded only with the dashboard: this module is its
 * own lazy chunk). Hidden from assistive technology: every chart has its table beside it.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
}

export interface DayChartProps {
  kind: 'bar' | 'line';
  data: Record<string, string | number | null>[];
  series: readonly ChartSeries[];
  format: (value: number) => string;
  /** Bars of several series stacked (a day's parts of a total; the default) or side by side. */
  stacked?: boolean;
}

export default function DayChart({ kind, data, series, format, stacked = true }: DayChartProps) {
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={12} />
      <YAxis
        allowDecimals={false}
        width={56}
        tick={{ fontSize: 11 }}
        tickFormatter={(value: number) => format(value)}
      />
      <Tooltip formatter={(value) => format(Number(value))} />
      {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
    </>
  );
  return (
    <div className="admin-chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={220}>
        {kind === 'bar' ? (
          <BarChart data={data} accessibilityLayer={false}>
            {axes}
            {series.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.name}
                fill={s.color}
                stackId={stacked ? 'day' : undefined}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        ) : (
          <LineChart data={data} accessibilityLayer={false}>
            {axes}
            {series.map((s) => (
              <Line
                key={s.key}
                dataKey={s.key}
                name={s.name}
                stroke={s.color}
                strokeWidth={2}
                dot={false}
                connectNulls={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
