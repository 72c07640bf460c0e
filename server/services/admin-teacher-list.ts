import { sql } from 'drizzle-orm';
import type { TeacherListQuery } from '../../contract/rules/admin';
import type { TeacherRecord } from '../../contract/structs/teacher';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { loadTeacherRecords } from './teacher-records';

/** `%term%` for LIKE, with the term's own % _ and \ taken literally. */
export const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the admin teacher list (D10): filtered by status and searched on the server, newest
 * first. The search matches the teacher's name, email, address and mobile (the trigram-indexed
 * search_text column) or the names of the subjects they teach; the two id sets are unioned so each
 * side uses its own index, and one query gives both the page and the exact total.
 */
export async function listTeachersPage(
  db: Db,
  query: TeacherListQuery,
): Promise<{ records: TeacherRecord[]; count: number }> {
  const status =
    query.status === 'active'
      ? sql`t.is_active = true`
      : query.status === 'inactive'
        ? sql`t.is_active = false`
        : sql`true`;
  const offset = (query.page - 1) * query.limit;

  let idRows: { id: number }[];
  let count: number;
  if (!query.search) {
    // Totals per status are kept by triggers (migration 0004_admin_teacher_counts); one round trip
    // brings them with the page.
    const counts = query.status === 'all' ? sql`true` : sql`is_active = ${query.status === 'active'}`;
    const total = sql`(select coalesce(sum(n), 0)::int from teacher_status_counts where ${counts})`;
    const rows = rowsOf<{ id: number; n: number }>(
      await db.execute(
        sql`select t.id, ${total} as n from teachers t where ${status}
          order by t.id desc limit ${query.limit} offset ${offset}`,
      ),
    );
    idRows = rows;
    count = rows.length
      ? Number(rows[0].n)
      : (rowsOf<{ n: number }>(await db.execute(sql`select ${total} as n`))[0]?.n ?? 0);
  } else {
    const pattern = likePattern(query.search);
    // The status test goes into each side, so the trigram side needs no second visit to teachers.
    const active = query.status === 'all' ? null : query.status === 'active';
    const textStatus = active === null ? sql`` : sql` and is_active = ${active}`;
    // Most searches name no subject: then the trigram side alone is the answer (no union to dedupe).
    const subjectIds = rowsOf<{ id: number }>(
      await db.execute(sql`select id from subjects where lower(name) like ${pattern}`),
    ).map((r) => Number(r.id));
    // Each side's ids are unique (a teacher teaches a subject once; DISTINCT when several subjects
    // match), so the subject side only drops the teachers the text side already has.
    const subjectSide = subjectIds.length
      ? sql`
        union all
        select s.teacher_id from (
          select ${subjectIds.length > 1 ? sql`distinct ` : sql``}ts.teacher_id from teacher_subjects ts
           where ts.subject_id in (${sql.join(
             subjectIds.map((id) => sql`${id}`),
             sql`, `,
           )})${
             active === null
               ? sql``
               : sql` and exists (select 1 from teachers t where t.id = ts.teacher_id and t.is_active = ${active})`
           }) s
         where not exists (select 1 from text_matches x where x.id = s.teacher_id)`
      : sql``;
    // Materialized: planned on their own, the matches come from the indexes. Inlined, PostgreSQL
    // would walk teachers backwards by id for the ORDER BY, filtering all 100,000 rows.
    const textMatches = sql`select id from teachers where search_text like ${pattern}${textStatus}`;
    const matched = subjectIds.length
      ? sql`with text_matches as materialized (${textMatches}), m as materialized (select id from text_matches${subjectSide})`
      : sql`with m as materialized (${textMatches})`;
    // One query gives the page and the exact total.
    const rows = rowsOf<{ id: number; n: number }>(
      await db.execute(sql`${matched} select id, (select count(*) from m)::int as n from m
        order by id desc limit ${query.limit} offset ${offset}`),
    );
    idRows = rows;
    if (rows.length) count = Number(rows[0].n);
    else {
      // A page past the last has no row to carry the total.
      const [counted] = rowsOf<{ n: number }>(
        await db.execute(sql`${matched} select count(*)::int as n from m`),
      );
      count = counted?.n ?? 0;
    }
  }
  const records = await loadTeacherRecords(
    db,
    idRows.map((r) => Number(r.id)),
  );
  return { records, count: Number(count) };
}
