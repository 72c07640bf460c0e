import { count, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ROLE } from '../../contract/constants';
import { STUDENT_MESSAGES } from '../../contract/rules/student';
import type { Db } from '../db/client';
import { studentEducationalQualifications, studentPreferences, students, teachers } from '../db/schema';
import { logActivity } from '../lib/activity';
import { conflict, forbidden, notFound, parseId } from '../lib/http';
import { isAdmin, type Principal, principalOf } from '../plugins/auth';

/**
 * Students (`students`), their saved preferences (`student_preferences`) and educational
 * qualifications (`student_educational_qualifications`). The route checks the bodies with the shared
 * rules; `ownStudent` says who may see a record; this module owns the queries.
 */

export type StudentRow = typeof students.$inferSelect;
export type StudentPreferenceRow = typeof studentPreferences.$inferSelect;
export type StudentQualificationRow = typeof studentEducationalQualifications.$inferSelect;
type StudentColumns = Omit<
  typeof students.$inferInsert,
  'id' | 'userId' | 'isActive' | 'createdAt' | 'updatedAt'
>;
type PreferenceColumns = Omit<typeof studentPreferences.$inferInsert, 'id' | 'studentId' | 'createdAt'>;
type QualificationColumns = Omit<
  typeof studentEducationalQualifications.$inferInsert,
  'id' | 'studentId' | 'createdAt' | 'updatedAt'
>;

/** Who did it, for the audit log. */
export interface Actor {
  type: 'user' | 'admin';
  id: number;
}

/** One page of students, newest first, with the total. */
export async function listStudents(db: Db, page: { limit: number; offset: number }) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(students)
      .orderBy(desc(students.createdAt), desc(students.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(students),
  ]);
  return { rows, total };
}

/**
 * Creates the account's student record and logs it, in one transaction; 409 when the account has one
 * (two creations racing: the unique index decides and server/lib/db-errors.ts answers the same).
 */
export async function createStudent(
  db: Db,
  userId: number,
  columns: StudentColumns,
  actor: Actor,
): Promise<StudentRow> {
  const [existing] = await db.select({ id: students.id }).from(students).where(eq(students.userId, userId));
  if (existing) throw conflict(STUDENT_MESSAGES.alreadyRegistered, { id: existing.id });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(students)
      .values({ ...columns, userId, isActive: true })
      .returning();
    await logActivity(tx, {
      actorType: actor.type,
      actorId: actor.id,
      action: 'student_registered',
      subjectType: 'student',
      subjectId: row.id,
    });
    return row;
  });
}

export async function updateStudent(db: Db, row: StudentRow, columns: StudentColumns): Promise<StudentRow> {
  const [updated] = await db
    .update(students)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(students.id, row.id))
    .returning();
  if (!updated) throw notFound(STUDENT_MESSAGES.studentNotFound);
  return updated;
}

export async function removeStudent(db: Db, row: StudentRow): Promise<void> {
  await db.delete(students).where(eq(students.id, row.id));
}

export async function preferencesOfStudent(db: Db, studentId: number): Promise<StudentPreferenceRow[]> {
  return db
    .select()
    .from(studentPreferences)
    .where(eq(studentPreferences.studentId, studentId))
    .orderBy(desc(studentPreferences.id));
}

export async function addStudentPreference(
  db: Db,
  studentId: number,
  columns: PreferenceColumns,
): Promise<StudentPreferenceRow> {
  const [row] = await db
    .insert(studentPreferences)
    .values({ ...columns, studentId })
    .returning();
  return row;
}

/** A student's qualifications, oldest first; or the newest 500 of everyone's (administrators). */
export async function listStudentQualifications(
  db: Db,
  studentId: number | null,
): Promise<StudentQualificationRow[]> {
  if (studentId === null)
    return db
      .select()
      .from(studentEducationalQualifications)
      .orderBy(desc(studentEducationalQualifications.id))
      .limit(500);
  return db
    .select()
    .from(studentEducationalQualifications)
    .where(eq(studentEducationalQualifications.studentId, studentId))
    .orderBy(studentEducationalQualifications.id);
}

export async function findStudentQualification(db: Db, id: number): Promise<StudentQualificationRow> {
  const [row] = await db
    .select()
    .from(studentEducationalQualifications)
    .where(eq(studentEducationalQualifications.id, id));
  if (!row) throw notFound('Educational qualification not found');
  return row;
}

export async function createStudentQualification(
  db: Db,
  studentId: number,
  columns: QualificationColumns,
): Promise<StudentQualificationRow> {
  const [row] = await db
    .insert(studentEducationalQualifications)
    .values({ ...columns, studentId })
    .returning();
  return row;
}

export async function updateStudentQualification(
  db: Db,
  row: StudentQualificationRow,
  columns: QualificationColumns,
): Promise<StudentQualificationRow> {
  const [updated] = await db
    .update(studentEducationalQualifications)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(studentEducationalQualifications.id, row.id))
    .returning();
  if (!updated) throw notFound('Educational qualification not found');
  return updated;
}

export async function removeStudentQualification(db: Db, row: StudentQualificationRow): Promise<void> {
  await db.delete(studentEducationalQualifications).where(eq(studentEducationalQualifications.id, row.id));
}

/** The student record of a signed-in student (null for anyone else or before it exists). */
export async function studentOfPrincipal(db: Db, p: Principal) {
  if (p.type !== 'user' || p.role !== ROLE.student) return null;
  const [row] = await db.select().from(students).where(eq(students.userId, p.id));
  return row ?? null;
}

/** The teacher record of a signed-in teacher (null for anyone else or before it exists). */
export async function teacherOfPrincipal(db: Db, p: Principal) {
  if (p.type !== 'user' || p.role !== ROLE.teacher) return null;
  const [row] = await db
    .select({ id: teachers.id, name: teachers.name })
    .from(teachers)
    .where(eq(teachers.userId, p.id));
  return row ?? null;
}

/**
 * Loads the student named by `id` and checks the caller may see and change it: its own user or an
 * administrator. 404 when missing, 403 otherwise.
 */
export async function ownStudent(db: Db, request: FastifyRequest, id: unknown) {
  const studentId = parseId(id, 'Student');
  const p = principalOf(request);
  const [row] = await db.select().from(students).where(eq(students.id, studentId));
  if (!row) throw notFound(STUDENT_MESSAGES.studentNotFound);
  if (!isAdmin(p) && !(p.type === 'user' && p.id === row.userId))
    throw forbidden('You may only see and change your own student record.');
  return row;
}
