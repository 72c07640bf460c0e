import { type SQL, sql } from 'drizzle-orm';
import type { TeacherListQuery } from '../../contract/rules/admin';
import { subjectNameKey } from '../../contract/rules/student-subject';
import type { Db } from '../db/client';
import { executePrepared } from '../db/prepared';
import { rowsOf } from '../db/rows';
import { sessionLiveSql } from '../lib/sessions';
import { subjectsNamedLike } from '../lib/subject-names';
import { idArray, recordTexts, teacherRecordTexts } from './teacher-records';

/** `%term%` for LIKE, with the term's own % _ and \ taken literally. */
export const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the admin teacher list (D10): filtered by status and searched on the server, newest
 * first. The search matches the teacher's name, email, address and mobile (the trigram-indexed
 * search_text column) or the names of the subjects they teach; the two id sets are unioned so each
 * side uses its own index, and one query gives both the page and the exact total. The records come
 * as their stored JSON texts, in page order (server/lib/checked-texts.ts passes them on).
 */
export async function listTeachersPage(
  db: Db,
  query: TeacherListQuery,
  /**
   * The caller's session, checked in the same statement (`live`): the route's access check then
   * needs no statement of its own (server/plugins/auth.ts, `sessionInStatement`).
   */
  sessionId?: string,
): Promise<{ texts: string[]; count: number; live?: boolean }> {
  const live = sessionId === undefined ? sql`` : sql`, ${sessionLiveSql(sessionId)} as live`;
  const status =
    query.status === 'all'
      ? sql`true`
      : query.status === 'active'
        ? sql`t.is_active = true`
        : sql`t.is_active = false`;
  const offset = (query.page - 1) * query.limit;
  const page = sql`order by id desc limit ${query.limit} offset ${offset}`;
  // The same page with the limit and offset as sub-selects: the planner cannot read their values,
  // so the plan it makes for given values is the generic one, and after five calls the prepared
  // statement keeps it (planned once per connection). Left as plain parameters, every call was
  // planned afresh (the generic plan's 10 % estimate for an unknown LIMIT looked dearer than
  // planning), which cost PostgreSQL as much as running the statement.
  const genericPage = sql`order by id desc limit (select ${query.limit}::int) offset (select ${offset}::int)`;

  // One statement answers the page's records (their stored JSON texts, migration 0029) and the exact total,
  // also for a page past the last. Its text depends only on the kind of query, not on the values, so
  // it is planned once (server/db/prepared.ts).
  let statement: SQL;
  if (!query.search) {
    // Totals per status are kept by triggers (migration 0004_admin_teacher_counts).
    const counts =
      query.status === 'all'
        ? sql`true`
        : query.status === 'active'
          ? sql`is_active = true`
          : sql`is_active = false`;
    statement = sql`with page as materialized (select t.id from teachers t where ${status} ${genericPage})
      select (select coalesce(sum(n), 0)::int from teacher_status_counts where ${counts}) as n,
        ${teacherRecordTexts(sql`array(select id from page order by id desc)`)} as data${live}`;
  } else {
    const pattern = likePattern(query.search);
    // The status test goes into each side, so the trigram side needs no second visit to teachers.
    const textStatus =
      query.status === 'all'
        ? sql``
        : query.status === 'active'
          ? sql` and is_active = true`
          : sql` and is_active = false`;
    // Most searches name no subject: then the trigram side alone is the answer (no union to dedupe).
    // A seeded subject is found by its Bengali or Hindi name too (the name the reader sees).
    const translated = subjectsNamedLike(query.search).map((name) => sql`${name.toLowerCase()}`);
    const alsoNamed = translated.length ? sql` or lower(name) in (${sql.join(translated, sql`, `)})` : sql``;
    const subjectIds = rowsOf<{ id: number }>(
      await db.execute(
        sql`select id from subjects where lower(name) like ${likePattern(subjectNameKey(query.search))}${alsoNamed}`,
      ),
    ).map((r) => Number(r.id));
    // Each side's ids are unique (a teacher teaches a subject once; DISTINCT when several subjects
    // match), so the subject side only drops the teachers the text side already has.
    const subjectSide = subjectIds.length
      ? sql`
        union all
        select s.teacher_id from (
          select distinct ts.teacher_id from teacher_subjects ts
           where ts.subject_id = any(${idArray(subjectIds)}::int[])${
             query.status === 'all'
               ? sql``
               : sql` and exists (select 1 from teachers t where t.id = ts.teacher_id and ${status})`
           }) s
         where not exists (select 1 from text_matches x where x.id = s.teacher_id)`
      : sql``;
    // Materialized: planned on their own, the matches come from the indexes. Inlined, PostgreSQL
    // would walk teachers backwards by id for the ORDER BY, filtering all 100,000 rows.
    const textMatches = sql`select id from teachers where search_text like ${pattern}${textStatus}`;
    const matched = subjectIds.length
      ? sql`with text_matches as materialized (${textMatches}), m as materialized (select id from text_matches${subjectSide})`
      : sql`with m as materialized (${textMatches})`;
    statement = sql`${matched}, page as materialized (select id from m ${page})
      select (select count(*) from m)::int as n, ${teacherRecordTexts(sql`array(select id from page order by id desc)`)} as data${live}`;
  }
  const [row] = rowsOf<{ n: number; data: unknown; live?: boolean }>(await executePrepared(db, statement));
  return {
    texts: recordTexts(row?.data),
    count: Number(row?.n ?? 0),
    ...(sessionId === undefined ? {} : { live: row?.live === true }),
  };
}
