// recharts is imported here only: this module is loaded lazily by the admin dashboard, so the chart
// code stays in a chunk of its own, off every other route. It draws the plots only: each chart's
// caption, legend and figures (as a table) are the page's own (OverviewChartCards.tsx) and show at
// once; a plot is drawn into its fixed-size place as soon as this code is in.
import { Bar, BarChart, CartesianGrid, Cell, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLOURS } from '../../../contract/rules/admin';
import { formatDigits } from '../../i18n';

const TICK_COLOUR = '#495057'; // gray.7: 7.8:1 on white
/** The tooltip's figures in dark text, as the legend's: in the series' colour the blue is 4.2:1 on white. */
const TOOLTIP_ITEM = { color: TICK_COLOUR };
/** Axis figures in the person's digits (Bengali digits in Bengali). */
const digits = (value: number) => formatDigits(value);

/**
 * The plot's size: its height is fixed, its width the place's as laid out (read by the page before
 * drawing, and again when the place is resized). The chart is given both, so it draws on its first
 * render: no `ResponsiveContainer` measuring its box and drawing once more. `tooltip` is false until
 * the person first points at or focuses the plot: recharts' tooltip measures its box (a forced
 * layout) and renders again when it mounts, work the first draw need not wait for; it shows from the
 * first pointing on.
 */
export interface PlotSize {
  width: number;
  height: number;
  tooltip: boolean;
}

/** Splits a label into lines of at most `max` characters at spaces (a long word stays whole). */
export function wrapLabel(label: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of label.split(/\s+/).filter(Boolean)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length ? lines : [label];
}

interface TickProps {
  x?: number | string;
  y?: number | string;
  payload?: { value: string | number };
}

/** An x-axis label written out whole, over as many lines as it needs. */
function XTick({ x = 0, y = 0, payload }: TickProps) {
  const lines = wrapLabel(String(payload?.value ?? ''), 10);
  return (
    <text x={Number(x)} y={Number(y)} textAnchor="middle" fontSize={11} fill={TICK_COLOUR}>
      {lines.map((line, i) => (
        <tspan key={line} x={Number(x)} dy={i === 0 ? '0.9em' : '1.1em'}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

/** A y-axis category label (horizontal bars), whole, right-aligned beside its bar. */
function YTick({ x = 0, y = 0, payload }: TickProps) {
  const lines = wrapLabel(String(payload?.value ?? ''), 14);
  return (
    <text x={Number(x)} y={Number(y)} textAnchor="end" fontSize={11} fill={TICK_COLOUR}>
      {lines.map((line, i) => (
        <tspan key={line} x={Number(x) - 4} dy={i === 0 ? `${0.35 - (lines.length - 1) * 0.55}em` : '1.1em'}>
          {line}
        </tspan>
      ))}
    </text>
  );
}

/**
 * A figure on a number axis, in the person's digits. Our own element, as the category labels are:
 * recharts' default tick label measures its words in the page (a forced layout each) because the
 * axis gives it a width; the axes also show every tick (`interval={0}`: a handful of whole numbers),
 * which spares recharts measuring each one to choose which to leave out.
 */
function NumberTick({ x = 0, y = 0, payload, vertical }: TickProps & { vertical?: boolean }) {
  return (
    <text
      x={Number(x)}
      y={Number(y)}
      dy={vertical ? '0.355em' : '0.71em'}
      textAnchor={vertical ? 'end' : 'middle'}
      fontSize={12}
      fill={TICK_COLOUR}
    >
      {digits(Number(payload?.value ?? 0))}
    </text>
  );
}

/** A ring of slices, one colour each (in the order of the legend beside it). */
export function DonutPlot({ slices, size }: { slices: { name: string; value: number }[]; size: PlotSize }) {
  return (
    <PieChart width={size.width} height={size.height}>
      <Pie
        data={slices}
        dataKey="value"
        nameKey="name"
        innerRadius="55%"
        outerRadius="85%"
        isAnimationActive={false}
      >
        {slices.map((slice, i) => (
          <Cell key={slice.name} fill={CHART_COLOURS[i % CHART_COLOURS.length]} />
        ))}
      </Pie>
      {size.tooltip && <Tooltip itemStyle={TOOLTIP_ITEM} />}
    </PieChart>
  );
}

/** Vertical bars, one series per colour, grouped by the category of `category`. */
export function GroupedBarsPlot({
  rows,
  category,
  series,
  size,
}: {
  rows: object[];
  category: string;
  series: { key: string; name: string }[];
  size: PlotSize;
}) {
  return (
    <BarChart width={size.width} height={size.height} data={rows}>
      <CartesianGrid strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey={category} interval={0} tick={<XTick />} height={44} />
      <YAxis allowDecimals={false} width={32} interval={0} tick={<NumberTick vertical />} />
      {size.tooltip && <Tooltip itemStyle={TOOLTIP_ITEM} />}
      {series.map((s, i) => (
        <Bar key={s.key} dataKey={s.key} name={s.name} fill={CHART_COLOURS[i]} isAnimationActive={false} />
      ))}
    </BarChart>
  );
}

/** Horizontal bars, one series: every category's name fits whole beside its bar, however many there are. */
export function HorizontalBarsPlot({
  rows,
  category,
  value,
  name,
  size,
}: {
  rows: object[];
  category: string;
  value: string;
  name: string;
  size: PlotSize;
}) {
  return (
    <BarChart
      width={size.width}
      height={size.height}
      data={rows}
      layout="vertical"
      margin={{ left: 8, right: 16 }}
    >
      <CartesianGrid strokeDasharray="3 3" horizontal={false} />
      <XAxis type="number" allowDecimals={false} interval={0} tick={<NumberTick />} />
      <YAxis type="category" dataKey={category} width={104} interval={0} tick={<YTick />} />
      {size.tooltip && <Tooltip itemStyle={TOOLTIP_ITEM} />}
      <Bar dataKey={value} name={name} fill={CHART_COLOURS[0]} isAnimationActive={false} />
    </BarChart>
  );
}
