import { and, asc, count, desc, eq, exists, isNotNull, sql } from 'drizzle-orm';
import { ADMIN_MESSAGES } from '../../contract/rules/admin';
import type { Db } from '../db/client';
import { activityLog, adminUsers, teacherPreferences, teachers, users } from '../db/schema';
import { logActivity } from '../lib/activity';
import { conflict, notFound } from '../lib/http';
import { type NotificationRow, recordNotifications } from '../lib/notifications';
import { reviewNotification } from '../lib/teacher-review';

/**
 * The administrator side's own queries and writes: the audit log page, the Teacher Approvals queue
 * and the review decisions. The larger read models have their own services: the teacher list
 * (admin-teacher-list.ts), the teacher file (admin-teacher-file.ts), the month overview
 * (admin-overview.ts) and the dashboard's notifications (admin-notifications.ts).
 */

/** One page of the audit log, newest first, each entry with its actor's e-mail. */
export async function activityPage(db: Db, page: { limit: number; offset: number }) {
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ entry: activityLog, userEmail: users.email, adminEmail: adminUsers.email })
      .from(activityLog)
      .leftJoin(users, sql`${activityLog.actorType} = 'user' and ${users.id} = ${activityLog.actorId}`)
      .leftJoin(
        adminUsers,
        sql`${activityLog.actorType} = 'admin' and ${adminUsers.id} = ${activityLog.actorId}`,
      )
      .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(activityLog),
  ]);
  return { rows, total: n };
}

const pendingReview = eq(teachers.verificationStatus, 'pending');
/** The Aadhar photo, mark sheet and certificate are all on file. */
const documentsOnFile = and(
  isNotNull(teachers.aadharPhotoId),
  exists(
    sql`(select 1 from ${teacherPreferences} p where p.teacher_id = ${teachers.id}
         and p.mark_sheet_id is not null and p.highest_qualification_certificate_id is not null)`,
  ),
);
/** Waiting for review (Teacher Approvals lists these): pending, with every document on file. */
const awaitingReview = and(pendingReview, documentsOnFile);

/** A page of the teachers waiting for review (oldest first) and how many wait in all. */
export async function approvalsQueue(
  db: Db,
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ id: teachers.id })
      .from(teachers)
      .where(awaitingReview)
      .orderBy(asc(teachers.createdAt), asc(teachers.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(teachers).where(awaitingReview),
  ]);
  return { ids: rows.map((r) => r.id), total: n };
}

/**
 * An administrator's decision on a teacher and its audit entry, in one transaction. Approval marks
 * the teacher verified (and active again if a rejection had deactivated them); rejection records
 * the reason and deactivates them. The teacher's notification is recorded with them (`told`, to
 * e-mail after the commit).
 *
 * Only a teacher pending review can be decided on (a decided teacher who changes their documents
 * is pending again), and approval also needs every document on file, as Teacher Approvals lists
 * them. The UPDATE itself carries the condition: of two administrators deciding at once, the second
 * UPDATE waits for the first to commit, then finds the teacher no longer pending and changes
 * nothing, so exactly one decision wins. The loser gets a 409 saying so, with the status now
 * stored; approving a teacher without documents, a 409 saying what is missing; an unknown teacher, 404.
 * With `shownVersion` (the review version the administrator's screen showed) the UPDATE also needs
 * the version still stored: a teacher who changed what is reviewed since (perhaps decided on, fixed
 * and pending again meanwhile) is not decided on from the older screen; a 409 says so, with the
 * version and changes now stored. Without it that is not checked (callers that do not send it).
 */
export async function reviewTeacher(
  db: Db,
  teacherId: number,
  decision: { adminId: number; shownVersion?: number } & (
    | { approve: true }
    | { approve: false; reason: string }
  ),
): Promise<{ teacher: { id: number; userId: number; name: string }; told: NotificationRow[] }> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(teachers)
      .set(
        decision.approve
          ? {
              verificationStatus: 'verified',
              verifiedAt: now,
              rejectionReason: null,
              reviewChanges: [],
              isActive: true,
              updatedAt: now,
            }
          : {
              verificationStatus: 'rejected',
              verifiedAt: null,
              rejectionReason: decision.reason,
              reviewChanges: [],
              isActive: false,
              updatedAt: now,
            },
      )
      .where(
        and(
          eq(teachers.id, teacherId),
          decision.approve ? awaitingReview : pendingReview,
          decision.shownVersion === undefined ? undefined : eq(teachers.reviewVersion, decision.shownVersion),
        ),
      )
      .returning({ id: teachers.id, userId: teachers.userId, name: teachers.name });
    if (!updated) throw await refusedDecision(tx, teacherId, decision.shownVersion);
    await logActivity(tx, {
      actorType: 'admin',
      actorId: decision.adminId,
      action: decision.approve ? 'teacher_approved' : 'teacher_rejected',
      subjectType: 'teacher',
      subjectId: teacherId,
      ...(decision.approve ? {} : { details: { reason: decision.reason } }),
    });
    // The teacher is told in the same transaction; the route e-mails it once committed.
    const told = await recordNotifications(tx, [
      reviewNotification(
        updated,
        decision.approve ? { status: 'verified' } : { status: 'rejected', reason: decision.reason },
      ),
    ]);
    return { teacher: updated, told };
  });
}

/**
 * Why a decision changed nothing: no such teacher (404), decided already, changed since the screen
 * showed them, or documents missing (409).
 */
async function refusedDecision(db: Db, teacherId: number, shownVersion: number | undefined) {
  const [row] = await db
    .select({
      status: teachers.verificationStatus,
      reason: teachers.rejectionReason,
      version: teachers.reviewVersion,
      changes: teachers.reviewChanges,
    })
    .from(teachers)
    .where(eq(teachers.id, teacherId));
  if (!row) return notFound(ADMIN_MESSAGES.teacherNotFound);
  if (row.status !== 'pending')
    return conflict(ADMIN_MESSAGES.alreadyDecided, {
      verification_status: row.status,
      ...(row.reason ? { rejection_reason: row.reason } : {}),
    });
  if (shownVersion !== undefined && row.version !== shownVersion)
    return conflict(ADMIN_MESSAGES.changedSinceShown, {
      verification_status: row.status,
      review_version: row.version,
      review_changes: row.changes,
    });
  return conflict(ADMIN_MESSAGES.documentsMissing);
}
