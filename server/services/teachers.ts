import { and, eq, inArray } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { ROLE } from '../../contract/constants';
import { TEACHER_PERSONAL_MESSAGES } from '../../contract/rules/teacher-personal';
import type { Db } from '../db/client';
import { subjects, teacherPreferences, teacherSubjects, teachers, users } from '../db/schema';
import { logActivity } from '../lib/activity';
import { conflict, notFound } from '../lib/http';
import {
  logReviewRequested,
  nextReviewVersion,
  type ReviewedField,
  reviewAfterChange,
} from '../lib/teacher-review';

/**
 * Teachers: the personal step (`teachers`) and the preferences step (`teacher_preferences`,
 * `teacher_subjects`). The route reads the multipart body, checks it with the shared rules, stores
 * the uploaded files and says who may do it; this module owns the queries and writes. Files are
 * stored before the write (a failed request removes them again, server/lib/request-uploads.ts) and
 * the ids of documents a write replaced are returned for the route to discard once it is committed.
 */

export type TeacherRow = typeof teachers.$inferSelect;
export type PreferenceRow = typeof teacherPreferences.$inferSelect;
type TeacherColumns = Omit<typeof teachers.$inferInsert, 'id' | 'userId' | 'createdAt'>;
type PreferenceColumns = Omit<
  typeof teacherPreferences.$inferInsert,
  'id' | 'teacherId' | 'createdAt' | 'markSheetId' | 'highestQualificationCertificateId' | 'resumeId'
>;

/** Who did it, for the audit log. */
export interface Actor {
  type: 'user' | 'admin';
  id: number;
}

/** The teacher account a profile is created for: 404 unless it is a teacher's, 409 when it has one. */
export async function teacherAccount(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.roleId !== ROLE.teacher) throw notFound('User not found');
  const [existing] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, userId));
  if (existing) throw conflict(TEACHER_PERSONAL_MESSAGES.profileExists, { teacher_id: existing.id });
  return user;
}

/**
 * Creates the teacher (pending review) and logs it, in one transaction. Two creations racing for one
 * account: the unique index decides and server/lib/db-errors.ts answers 'A teacher profile already
 * exists'.
 */
export async function createTeacher(
  db: Db,
  userId: number,
  columns: TeacherColumns,
  photos: { aadharPhotoId: number; profilePhotoId: number },
  actor: Actor,
): Promise<TeacherRow> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(teachers)
      .values({ userId, ...columns, ...photos, isActive: true, verificationStatus: 'pending' })
      .returning();
    await logActivity(tx, {
      actorType: actor.type,
      actorId: actor.id,
      action: 'teacher_registered',
      subjectType: 'teacher',
      subjectId: created.id,
      details: { name: created.name },
    });
    return created;
  });
}

/**
 * Updates the personal details; when the teacher changed reviewed fields (`review.changed`) and had
 * been reviewed, they go back to review, with the audit entry in the same transaction. The row is
 * read again under a lock for that, so a decision committed meanwhile is what the change starts
 * from. Returns the photo ids the update replaced.
 */
export async function updateTeacher(
  db: Db,
  existing: TeacherRow,
  changes: PgUpdateSetSource<typeof teachers>,
  review: { userId: number; changed: ReviewedField[] },
): Promise<Array<number | null>> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(teachers).where(eq(teachers.id, existing.id)).for('update');
    const backToReview = locked ? reviewAfterChange(locked, review.changed) : {};
    await tx
      .update(teachers)
      .set({ ...changes, ...backToReview })
      .where(eq(teachers.id, existing.id));
    if (locked && backToReview.verificationStatus)
      await logReviewRequested(tx, locked, review.userId, review.changed);
  });
  return [
    changes.aadharPhotoId ? existing.aadharPhotoId : null,
    changes.profilePhotoId ? existing.profilePhotoId : null,
  ];
}

