import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { teachers } from '../db/schema';
import { logActivity } from './activity';
import type { NewNotification } from './notifications';

type TeacherRow = typeof teachers.$inferSelect;

/** What a teacher can change that an administrator must look at again (identity and documents). */
export type ReviewedField =
  | 'name'
  | 'date_of_birth'
  | 'aadhar_photo'
  | 'mark_sheet'
  | 'highest_qualification_certificate';

/**
 * The column changes that send a teacher back to review after they changed reviewed fields: a
 * verified or rejected teacher becomes pending (a rejected one is active again: they fixed what was
 * refused), and the changed fields are listed for Teacher Approvals. A teacher never reviewed yet
 * stays pending with nothing listed. No change: nothing to set.
 */
export function reviewAfterChange(
  existing: TeacherRow,
  changed: ReviewedField[],
): Partial<typeof teachers.$inferInsert> {
  if (!changed.length) return {};
  const reviewedBefore = existing.verificationStatus !== 'pending' || existing.reviewChanges.length > 0;
  if (!reviewedBefore) return {};
  const set: Partial<typeof teachers.$inferInsert> = {
    verificationStatus: 'pending',
    verifiedAt: null,
    reviewChanges: [...new Set([...existing.reviewChanges, ...changed])],
  };
  if (existing.verificationStatus === 'rejected') set.isActive = true;
  return set;
}

/**
 * The column change of a write that changed what an administrator reviews (a reviewed field, or a
 * mark sheet or certificate sent for the first time), whoever wrote it: the review version goes up,
 * so a decision taken on a screen from before the write is refused (`reviewTeacher`,
 * docs/product.md#verification). The database counts, so two writes at once count twice.
 */
export const nextReviewVersion = { reviewVersion: sql<number>`${teachers.reviewVersion} + 1` };

/** Identity fields changed by an update of the personal details. */
export function identityChanges(
  existing: TeacherRow,
  next: { name: string; dateOfBirth: string },
  newAadhar: boolean,
): ReviewedField[] {
  const changed: ReviewedField[] = [];
  if (next.name.trim() !== existing.name.trim()) changed.push('name');
  if (next.dateOfBirth !== existing.dateOfBirth) changed.push('date_of_birth');
  if (newAadhar) changed.push('aadhar_photo');
  return changed;
}

/** Audit entry (and the administrators' notification feed) for a teacher back in review. */
export async function logReviewRequested(
  db: Db,
  teacher: TeacherRow,
  userId: number,
  changed: ReviewedField[],
) {
  await logActivity(db, {
    actorType: 'user',
    actorId: userId,
    action: 'teacher_review_requested',
    subjectType: 'teacher',
    subjectId: teacher.id,
    details: { name: teacher.name, changed },
  });
}

/**
 * The teacher's notification of a review's outcome (approved, or rejected with the reason), recorded
 * in the decision's transaction (`reviewTeacher`) and e-mailed after it when a mailer is configured.
 */
export function reviewNotification(
  teacher: { userId: number },
  outcome: { status: 'verified' } | { status: 'rejected'; reason: string },
): NewNotification {
  return outcome.status === 'verified'
    ? { userId: teacher.userId, kind: 'teacher_verified', params: {}, link: '/dashboard' }
    : {
        userId: teacher.userId,
        kind: 'teacher_rejected',
        params: { reason: outcome.reason },
        link: '/dashboard',
      };
}
