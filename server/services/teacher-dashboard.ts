import { desc, eq } from 'drizzle-orm';
import type { TeacherDashboard } from '../../contract/structs/dashboard';
import type { Db } from '../db/client';
import { teacherStudentRequests, teachers } from '../db/schema';
import { notFound } from '../lib/http';
import { serializeRequests } from '../lib/requests';
import { loadTeacherRecord } from './teacher-records';

/** As many requests as the dashboard's first screen lists (the same first page as the request list). */
export const DASHBOARD_REQUESTS = 50;

/**
 * What the teacher dashboard's first screen needs, for the teacher whose account is `userId`: the
 * full teacher record and the newest requests sent to them, newest first. One call from the client
 * instead of user, then teacher, then requests. 404 when the account has no teacher profile yet.
 */
export async function loadTeacherDashboard(db: Db, userId: number): Promise<TeacherDashboard> {
  const [row] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, userId));
  if (!row) throw notFound('Teacher profile not found');
  const [teacher, requestRows] = await Promise.all([
    loadTeacherRecord(db, row.id),
    db
      .select()
      .from(teacherStudentRequests)
      .where(eq(teacherStudentRequests.teacherId, row.id))
      .orderBy(desc(teacherStudentRequests.createdAt), desc(teacherStudentRequests.id))
      .limit(DASHBOARD_REQUESTS),
  ]);
  if (!teacher) throw notFound('Teacher profile not found');
  return { teacher, requests: await serializeRequests(db, requestRows) };
}
