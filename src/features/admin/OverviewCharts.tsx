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
          <XAxis dataKey="slot" fontSize={10} interval={0} />
          <YAxis allowDecimals={false} fontSize={12} width={32} />
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
  return (
    <>
      <ResponsiveContainer width="100%" height={HEIGHT}>
        <BarChart data={data}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="subject" fontSize={11} interval={0} angle={-30} textAnchor="end" height={60} />
          <YAxis allowDecimals={false} fontSize={12} width={32} />
          <Tooltip />
          <Bar dataKey="count" name="Requests" isAnimationActive={false}>
            {data.map((d, i) => (
              <Cell key={d.subject} fill={CHART_COLOURS[i % CHART_COLOURS.length]} />
            ))}
          </Bar>
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
