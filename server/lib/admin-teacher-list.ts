import { sql } from 'drizzle-orm';
import type { TeacherListQuery } from '../../contract/rules/admin';
import type { TeacherRecord } from '../../contract/structs/teacher';
import type { Db } from '../db/client';
import { loadTeacherRecords } from './teacher-record';

/** `%term%` for LIKE, with the term's own % _ and \ taken literally. */
export const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/**
 * One page of the admin teacher list (D10): filtered by status and searched on the server, newest
 * first. The search matches the teacher's name, email, address and mobile (the trigram-indexed
 * search_text column) or the names of the subjects they teach; the two id sets are unioned so each
 * side uses its own index.
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
    // Totals per status are kept by triggers (migration 0004_admin_teacher_counts).
    const counts = query.status === 'all' ? sql`true` : sql`is_active = ${query.status === 'active'}`;
    const [counted, page] = await Promise.all([
      db.execute(sql`select coalesce(sum(n), 0)::int as n from teacher_status_counts where ${counts}`),
      db.execute(
        sql`select t.id from teachers t where ${status} order by t.id desc limit ${query.limit} offset ${offset}`,
      ),
    ]);
    count = rowsOf<{ n: number }>(counted)[0]?.n ?? 0;
    idRows = rowsOf<{ id: number }>(page);
  } else {
    const pattern = likePattern(query.search);
    const matched = sql`(
      select id from teachers where search_text like ${pattern}
      union
      select ts.teacher_id from teacher_subjects ts
        join subjects s on s.id = ts.subject_id
       where lower(s.name) like ${pattern}
    )`;
    // Over all teachers the matched ids are the answer; a status filter joins back to teachers.
    const source =
      query.status === 'all'
        ? sql`${matched} as t`
        : sql`teachers t join ${matched} m on m.id = t.id where ${status}`;
    const [counted, page] = await Promise.all([
      db.execute(sql`select count(*)::int as n from ${source}`),
      db.execute(sql`select t.id from ${source} order by t.id desc limit ${query.limit} offset ${offset}`),
    ]);
    count = rowsOf<{ n: number }>(counted)[0]?.n ?? 0;
    idRows = rowsOf<{ id: number }>(page);
  }
  const records = await loadTeacherRecords(
    db,
    idRows.map((r) => Number(r.id)),
  );
  return { records, count: Number(count) };
}

/** `pagination: { next, prev }` of DECISIONS.md section 4; a page beyond the last points back to the last. */
export function paginationFor(page: number, limit: number, count: number) {
  const pages = Math.max(1, Math.ceil(count / limit));
  return {
    next: page < pages ? page + 1 : null,
    prev: page > 1 ? Math.min(page - 1, pages) : null,
  };
}