/** Deletes the teacher (their rows go with it); returns the ids of every document they had. */
export async function removeTeacher(db: Db, existing: TeacherRow): Promise<Array<number | null>> {
  const documents = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(teacherPreferences)
      .where(eq(teacherPreferences.teacherId, existing.id));
    await tx.delete(teachers).where(eq(teachers.id, existing.id));
    return rows;
  });
  return [
    existing.aadharPhotoId,
    existing.profilePhotoId,
    ...documents.flatMap((d) => [d.markSheetId, d.highestQualificationCertificateId, d.resumeId]),
  ];
}

/** The teacher's preference record (one per teacher), or null before the step is done. */
export async function preferenceOf(db: Db, teacherId: number): Promise<PreferenceRow | null> {
  const [row] = await db.select().from(teacherPreferences).where(eq(teacherPreferences.teacherId, teacherId));
  return row ?? null;
}

/** Whether every id is an approved, active subject (what a teacher may teach). */
export async function allApprovedSubjects(db: Db, ids: number[]): Promise<boolean> {
  if (!ids.length) return false;
  const known = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(inArray(subjects.id, ids), eq(subjects.isActive, true), eq(subjects.status, 'approved')));
  return known.length === ids.length;
}

/**
 * Saves the teacher's preferences and subjects (one record per teacher: saving again replaces it).
 * Saves of one teacher take turns (the teacher row is locked), so ten at once give one record and no
 * lost document; the unique index on teacher_id is the last word. Documents not sent again stay on
 * file.
 */
export async function savePreference(
  db: Db,
  save: {
    teacherId: number;
    columns: PreferenceColumns;
    subjectIds: number[];
    /** Documents sent with this save (null: keep the one on file). */
    sent: {
      markSheetId: number | null;
      highestQualificationCertificateId: number | null;
      resumeId: number | null;
    };
    /**
     * The documents the teacher re-uploaded (`changed`, none when an administrator saves): a reviewed
     * teacher goes back to review (columns and audit entry); a first upload changes nothing there.
     */
    review: { userId: number; changed: ReviewedField[] };
  },
): Promise<{ previous: PreferenceRow | null; replaced: Array<number | null> }> {
  const { teacherId, columns, subjectIds, sent, review } = save;
  return db.transaction(async (tx) => {
    // Read under the lock: a decision committed meanwhile is what the review change starts from.
    const [teacher] = await tx.select().from(teachers).where(eq(teachers.id, teacherId)).for('update');
    const [current] = await tx
      .select()
      .from(teacherPreferences)
      .where(eq(teacherPreferences.teacherId, teacherId));
    const changed = current ? review.changed : [];
    const backToReview = reviewAfterChange(teacher, changed);
    const values = {
      ...columns,
      teacherId,
      markSheetId: sent.markSheetId ?? current?.markSheetId ?? null,
      highestQualificationCertificateId:
        sent.highestQualificationCertificateId ?? current?.highestQualificationCertificateId ?? null,
      resumeId: sent.resumeId ?? current?.resumeId ?? null,
    };
    // A mark sheet or certificate sent (a first one too) changes what an administrator reviews.
    const reviewed = sent.markSheetId !== null || sent.highestQualificationCertificateId !== null;
    if (backToReview.verificationStatus || reviewed)
      await tx
        .update(teachers)
        .set({ ...backToReview, ...(reviewed ? nextReviewVersion : {}), updatedAt: new Date() })
        .where(eq(teachers.id, teacherId));
    if (current) await tx.update(teacherPreferences).set(values).where(eq(teacherPreferences.id, current.id));
    else await tx.insert(teacherPreferences).values(values);
    await tx.delete(teacherSubjects).where(eq(teacherSubjects.teacherId, teacherId));
    await tx.insert(teacherSubjects).values(subjectIds.map((subjectId) => ({ teacherId, subjectId })));
    if (backToReview.verificationStatus) await logReviewRequested(tx, teacher, review.userId, changed);
    // Documents this save replaced are no longer served.
    const replaced = current
      ? [
          values.markSheetId !== current.markSheetId ? current.markSheetId : null,
          values.highestQualificationCertificateId !== current.highestQualificationCertificateId
            ? current.highestQualificationCertificateId
            : null,
          values.resumeId !== current.resumeId ? current.resumeId : null,
        ]
      : [];
    return { previous: current ?? null, replaced };
  });
}
