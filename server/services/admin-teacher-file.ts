import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { AdminTeacherFile } from '../../contract/structs/admin';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { activityLog } from '../db/schema';
import { loadTeacherRecord } from './teacher-records';

const ACTIVITY_SHOWN = 50;
const REQUESTS_SHOWN = 100;

/**
 * Everything on file about one teacher, for an administrator: the record (every field, documents,
 * qualification, preferences, schedule), the requests students sent them (newest first) and the
 * activity on that teacher or by them (newest first). null when there is no such teacher.
 */
export async function loadTeacherFile(db: Db, id: number): Promise<AdminTeacherFile | null> {
  const teacher = await loadTeacherRecord(db, id);
  if (!teacher) return null;
  const [requestRows, activityRows] = await Promise.all([
    db.execute(sql`select r.id, st.name as student_name, r.status, r.mode_of_teaching, r.preferred_time,
        r.created_at,
        (select string_agg(s.name, ', ' order by s.name) from subjects s where s.id = any(r.subject_ids)) as subjects
      from teacher_student_requests r join students st on st.id = r.student_id
      where r.teacher_id = ${id}
      order by r.created_at desc, r.id desc limit ${REQUESTS_SHOWN}`),
    db
      .select()
      .from(activityLog)
      .where(
        or(
          and(eq(activityLog.subjectType, 'teacher'), eq(activityLog.subjectId, id)),
          and(eq(activityLog.actorType, 'user'), eq(activityLog.actorId, teacher.user_id)),
        ),
      )
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(ACTIVITY_SHOWN),
  ]);
  const at = (value: string | Date) => new Date(value).toISOString();
  return {
    teacher,
    requests: rowsOf<{
      id: number;
      student_name: string;
      status: string;
      mode_of_teaching: string;
      preferred_time: string[] | string | null;
      created_at: string | Date;
      subjects: string | null;
    }>(requestRows).map((r) => ({
      id: r.id,
      student_name: r.student_name,
      subjects: r.subjects ?? '',
      status: r.status,
      mode_of_teaching: r.mode_of_teaching,
      preferred_time: Array.isArray(r.preferred_time)
        ? r.preferred_time
        : String(r.preferred_time ?? '')
            .replace(/^\{|\}$/g, '')
            .split(',')
            .filter(Boolean),
      created_at: at(r.created_at),
    })),
    activity: activityRows.map((a) => ({
      id: a.id,
      action: a.action,
      actor_type: a.actorType,
      details: a.details,
      created_at: a.createdAt.toISOString(),
    })),
  };
}
