// The admin home's charts: recharts is large, so they load on the admin home only, after its figures.
import { BarChart, DonutChart, type DonutChartCell } from '@mantine/charts';

/** Cars by status as a ring, the total in its middle. */
export function CarStatusDonut({ segments, total }: { segments: DonutChartCell[]; total: number }) {
  // Empty segments, and a lone segment's gap and stroke, would show as notches in the ring.
  const shown = segments.filter((segment) => segment.value > 0);
  const separated = shown.length > 1;
  return (
    <DonutChart
      data={shown}
      size={132}
      thickness={18}
      chartLabel={total.toLocaleString('en-KE')}
      withTooltip={false}
      paddingAngle={separated ? 2 : 0}
      strokeWidth={separated ? 1 : 0}
      // The ring repeats the list beside it and is hidden from screen readers: nothing in it takes
      // the keyboard's focus either (recharts makes a pie and its chart focusable by default).
      pieProps={{ rootTabIndex: -1 }}
      pieChartProps={{ accessibilityLayer: false }}
    />
  );
}

/** Orders by status as horizontal bars, each with its count. */
export function OrderStatusBars({ counts }: { counts: readonly { label: string; value: number }[] }) {
  return (
    <BarChart
      h={170}
      data={counts.map((count) => ({ status: count.label, Orders: count.value }))}
      dataKey="status"
      series={[{ name: 'Orders', color: 'navy.6' }]}
      orientation="vertical"
      gridAxis="none"
      withTooltip={false}
      withXAxis={false}
      withBarValueLabel
      // The bars' value labels are drawn through the formatter: without one they stay blank.
      valueFormatter={(value) => value.toLocaleString('en-KE')}
      // Hidden from screen readers beside its list (AdminHome): out of the keyboard's path too.
      barChartProps={{ margin: { right: 32 }, accessibilityLayer: false }}
      yAxisProps={{ width: 96 }}
      maxBarWidth={18}
    />
  );
}
