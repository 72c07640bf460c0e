import { inArray } from 'drizzle-orm';
import type { TeacherStudentRequest } from '../../contract/structs/request';
import type { Db } from '../db/client';
import { students, subjects, type teacherStudentRequests, teachers } from '../db/schema';

export type RequestRow = typeof teacherStudentRequests.$inferSelect;

/**
 * Requests in the wire shape of contract/structs/request.ts, with a fixed number of queries: subject
 * names, who asked (mobile number only once the teacher accepted) and who it was sent to.
 */
export async function serializeRequests(db: Db, rows: RequestRow[]): Promise<TeacherStudentRequest[]> {
  if (!rows.length) return [];
  const subjectIds = [...new Set(rows.flatMap((r) => r.subjectIds))];
  const studentIds = [...new Set(rows.map((r) => r.studentId))];
  const teacherIds = [...new Set(rows.map((r) => r.teacherId).filter((id): id is number => id !== null))];
  const [subjectRows, studentRows, teacherRows] = await Promise.all([
    subjectIds.length
      ? db
          .select({ id: subjects.id, name: subjects.name })
          .from(subjects)
          .where(inArray(subjects.id, subjectIds))
      : [],
    db
      .select({
        id: students.id,
        name: students.name,
        address: students.address,
        mobile: students.mobileNumber,
      })
      .from(students)
      .where(inArray(students.id, studentIds)),
    teacherIds.length
      ? db
          .select({ id: teachers.id, name: teachers.name })
          .from(teachers)
          .where(inArray(teachers.id, teacherIds))
      : [],
  ]);
  const subjectById = new Map(subjectRows.map((s) => [s.id, s]));
  const studentById = new Map(studentRows.map((s) => [s.id, s]));
  const teacherById = new Map(teacherRows.map((t) => [t.id, t]));
  return rows.map((r) => {
    const student = studentById.get(r.studentId);
    const teacher = r.teacherId === null ? undefined : teacherById.get(r.teacherId);
    return {
      id: r.id,
      student_id: r.studentId,
      teacher_id: r.teacherId,
      parent_request_id: r.parentRequestId,
      subject_ids: r.subjectIds,
      subjects: r.subjectIds
        .map((id) => subjectById.get(id))
        .filter((s): s is { id: number; name: string } => !!s),
      status: r.status,
      mode_of_teaching: r.modeOfTeaching,
      preferred_group: r.preferredGroup,
      preferred_medium: r.preferredMedium,
      teacher_assignment_preference: r.teacherAssignmentPreference,
      preferred_time: r.preferredTime,
      latitude: r.latitude,
      longitude: r.longitude,
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
      student: student
        ? {
            id: student.id,
            name: student.name,
            address: student.address,
            mobile_number: r.status === 'accepted' ? student.mobile : null,
          }
        : null,
      teacher: teacher ? { id: teacher.id, name: teacher.name } : null,
    };
  });
}

export async function serializeRequest(db: Db, row: RequestRow): Promise<TeacherStudentRequest> {
  const [out] = await serializeRequests(db, [row]);
  return out;
}
