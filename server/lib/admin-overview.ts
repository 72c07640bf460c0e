import { sql } from 'drizzle-orm';
import { BUSY_HOUR_BANDS, CLASS_MODES, MONTH_PATTERN, monthLabel } from '../../contract/rules/admin';
import type { MonthOverview } from '../../contract/structs/admin';
import type { Db } from '../db/client';

/** Months are calendar months in India (UTC+05:30, no daylight saving). */
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

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
      (select min(created_at) from teacher_student_requests)) as first`),
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
 * month (their own requests, not the copies sent to teachers). There are no job posts in the
 * product yet, so the job figures are 0 and the job charts empty.
 */
export async function monthOverview(db: Db, month: string, now = new Date()): Promise<MonthOverview> {
  const { start, end } = monthBounds(month);
  const s = start.toISOString();
  const e = end.toISOString();
  const inMonth = sql`r.parent_request_id is null and r.created_at >= ${s}::timestamptz and r.created_at < ${e}::timestamptz`;

  const months = await monthsWithData(db, now);
  // Up to now, the per-status totals kept by triggers answer for teachers (migration 0004).
  const teacherTotals =
    end.getTime() > now.getTime()
      ? sql`select coalesce(sum(n), 0)::int as total, coalesce(sum(n) filter (where is_active), 0)::int as active
              from teacher_status_counts`
      : sql`select count(*)::int as total, (count(*) filter (where is_active))::int as active
              from teachers where created_at < ${e}::timestamptz`;
  const [teacherCounts] = rowsOf<{ total: number; active: number }>(await db.execute(teacherTotals));
  const [studentCounts] = rowsOf<{ total: number; active: number }>(
    await db.execute(sql`select count(*)::int as total, (count(*) filter (where is_active))::int as active
      from students where created_at < ${e}::timestamptz`),
  );
  const summary = {
    total_teachers: teacherCounts?.total,
    active_teachers: teacherCounts?.active,
    total_students: studentCounts?.total,
    active_students: studentCounts?.active,
  };
  const modes = rowsOf<{ mode: string; n: number }>(
    await db.execute(sql`select r.mode_of_teaching as mode, count(*)::int as n
      from teacher_student_requests r where ${inMonth} group by 1`),
  );
  // Student group from the student's latest qualification: school (degrees 1-3), college (4-6), working (7-8).
  const busy = rowsOf<{ time: string; grp: string; n: number }>(
    await db.execute(sql`with month_requests as (
        select r.student_id, r.preferred_time from teacher_student_requests r where ${inMonth}
      ), latest as (
        select distinct on (q.student_id) q.student_id, q.degree_id
          from student_educational_qualifications q
         where q.student_id in (select student_id from month_requests)
         order by q.student_id, q.id desc
      )
      select t.slot_time as time,
             case when l.degree_id <= 3 then 'school_students'
                  when l.degree_id <= 6 then 'college_students'
                  else 'working_pro' end as grp,
             count(*)::int as n
        from month_requests mr
        join latest l on l.student_id = mr.student_id
        cross join lateral unnest(mr.preferred_time) as t(slot_time)
       group by 1, 2`),
  );
  const subjectsRows = rowsOf<{ subject: string; n: number }>(
    await db.execute(sql`select s.name as subject, count(*)::int as n
      from teacher_student_requests r
      cross join lateral unnest(r.subject_ids) as x(subject_id)
      join subjects s on s.id = x.subject_id
      where ${inMonth}
      group by s.name order by n desc, s.name asc limit 10`),
  );

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
      active_job_posts: 0,
      job_applications: 0,
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
      searched_subjects: subjectsRows.map((r) => ({ subject: r.subject, count: Number(r.n) })),
    },
    jobs: { industry_postings: [], hiring_ratio: [] },
  };
}
