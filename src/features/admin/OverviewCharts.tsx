// recharts is imported here only: this module is loaded lazily by the admin dashboard, so the chart
// code stays in the dashboard's own chunk and off every other route.
import './messages';
import { VisuallyHidden } from '@mantine/core';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  type DefaultLegendContentProps,
  Legend,
  type LegendPayload,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { OTHER_SUBJECTS_BAR } from '../../../contract/constants';
import { BUSY_HOUR_SERIES, CHART_COLOURS } from '../../../contract/rules/admin';
import type { MonthOverview } from '../../../contract/structs/admin';
import { formatDigits, optionName, subjectName, useTranslation } from '../../i18n';

const HEIGHT = 240;
const TICK_COLOUR = '#495057'; // gray.7: 7.8:1 on white
/**
 * The legend: each series' name in dark text beside a swatch of its colour (the series' colours are
 * made for graphics, 3:1 or more; as text the dark yellow, 3.8:1, falls short of the 4.5:1 text
 * needs), in the order of the series (`inOrder`), not sorted by name. The swatch is decoration,
 * hidden from screen readers (the library's own legend labels each swatch '<name> legend icon', in
 * English whatever the language); a long name wraps on a phone.
 */
const legendContent = ({ payload }: DefaultLegendContentProps) => (
  <ul style={{ listStyle: 'none', margin: 0, padding: 0, textAlign: 'center' }}>
    {(payload ?? []).map((entry, i) =>
      entry.type === 'none' ? null : (
        // biome-ignore lint/suspicious/noArrayIndexKey: the legend's order is the series' order
        <li key={i} style={{ display: 'inline-block', marginRight: 10 }}>
          <svg
            width={14}
            height={14}
            viewBox="0 0 14 14"
            aria-hidden="true"
            style={{ display: 'inline-block', verticalAlign: 'middle', marginRight: 4 }}
          >
            <rect width={14} height={14} fill={entry.color} />
          </svg>
          <span style={{ color: TICK_COLOUR }}>{entry.value}</span>
        </li>
      ),
    )}
  </ul>
);
/** Legend entries in the order of the series (slices). */
const inOrder = (names: string[]) => (item: LegendPayload) => names.indexOf(String(item.value));
/** Axis figures in the person's digits (Bengali digits in Bengali). */
const digits = (value: number) => formatDigits(value);

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

