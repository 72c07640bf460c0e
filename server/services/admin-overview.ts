import { sql } from 'drizzle-orm';
import { HIRING_OUTCOMES, JOB_INDUSTRIES, OTHER_SUBJECTS_BAR } from '../../contract/constants';
import { BUSY_HOUR_BANDS, CLASS_MODES, MONTH_PATTERN, monthLabel } from '../../contract/rules/admin';
import type { MonthOverview } from '../../contract/structs/admin';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/** Months are calendar months in India (UTC+05:30, no daylight saving). */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** 'YYYY-MM' of an instant, in India. */
export function monthOf(instant: Date): string {
  const local = new Date(instant.getTime() + IST_OFFSET_MS);
  return `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** [start, end) of a 'YYYY-MM' month in India, as instants. */
export function monthBounds(month: string): { start: Date; end: Date } {
  const match = MONTH_PATTERN.exec(month);
  if (!match) throw new Error(`bad month ${month}`);
  const y = Number(match[1]);
  const m = Number(match[2]) - 1;
  return {
    start: new Date(Date.UTC(y, m, 1) - IST_OFFSET_MS),
    end: new Date(Date.UTC(y, m + 1, 1) - IST_OFFSET_MS),
  };
}

function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

const MAX_MONTHS = 120;

/** The month selector: the current month first, then every earlier month that has data, newest first. */
export async function monthsWithData(db: Db, now = new Date()): Promise<string[]> {
  const current = monthOf(now);
  const [first] = rowsOf<{ first: string | Date | null }>(
    await db.execute(sql`select least(
      (select min(created_at) from teachers),
      (select min(created_at) from students),
      (select min(created_at) from teacher_student_requests),
      (select min(created_at) from job_postings)) as first`),
  );
  if (!first?.first) return [current];
  const earliest = monthOf(new Date(first.first));
  const candidates: string[] = [];
  for (let m = previousMonth(current); m >= earliest && candidates.length < MAX_MONTHS; m = previousMonth(m))
    candidates.push(m);
  if (!candidates.length) return [current];
  const values = sql.join(
    candidates.map((m) => {
      const { start, end } = monthBounds(m);
      return sql`(${m}, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz)`;
    }),
    sql`, `,
  );
  const rows = rowsOf<{ month: string }>(
    await db.execute(sql`select v.month from (values ${values}) as v(month, s, e)
      where exists (select 1 from teachers where created_at >= v.s and created_at < v.e)
         or exists (select 1 from students where created_at >= v.s and created_at < v.e)
         or exists (select 1 from teacher_student_requests where created_at >= v.s and created_at < v.e)
         or exists (select 1 from job_postings where created_at >= v.s and created_at < v.e)
         or exists (select 1 from job_applications where created_at >= v.s and created_at < v.e)
      order by v.month desc`),
  );
  return [current, ...rows.map((r) => r.month)];
}

const BAND_OF_TIME: Record<string, (typeof BUSY_HOUR_BANDS)[number]> = {
  morning: '8am-12pm',
  afternoon: '12pm-4pm',
  evening: '4pm-8pm',
};
const MODE_NAME: Record<string, (typeof CLASS_MODES)[number]> = {
  online: 'Online',
  offline: 'Offline',
  both: 'Mix',
};

/**
 * Every figure of the admin dashboard for one month (D9). Totals count registrations up to the
 * month's end (active = still active); the Teaching charts read the requests students made in the
 * month (their own requests, not the copies sent to teachers). The Jobs figures come from
 * jobMonthFigures.
 */
export async function monthOverview(db: Db, month: string, now = new Date()): Promise<MonthOverview> {
  const { end } = monthBounds(month);
  const e = end.toISOString();
  // Up to now, the per-status totals kept by triggers answer (migrations 0004 and 0006).
  const upToNow = end.getTime() > now.getTime();
  const totals = (table: 'teachers' | 'students') =>
    upToNow
      ? sql`select coalesce(sum(n), 0)::int as total, coalesce(sum(n) filter (where is_active), 0)::int as active
              from ${sql.raw(`${table.slice(0, -1)}_status_counts`)}`
      : sql`select count(*)::int as total, (count(*) filter (where is_active))::int as active
              from ${sql.raw(table)} where created_at < ${e}::timestamptz`;
  // The Teaching charts read the per-month request counts kept by triggers (migration 0006).
  const [months, teacherRows, studentRows, countRows, subjectsRows, jobs] = await Promise.all([
    monthsWithData(db, now),
    db.execute(totals('teachers')),
    db.execute(totals('students')),
    db.execute(sql`select kind, key, n::int as n from admin_month_request_counts
      where month = ${month} and kind in ('mode', 'busy') and n > 0`),
    // Subjects nobody approved yet count as 'Other' (they never show under their own name).
    db.execute(sql`select case when s.status = 'approved' then s.name else ${OTHER_SUBJECTS_BAR}::text end as subject,
        sum(c.n)::int as n
      from admin_month_request_counts c join subjects s on s.id::text = c.key
      where c.month = ${month} and c.kind = 'subject' and c.n > 0
      group by 1 order by n desc, 1 asc limit 10`),
    jobMonthFigures(db, month),
  ]);
  const [teacherCounts] = rowsOf<{ total: number; active: number }>(teacherRows);
  const [studentCounts] = rowsOf<{ total: number; active: number }>(studentRows);
  const summary = {
    total_teachers: teacherCounts?.total,
    active_teachers: teacherCounts?.active,
    total_students: studentCounts?.total,
    active_students: studentCounts?.active,
  };
  const counts = rowsOf<{ kind: string; key: string; n: number }>(countRows);
  const modes = counts.filter((c) => c.kind === 'mode').map((c) => ({ mode: c.key, n: c.n }));
  // Busy keys are '<time>|<group>', the group from the student's latest qualification.
  const busy = counts
    .filter((c) => c.kind === 'busy')
    .map((c) => {
      const [time, grp] = c.key.split('|');
      return { time, grp, n: c.n };
    });
  const subjects = rowsOf<{ subject: string; n: number }>(subjectsRows);

  const modeCount = (name: string) =>
    modes.filter((m) => MODE_NAME[m.mode] === name).reduce((sum, m) => sum + Number(m.n), 0);
  return {
    month,
    label: monthLabel(month),
    months: months.map((value) => ({ value, label: monthLabel(value) })),
    summary: {
      total_teachers: Number(summary?.total_teachers ?? 0),
      active_teachers: Number(summary?.active_teachers ?? 0),
      total_students: Number(summary?.total_students ?? 0),
      active_students: Number(summary?.active_students ?? 0),
      active_job_posts: jobs.activePosts,
      job_applications: jobs.applications,
    },
    teaching: {
      class_modes: CLASS_MODES.map((name) => ({ name, value: modeCount(name) })),
      busy_hours: BUSY_HOUR_BANDS.map((slot) => {
        const of = (grp: string) =>
          busy
            .filter((b) => BAND_OF_TIME[b.time] === slot && b.grp === grp)
            .reduce((sum, b) => sum + Number(b.n), 0);
        return {
          slot,
          school_students: of('school_students'),
          college_students: of('college_students'),
          working_pro: of('working_pro'),
        };
      }),
      searched_subjects: subjects.map((r) => ({ subject: r.subject, count: Number(r.n) })),
    },
    jobs: { industry_postings: jobs.industryPostings, hiring_ratio: jobs.hiringRatio },
  };
}

/**
 * The Jobs figures of a month. A posting is active in the month when it was published before the
 * month ended and was still taking applications at some point in it (not closed before the month
 * began, closing date not before the month's first day). Applications are those made in the month
 * and not withdrawn; the Hiring Ratio splits them by where they stand now, its slices adding up to
 * them. Both read through indexes
 * (job_postings_created_at_idx; job_applications_created_at_idx covers created_at and status), so
 * the cost follows the month's own rows, not the table.
 */
export async function jobMonthFigures(db: Db, month: string) {
  const { start, end } = monthBounds(month);
  const s = start.toISOString();
  const e = end.toISOString();
  // The month's first calendar day in India, as a date.
  const firstDay = `${month}-01`;
  const [postingRows, applicationRows] = await Promise.all([
    db.execute(sql`select industry, count(*)::int as n from job_postings
      where created_at < ${e}::timestamptz
        and (closed_at is null or closed_at >= ${s}::timestamptz)
        and closing_date >= ${firstDay}::date
      group by industry`),
    db.execute(sql`select status, count(*)::int as n from job_applications
      where created_at >= ${s}::timestamptz and created_at < ${e}::timestamptz
      group by status`),
  ]);
  const perIndustry = new Map(
    rowsOf<{ industry: string; n: number }>(postingRows).map((r) => [r.industry, Number(r.n)]),
  );
  const perStatus = new Map(
    rowsOf<{ status: string; n: number }>(applicationRows).map((r) => [r.status, Number(r.n)]),
  );
  const status = (name: string) => perStatus.get(name) ?? 0;
  const industryPostings = JOB_INDUSTRIES.map((i) => ({
    industry: i.value,
    label: i.label,
    count: perIndustry.get(i.value) ?? 0,
  }));
  const hiringRatio = HIRING_OUTCOMES.map((outcome) => ({
    name: outcome.name,
    value: outcome.statuses.reduce((sum, s) => sum + status(s), 0),
  }));
  return {
    activePosts: industryPostings.reduce((sum, i) => sum + i.count, 0),
    applications: hiringRatio.reduce((sum, slice) => sum + slice.value, 0),
    industryPostings,
    hiringRatio,
  };
}
