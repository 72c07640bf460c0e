import './messages';
import { Card, Loader, Text, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { OTHER_SUBJECTS_BAR } from '../../../contract/constants';
import { BUSY_HOUR_SERIES, CHART_COLOURS } from '../../../contract/rules/admin';
import type { MonthOverview } from '../../../contract/structs/admin';
import { formatDigits, optionName, subjectName, useTranslation } from '../../i18n';
import type { PlotSize } from './OverviewCharts';

/**
 * The month overview's charts. Each chart's card, caption, legend and figures (a table for screen
 * readers) render with the month's figures; only the plot waits for the charting library (recharts,
 * about 110 KB gzip, in a chunk of its own, asked for once the charts are on the page: preloaded with
 * the page, it took a phone's bandwidth from the first screen's code and answers), in a place of its
 * final size, so nothing moves when it is drawn. The library is evaluated and the
 * plots drawn only after the page's first render: on a phone the charts are below the first screen
 * (the approvals, new subjects and the month's figures fill it), and evaluating and drawing them took
 * about a second of a slow phone's main thread that the first screen had waited for. No Suspense: a
 * boundary that showed its fallback reveals its content only after a pause React adds.
 */
type Charts = typeof import('./OverviewCharts');

let charts: Charts | undefined;
let loading: Promise<Charts> | undefined;
/** The charting code, asked for once (again after a failed download). */
const loadCharts = (): Promise<Charts> =>
  (loading ??= import('./OverviewCharts').then(
    (m) => {
      charts = m;
      return m;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));

/**
 * The charting code once it is in (undefined until then). Asked for from an effect, so after the
 * page's first render has committed; a failed download goes to the error boundary.
 */
export function useCharts(): Charts | undefined {
  const [loaded, setLoaded] = useState(charts);
  const [failure, setFailure] = useState<{ error: unknown }>();
  useEffect(() => {
    if (loaded) return;
    let live = true;
    loadCharts().then(
      (m) => live && setLoaded(m),
      (error: unknown) => live && setFailure({ error }),
    );
    return () => {
      live = false;
    };
  }, [loaded]);
  if (failure) throw failure.error;
  return loaded;
}

/** Plot heights (the legend and the figures' table are outside the plot). */
const HEIGHT = 216;
const barsHeight = (bars: number) => Math.max(HEIGHT, bars * 36 + 36);

interface LegendItem {
  name: string;
  colour: string;
}

/**
 * The legend: each series' name in dark text beside a swatch of its colour (the series' colours are
 * made for graphics, 3:1 or more; as text the dark yellow, 3.8:1, falls short of the 4.5:1 text
 * needs), in the order of the series. The swatch is decoration, hidden from screen readers; a long
 * name wraps on a phone.
 */
function Legend({ items }: { items: LegendItem[] }) {
  return (
    <ul style={{ listStyle: 'none', margin: '4px 0 0', padding: 0, textAlign: 'center' }}>
      {items.map((item) => (
        <li key={item.name} style={{ display: 'inline-block', marginRight: 10 }}>
          <svg
            width={14}
            height={14}
            viewBox="0 0 14 14"
            aria-hidden="true"
            style={{ display: 'inline-block', verticalAlign: 'middle', marginRight: 4 }}
          >
            <rect width={14} height={14} fill={item.colour} />
          </svg>
          <span style={{ color: '#495057' }}>{item.name}</span>
        </li>
      ))}
    </ul>
  );
}

interface Table {
  caption: string;
  head: string[];
  rows: (string | number)[][];
}

/** The figures of a chart as a table for screen readers (and for anyone who prefers numbers). */
function DataTable({ caption, head, rows }: Table) {
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

/** A chart's card: caption, the plot's place (a loader until the charting code is in), legend, table. */
function ChartCard({
  title,
  height,
  legend,
  table,
  charts,
  draw,
}: {
  title: string;
  height: number;
  legend: LegendItem[];
  table: Table;
  charts: Charts | undefined;
  draw: (charts: Charts, size: PlotSize) => ReactNode;
}) {
  const { t } = useTranslation();
  const place = useRef<HTMLDivElement>(null);
  // The place's width as laid out, read before the browser paints (a synchronous second render):
  // the plot is drawn at that width, at once, and drawn again only when the place is resized.
  const [width, setWidth] = useState(-1);
  useLayoutEffect(() => {
    const element = place.current;
    if (!charts || !element) return;
    setWidth(element.clientWidth);
    const resized = new ResizeObserver(() => setWidth(element.clientWidth));
    resized.observe(element);
    return () => resized.disconnect();
  }, [charts]);
  // Whether the person has pointed at or focused the plot yet: its tooltip is mounted from then on.
  const [pointedAt, setPointedAt] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (!element || pointedAt) return;
    const pointed = () => setPointedAt(true);
    element.addEventListener('pointerenter', pointed);
    element.addEventListener('focusin', pointed);
    return () => {
      element.removeEventListener('pointerenter', pointed);
      element.removeEventListener('focusin', pointed);
    };
  }, [pointedAt]);
  return (
    <Card withBorder radius="md" padding="md" component="figure" aria-label={title} m={0}>
      <Text fw={600} mb="xs" component="figcaption">
        {title}
      </Text>
      <div ref={place} className="admin-chart__plot" style={{ height }}>
        {charts && width > 0 ? (
          draw(charts, { width, height, tooltip: pointedAt })
        ) : charts ? null : (
          <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Loader size="sm" aria-label={t('admin:dashboard.loadingChart', { title })} />
          </div>
        )}
      </div>
      <Legend items={legend} />
      <DataTable {...table} />
    </Card>
  );
}

const colours = (names: string[]) =>
  names.map((name, i) => ({ name, colour: CHART_COLOURS[i % CHART_COLOURS.length] }));

export function ClassModesChart({
  data,
  charts,
}: {
  data: MonthOverview['teaching']['class_modes'];
  charts: Charts | undefined;
}) {
  const { t } = useTranslation();
  const slices = data.map((d) => ({ ...d, name: optionName(t, 'options:classMode', d.name) }));
  return (
    <ChartCard
      title={t('admin:dashboard.classModes')}
      height={HEIGHT}
      legend={colours(slices.map((s) => s.name))}
      table={{
        caption: t('admin:dashboard.classModes'),
        head: [t('admin:charts.mode'), t('admin:charts.requests')],
        rows: slices.map((d) => [d.name, d.value]),
      }}
      charts={charts}
      draw={(c, size) => <c.DonutPlot slices={slices} size={size} />}
    />
  );
}

export function BusyHoursChart({
  data,
  charts,
}: {
  data: MonthOverview['teaching']['busy_hours'];
  charts: Charts | undefined;
}) {
  const { t } = useTranslation();
  const rows = data.map((d) => ({ ...d, slot: optionName(t, 'options:busyHourBand', d.slot) }));
  const series = BUSY_HOUR_SERIES.map((s) => ({
    key: s.key,
    name: optionName(t, 'options:busyHourSeries', s.key),
  }));
  return (
    <ChartCard
      title={t('admin:dashboard.busyHours')}
      height={HEIGHT}
      legend={colours(series.map((s) => s.name))}
      table={{
        caption: t('admin:dashboard.busyHours'),
        head: [t('admin:charts.time'), ...series.map((s) => s.name)],
        rows: rows.map((d) => [d.slot, d.school_students, d.college_students, d.working_pro]),
      }}
      charts={charts}
      draw={(c, size) => <c.GroupedBarsPlot rows={rows} category="slot" series={series} size={size} />}
    />
  );
}

export function SearchedSubjectsChart({
  data,
  charts,
}: {
  data: MonthOverview['teaching']['searched_subjects'];
  charts: Charts | undefined;
}) {
  const { t } = useTranslation();
  const name = t('admin:charts.requests');
  // The names in the reader's language (seeded subjects; the bar of subjects not yet approved).
  const rows = data.map((d) => ({
    ...d,
    label: d.subject === OTHER_SUBJECTS_BAR ? t('admin:charts.otherSubjects') : subjectName(t, d.subject),
  }));
  return (
    <ChartCard
      title={t('admin:dashboard.searchedSubjects')}
      height={barsHeight(rows.length)}
      legend={colours([name])}
      table={{
        caption: t('admin:dashboard.searchedSubjects'),
        head: [t('admin:charts.subject'), t('admin:charts.requests')],
        rows: rows.map((d) => [d.label, d.count]),
      }}
      charts={charts}
      draw={(c, size) => (
        <c.HorizontalBarsPlot rows={rows} category="label" value="count" name={name} size={size} />
      )}
    />
  );
}

export function IndustryPostingsChart({
  data,
  charts,
}: {
  data: MonthOverview['jobs']['industry_postings'];
  charts: Charts | undefined;
}) {
  const { t } = useTranslation();
  // One series, so one colour (named in the legend). Horizontal bars, as for the subjects: every
  // industry's name fits whole beside its bar, even on a phone.
  const rows = data.map((d) => ({ ...d, label: optionName(t, 'options:industry', d.industry, d.label) }));
  const name = t('admin:charts.jobPostings');
  return (
    <ChartCard
      title={t('admin:dashboard.industryPostings')}
      height={barsHeight(rows.length)}
      legend={colours([name])}
      table={{
        caption: t('admin:dashboard.industryPostings'),
        head: [t('admin:charts.industry'), t('admin:charts.jobPostings')],
        rows: rows.map((d) => [d.label, d.count]),
      }}
      charts={charts}
      draw={(c, size) => (
        <c.HorizontalBarsPlot rows={rows} category="label" value="count" name={name} size={size} />
      )}
    />
  );
}

export function HiringRatioChart({
  data,
  charts,
}: {
  data: MonthOverview['jobs']['hiring_ratio'];
  charts: Charts | undefined;
}) {
  const { t } = useTranslation();
  const slices = data.map((d) => ({ ...d, name: optionName(t, 'options:hiringOutcome', d.name) }));
  return (
    <ChartCard
      title={t('admin:dashboard.hiringRatio')}
      height={HEIGHT}
      legend={colours(slices.map((s) => s.name))}
      table={{
        caption: t('admin:dashboard.hiringRatio'),
        head: [t('admin:charts.outcome'), t('admin:charts.applications')],
        rows: slices.map((d) => [d.name, d.value]),
      }}
      charts={charts}
      draw={(c, size) => <c.DonutPlot slices={slices} size={size} />}
    />
  );
}
