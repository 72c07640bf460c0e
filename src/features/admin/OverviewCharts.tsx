// recharts is imported here only: this module is loaded lazily by the admin dashboard, so the chart
// code stays in the dashboard's own chunk and off every other route.
import { VisuallyHidden } from '@mantine/core';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { BUSY_HOUR_SERIES, CHART_COLOURS } from '../../../contract/rules/admin';
import type { MonthOverview } from '../../../contract/structs/admin';

const HEIGHT = 240;
const TICK_COLOUR = '#495057'; // gray.7: 7.8:1 on white

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
                <td key={`${r[0]}-${head[i]}`}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

export function ClassModesChart({ data }: { data: MonthOverview['teaching']['class_modes'] }) {
  return (
    <>
      <ResponsiveContainer width="100%" height={HEIGHT}>
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
          <Legend />
        </PieChart>
      </ResponsiveContainer>
      <DataTable
        caption="Offline vs Online Classes"
        head={['Mode', 'Requests']}
        rows={data.map((d) => [d.name, d.value])}
      />
    </>
  );
}

export function BusyHoursChart({ data }: { data: MonthOverview['teaching']['busy_hours'] }) {
  return (
    <>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart data={data}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="slot" interval={0} tick={<XTick />} height={44} />
          <YAxis allowDecimals={false} fontSize={12} width={32} tick={{ fill: TICK_COLOUR }} />
          <Tooltip />
          <Legend />
          {BUSY_HOUR_SERIES.map((s, i) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={CHART_COLOURS[i]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
      <DataTable
        caption="Busy Hours"
        head={['Time', ...BUSY_HOUR_SERIES.map((s) => s.label)]}
        rows={data.map((d) => [d.slot, d.school_students, d.college_students, d.working_pro])}
      />
    </>
  );
}

export function SearchedSubjectsChart({ data }: { data: MonthOverview['teaching']['searched_subjects'] }) {
  // Horizontal bars: every subject's name fits whole beside its bar, however many there are.
  return (
    <>
      <ResponsiveContainer width="100%" height={Math.max(HEIGHT, data.length * 36 + 60)}>
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} fontSize={12} tick={{ fill: TICK_COLOUR }} />
          <YAxis type="category" dataKey="subject" width={104} interval={0} tick={<YTick />} />
          <Tooltip />
          <Legend />
          <Bar dataKey="count" name="Requests" fill={CHART_COLOURS[0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
      <DataTable
        caption="Most Searched Subject"
        head={['Subject', 'Requests']}
        rows={data.map((d) => [d.subject, d.count])}
      />
    </>
  );
}

export function IndustryPostingsChart({ data }: { data: MonthOverview['jobs']['industry_postings'] }) {
  return (
    <>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart data={data}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" fontSize={11} interval={0} angle={-30} textAnchor="end" height={60} />
          <YAxis allowDecimals={false} fontSize={12} width={32} />
          <Tooltip />
          <Bar dataKey="count" name="Job postings" isAnimationActive={false}>
            {data.map((d, i) => (
              <Cell key={d.industry} fill={CHART_COLOURS[i % CHART_COLOURS.length]} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
      <DataTable
        caption="Industry wise job postings"
        head={['Industry', 'Job postings']}
        rows={data.map((d) => [d.label, d.count])}
      />
    </>
  );
}

export function HiringRatioChart({ data }: { data: MonthOverview['jobs']['hiring_ratio'] }) {
  return (
    <>
      <ResponsiveContainer width="100%" height={HEIGHT}>
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
          <Legend />
        </PieChart>
      </ResponsiveContainer>
      <DataTable
        caption="Hiring Ratio"
        head={['Outcome', 'Applications']}
        rows={data.map((d) => [d.name, d.value])}
      />
    </>
  );
}
