import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { subjects, teacherEducationalQualifications } from '../db/schema';
import { notFound } from '../lib/http';

/**
 * A teacher's educational qualifications (`teacher_educational_qualifications`, the education step).
 * The route reads and checks the wrapper with the shared rules; this module owns the queries.
 */

export type QualificationRow = typeof teacherEducationalQualifications.$inferSelect;
export type QualificationValues = Omit<
  typeof teacherEducationalQualifications.$inferInsert,
  'id' | 'teacherId' | 'createdAt' | 'updatedAt'
>;

/** Rows as the API answers them, each with its subject's name. */
export async function serializeQualifications(db: Db, rows: QualificationRow[]) {
  const ids = [...new Set(rows.map((q) => q.subjectId).filter((id): id is number => id !== null))];
  const names = new Map(
    ids.length
      ? (
          await db
            .select({ id: subjects.id, name: subjects.name })
            .from(subjects)
            .where(inArray(subjects.id, ids))
        ).map((s) => [s.id, s.name])
      : [],
  );
  return rows.map((q) => ({
    id: q.id,
    teacher_id: q.teacherId,
    degree_id: q.degreeId,
    degree_name: q.degreeName,
    subject_id: q.subjectId,
    subject_name: q.subjectId ? (names.get(q.subjectId) ?? null) : null,
    year_of_passing: q.yearOfPassing,
    school_name: q.schoolName,
    college_name: q.collegeName,
    university_name: q.universityName,
    school_education_board: q.schoolEducationBoard,
  }));
}

/** Whether a subject with this id exists (the form's choice is checked against it). */
export async function subjectExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, id));
  return Boolean(row);
}

export async function listQualifications(db: Db, teacherId: number): Promise<QualificationRow[]> {
  return db
    .select()
    .from(teacherEducationalQualifications)
    .where(eq(teacherEducationalQualifications.teacherId, teacherId))
    .orderBy(asc(teacherEducationalQualifications.id));
}

export async function findQualification(db: Db, id: number): Promise<QualificationRow> {
  const [row] = await db
    .select()
    .from(teacherEducationalQualifications)
    .where(eq(teacherEducationalQualifications.id, id));
  if (!row) throw notFound('Qualification not found');
  return row;
}

export async function createQualification(
  db: Db,
  teacherId: number,
  values: QualificationValues,
): Promise<QualificationRow> {
  const [row] = await db
    .insert(teacherEducationalQualifications)
    .values({ teacherId, ...values })
    .returning();
  return row;
}

export async function updateQualification(
  db: Db,
  row: QualificationRow,
  values: QualificationValues,
): Promise<QualificationRow> {
  const [updated] = await db
    .update(teacherEducationalQualifications)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(teacherEducationalQualifications.id, row.id),
        eq(teacherEducationalQualifications.teacherId, row.teacherId),
      ),
    )
    .returning();
  if (!updated) throw notFound('Qualification not found');
  return updated;
}

export async function removeQualification(db: Db, row: QualificationRow): Promise<void> {
  await db.delete(teacherEducationalQualifications).where(eq(teacherEducationalQualifications.id, row.id));
}
