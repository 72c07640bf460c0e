import { and, asc, count, desc, eq, exists, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { activityLog, adminUsers, teacherPreferences, teachers, users } from '../db/schema';
import { logActivity } from '../lib/activity';
import { notFound } from '../lib/http';
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

/** Waiting for review: pending, with the Aadhar photo, mark sheet and certificate on file. */
const awaitingReview = and(
  eq(teachers.verificationStatus, 'pending'),
  isNotNull(teachers.aadharPhotoId),
  exists(
    sql`(select 1 from ${teacherPreferences} p where p.teacher_id = ${teachers.id}
         and p.mark_sheet_id is not null and p.highest_qualification_certificate_id is not null)`,
  ),
);

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
 * e-mail after the commit). 404 for an unknown teacher.
 */
export async function reviewTeacher(
  db: Db,
  teacherId: number,
  decision: { adminId: number } & ({ approve: true } | { approve: false; reason: string }),
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
      .where(eq(teachers.id, teacherId))
      .returning({ id: teachers.id, userId: teachers.userId, name: teachers.name });
    if (!updated) throw notFound('Teacher not found');
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
