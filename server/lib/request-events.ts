import { inArray } from 'drizzle-orm';
import type { NotificationParams } from '../../contract/structs/notification';
import type { Db } from '../db/client';
import { students, subjects, teachers } from '../db/schema';
import type { NewNotification } from './notifications';
import type { RequestRow } from './requests';

export type RequestEvent =
  | 'request_new'
  | 'request_accepted'
  | 'request_declined'
  | 'contract_ended'
  | 'contract_ended_by_student'
  | 'request_cancelled';

/**
 * Who is told what when a request sent to a teacher changes: the teacher of a new or cancelled
 * request, or of a tutoring its student ended (their dashboard); the student of an accepted, declined
 * or teacher-ended one (their requests page).
 */
export async function requestNotifications(
  db: Db,
  rows: RequestRow[],
  event: RequestEvent,
): Promise<NewNotification[]> {
  const sent = rows.filter((r) => r.teacherId !== null);
  if (!sent.length) return [];
  const subjectIds = [...new Set(sent.flatMap((r) => r.subjectIds))];
  const [studentRows, teacherRows, subjectRows] = await Promise.all([
    db
      .select({ id: students.id, name: students.name, userId: students.userId })
      .from(students)
      .where(inArray(students.id, [...new Set(sent.map((r) => r.studentId))])),
    db
      .select({ id: teachers.id, name: teachers.name, userId: teachers.userId })
      .from(teachers)
      .where(inArray(teachers.id, [...new Set(sent.map((r) => r.teacherId as number))])),
    subjectIds.length
      ? db
          .select({ id: subjects.id, name: subjects.name })
          .from(subjects)
          .where(inArray(subjects.id, subjectIds))
      : [],
  ]);
  const student = new Map(studentRows.map((s) => [s.id, s]));
  const teacher = new Map(teacherRows.map((t) => [t.id, t]));
  const subjectName = new Map(subjectRows.map((s) => [s.id, s.name]));
  const out: NewNotification[] = [];
  for (const r of sent) {
    const s = student.get(r.studentId);
    const t = teacher.get(r.teacherId as number);
    if (!s || !t) continue;
    const names = r.subjectIds.map((id) => subjectName.get(id)).filter((n): n is string => !!n);
    const toTeacher = (params: NotificationParams) =>
      out.push({ userId: t.userId, kind: event, params, link: '/dashboard', requestId: r.id });
    const toStudent = (params: NotificationParams) =>
      out.push({ userId: s.userId, kind: event, params, link: '/requests', requestId: r.id });
    if (event === 'request_new' || event === 'request_cancelled' || event === 'contract_ended_by_student')
      toTeacher({ student: s.name, subjects: names });
    else if (event === 'request_declined')
      toStudent({
        teacher: t.name,
        subjects: names,
        reason_key: r.declineReasonKey ?? null,
        reason: r.declineReasonKey && r.declineReasonKey !== 'other' ? null : (r.declineReason ?? null),
      });
    else toStudent({ teacher: t.name, subjects: names });
  }
  return out;
}

/** The event of a status change; an end is told to the side that did not end it. */
export const eventOfStatus = (status: string, by: 'student' | 'teacher'): RequestEvent | null =>
  status === 'accepted'
    ? 'request_accepted'
    : status === 'declined'
      ? 'request_declined'
      : status === 'ended'
        ? by === 'student'
          ? 'contract_ended_by_student'
          : 'contract_ended'
        : status === 'cancelled'
          ? 'request_cancelled'
          : null;
