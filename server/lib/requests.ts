import { eq, inArray } from 'drizzle-orm';
import { localityOf } from '../../contract/rules/matching';
import { whatsappLink } from '../../contract/rules/request';
import type { TeacherStudentRequest } from '../../contract/structs/request';
import type { Db } from '../db/client';
import { students, subjects, type teacherStudentRequests, teachers, users } from '../db/schema';

export type RequestRow = typeof teacherStudentRequests.$inferSelect;

/**
 * Requests in the wire shape of contract/structs/request.ts, with a fixed number of queries: subject
 * names, who asked and who it was sent to. Contact details of both sides (mobile, WhatsApp, e-mail,
 * guardian, street address) are included only while the request is accepted (the student's locality,
 * area and PIN, always); the routes show a
 * request only to its two parties and administrators.
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
        guardian: students.guardianNumber,
        email: users.email,
      })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(inArray(students.id, studentIds)),
    teacherIds.length
      ? db
          .select({
            id: teachers.id,
            name: teachers.name,
            mobile: teachers.mobileNumber,
            whatsapp: teachers.whatsappNumber,
            email: teachers.email,
          })
          .from(teachers)
          .where(inArray(teachers.id, teacherIds))
      : [],
  ]);
  const subjectById = new Map(subjectRows.map((s) => [s.id, s]));
  const studentById = new Map(studentRows.map((s) => [s.id, s]));
  const teacherById = new Map(teacherRows.map((t) => [t.id, t]));
  return rows.map((r) =>
    shapeRequest(r, {
      subjects: subjectById,
      student: studentById.get(r.studentId),
      teacher: r.teacherId === null ? undefined : teacherById.get(r.teacherId),
    }),
  );
}

/** What a request's wire shape needs besides the row (loaded by serializeRequests, or by one query). */
export interface RequestParties {
  subjects: Map<number, { id: number; name: string }>;
  student?: {
    id: number;
    name: string;
    address: string | null;
    mobile: string;
    guardian: string | null;
    email: string;
  };
  teacher?: { id: number; name: string; mobile: string; whatsapp: string | null; email: string };
}

/** One request in the wire shape; contact details only while it is accepted. */
export function shapeRequest(r: RequestRow, parts: RequestParties): TeacherStudentRequest {
  const { student, teacher } = parts;
  const open = r.status === 'accepted';
  return {
    id: r.id,
    student_id: r.studentId,
    teacher_id: r.teacherId,
    parent_request_id: r.parentRequestId,
    subject_ids: r.subjectIds,
    subjects: r.subjectIds
      .map((id) => parts.subjects.get(id))
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
    status_changed_at: r.statusChangedAt?.toISOString() ?? null,
    accepted_at: r.acceptedAt?.toISOString() ?? null,
    decline_reason: r.declineReason ?? null,
    decline_reason_key: r.declineReasonKey ?? null,
    student: student
      ? {
          id: student.id,
          name: student.name,
          locality: localityOf(student.address) || null,
          address: open ? student.address : null,
          mobile_number: open ? student.mobile : null,
          guardian_number: open && student.guardian ? student.guardian : null,
          email: open ? student.email : null,
          whatsapp_url: open ? whatsappLink(student.mobile) : null,
        }
      : null,
    teacher: teacher
      ? {
          id: teacher.id,
          name: teacher.name,
          contact: open
            ? {
                mobile_number: teacher.mobile,
                whatsapp_url: whatsappLink(teacher.whatsapp || teacher.mobile),
                email: teacher.email,
              }
            : null,
        }
      : null,
  };
}

export async function serializeRequest(db: Db, row: RequestRow): Promise<TeacherStudentRequest> {
  const [out] = await serializeRequests(db, [row]);
  return out;
}
