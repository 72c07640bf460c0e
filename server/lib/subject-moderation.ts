import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { subjects } from '../db/schema';

/**
 * Merges subject `fromId` into `intoId` in one transaction: every request, student preference,
 * teacher subject and qualification that named it names the target instead (without duplicates),
 * and the merged subject leaves every list.
 */
export async function mergeSubject(db: Db, fromId: number, intoId: number) {
  return db.transaction(async (tx) => {
    const replaceIn = (table: string) =>
      tx.execute(sql`UPDATE ${sql.raw(table)}
        SET subject_ids = (SELECT array_agg(DISTINCT x) FROM unnest(array_replace(subject_ids, ${fromId}::int, ${intoId}::int)) x)
        WHERE ${fromId}::int = ANY(subject_ids)`);
    await replaceIn('teacher_student_requests');
    await replaceIn('student_preferences');
    await tx.execute(sql`INSERT INTO teacher_subjects (teacher_id, subject_id)
      SELECT teacher_id, ${intoId}::int FROM teacher_subjects WHERE subject_id = ${fromId}::int
      ON CONFLICT DO NOTHING`);
    await tx.execute(sql`DELETE FROM teacher_subjects WHERE subject_id = ${fromId}::int`);
    await tx.execute(sql`UPDATE teacher_educational_qualifications SET subject_id = ${intoId}::int
      WHERE subject_id = ${fromId}::int`);
    const [updated] = await tx
      .update(subjects)
      .set({ status: 'merged', isActive: false, mergedIntoId: intoId })
      .where(eq(subjects.id, fromId))
      .returning();
    return updated;
  });
}