/** The figures of a chart as a table for screen readers (and for anyone who prefers numbers). */
function DataTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={String(r[0])}>
              {r.map((cell, i) => (
                <td key={`${r[0]}-${head[i]}`}>{typeof cell === 'number' ? formatDigits(cell) : cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

/** A chart at its height, followed by its figures as a table (the one block every chart shares). */
function ChartFigure({
  height = HEIGHT,
  table,
  children,
}: {
  height?: number;
  table: Parameters<typeof DataTable>[0];
  children: React.ReactElement;
}) {
  return (
    <>
      <ResponsiveContainer width="100%" height={height}>
        {children}
      </ResponsiveContainer>
      <DataTable {...table} />
    </>
  );
}

/** A ring of slices, one colour each, named in the legend. */
function Donut({
  data,
  table,
}: {
  data: { name: string; value: number }[];
  table: { caption: string; head: string[] };
}) {
  return (
    <ChartFigure table={{ ...table, rows: data.map((d) => [d.name, d.value]) }}>
      <PieChart>
        <Pie
          data={data}
          dataKey="value"
          nameKey="name"
          innerRadius="55%"
          outerRadius="85%"
          isAnimationActive={false}
        >
          {data.map((slice, i) => (
            <Cell key={slice.name} fill={CHART_COLOURS[i % CHART_COLOURS.length]} />
          ))}
        </Pie>
        <Tooltip />
        <Legend content={legendContent} itemSorter={inOrder(data.map((d) => d.name))} />
      </PieChart>
    </ChartFigure>
  );
}

export function ClassModesChart({ data }: { data: MonthOverview['teaching']['class_modes'] }) {
  const { t } = useTranslation();
  return (
    <Donut
      data={data.map((d) => ({ ...d, name: optionName(t, 'options:classMode', d.name) }))}
      table={{
        caption: t('admin:dashboard.classModes'),
        head: [t('admin:charts.mode'), t('admin:charts.requests')],
      }}
    />
  );
}

export function BusyHoursChart({ data }: { data: MonthOverview['teaching']['busy_hours'] }) {
  const { t } = useTranslation();
  const rows = data.map((d) => ({ ...d, slot: optionName(t, 'options:busyHourBand', d.slot) }));
  const series = BUSY_HOUR_SERIES.map((s) => ({
    key: s.key,
    name: optionName(t, 'options:busyHourSeries', s.key),
  }));
  return (
    <ChartFigure
      table={{
        caption: t('admin:dashboard.busyHours'),
        head: [t('admin:charts.time'), ...series.map((s) => s.name)],
        rows: rows.map((d) => [d.slot, d.school_students, d.college_students, d.working_pro]),
      }}
    >
      <BarChart data={rows}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="slot" interval={0} tick={<XTick />} height={44} />
        <YAxis
          allowDecimals={false}
          fontSize={12}
          width={32}
          tick={{ fill: TICK_COLOUR }}
          tickFormatter={digits}
        />
        <Tooltip />
        <Legend content={legendContent} itemSorter={inOrder(series.map((s) => s.name))} />
        {series.map((s, i) => (
          <Bar key={s.key} dataKey={s.key} name={s.name} fill={CHART_COLOURS[i]} isAnimationActive={false} />
        ))}
      </BarChart>
    </ChartFigure>
  );
}

export function SearchedSubjectsChart({ data }: { data: MonthOverview['teaching']['searched_subjects'] }) {
  const { t } = useTranslation();
  // Horizontal bars: every subject's name fits whole beside its bar, however many there are. The
  // names in the reader's language (seeded subjects; the bar of subjects not yet approved).
  const rows = data.map((d) => ({
    ...d,
    label: d.subject === OTHER_SUBJECTS_BAR ? t('admin:charts.otherSubjects') : subjectName(t, d.subject),
  }));
  return (
    <ChartFigure
      height={Math.max(HEIGHT, rows.length * 36 + 60)}
      table={{
        caption: t('admin:dashboard.searchedSubjects'),
        head: [t('admin:charts.subject'), t('admin:charts.requests')],
        rows: rows.map((d) => [d.label, d.count]),
      }}
    >
      <BarChart data={rows} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis
          type="number"
          allowDecimals={false}
          fontSize={12}
          tick={{ fill: TICK_COLOUR }}
          tickFormatter={digits}
        />
        <YAxis type="category" dataKey="label" width={104} interval={0} tick={<YTick />} />
        <Tooltip />
        <Legend content={legendContent} />
        <Bar
          dataKey="count"
          name={t('admin:charts.requests')}
          fill={CHART_COLOURS[0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartFigure>
  );
}

export function IndustryPostingsChart({ data }: { data: MonthOverview['jobs']['industry_postings'] }) {
  const { t } = useTranslation();
  // One series, so one colour (named in the legend). Horizontal bars, as for the subjects: every
  // industry's name fits whole beside its bar, even on a phone.
  const rows = data.map((d) => ({ ...d, label: optionName(t, 'options:industry', d.industry, d.label) }));
  return (
    <ChartFigure
      height={Math.max(HEIGHT, rows.length * 36 + 60)}
      table={{
        caption: t('admin:dashboard.industryPostings'),
        head: [t('admin:charts.industry'), t('admin:charts.jobPostings')],
        rows: rows.map((d) => [d.label, d.count]),
      }}
    >
      <BarChart data={rows} layout="vertical" margin={{ left: 8, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis
          type="number"
          allowDecimals={false}
          fontSize={12}
          tick={{ fill: TICK_COLOUR }}
          tickFormatter={digits}
        />
        <YAxis type="category" dataKey="label" width={104} interval={0} tick={<YTick />} />
        <Tooltip />
        <Legend content={legendContent} />
        <Bar
          dataKey="count"
          name={t('admin:charts.jobPostings')}
          fill={CHART_COLOURS[0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartFigure>
  );
}

export function HiringRatioChart({ data }: { data: MonthOverview['jobs']['hiring_ratio'] }) {
  const { t } = useTranslation();
  return (
    <Donut
      data={data.map((d) => ({ ...d, name: optionName(t, 'options:hiringOutcome', d.name) }))}
      table={{
        caption: t('admin:dashboard.hiringRatio'),
        head: [t('admin:charts.outcome'), t('admin:charts.applications')],
      }}
    />
  );
}
