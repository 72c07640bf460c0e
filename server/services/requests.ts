import { and, count, desc, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { type RequestStatus, STUDENT_REQUEST_DEFAULTS } from '../../contract/constants';
import { canTransition, REQUEST_MESSAGES } from '../../contract/rules/request';
import type { Db } from '../db/client';
import { teacherStudentRequests, teacherSubjects, teachers } from '../db/schema';
import { logActivity } from '../lib/activity';
import { conflict, notFound } from '../lib/http';
import { type NotificationRow, recordNotifications } from '../lib/notifications';
import { eventOfStatus, requestNotifications } from '../lib/request-events';
import type { RequestRow } from '../lib/requests';

/**
 * Teacher-student requests: every query and write behind /api/v1/teacher_student_requests. The
 * route parses, authorises (which side of the request the caller is on) and calls these; each write
 * of more than one statement runs in one transaction. Notifications are recorded in the same
 * transaction and returned, so the route can e-mail them once the write is committed.
 */

/** Who did it, for the audit log. */
export interface Actor {
  type: 'user' | 'admin';
  id: number;
}

/** The choices a student makes on /subject (the rules in contract/rules/request.ts checked them). */
export interface RequestChoices {
  subjectIds: number[];
  modeOfTeaching: string;
  preferredGroup: string;
  preferredMedium: string;
  teacherAssignmentPreference: string;
  location: { latitude: number; longitude: number } | null;
}

export async function findRequest(db: Db, id: number): Promise<RequestRow> {
  const [row] = await db.select().from(teacherStudentRequests).where(eq(teacherStudentRequests.id, id));
  if (!row) throw notFound(REQUEST_MESSAGES.requestNotFound);
  return row;
}

/** One page of requests, newest first, with the total across pages. */
export async function listRequests(
  db: Db,
  filter: {
    studentId?: number | null;
    teacherId?: number | null;
    status?: RequestStatus | null;
    /** true: only those sent to a teacher; false: only the students' own; null: both. */
    sent?: boolean | null;
    limit: number;
    offset: number;
  },
): Promise<{ rows: RequestRow[]; total: number }> {
  const where: SQL[] = [];
  if (filter.studentId != null) where.push(eq(teacherStudentRequests.studentId, filter.studentId));
  if (filter.teacherId != null) where.push(eq(teacherStudentRequests.teacherId, filter.teacherId));
  if (filter.status) where.push(eq(teacherStudentRequests.status, filter.status));
  if (filter.sent === false) where.push(isNull(teacherStudentRequests.teacherId));
  if (filter.sent === true) where.push(isNotNull(teacherStudentRequests.teacherId));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(teacherStudentRequests)
      .where(condition)
      .orderBy(desc(teacherStudentRequests.createdAt), desc(teacherStudentRequests.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(teacherStudentRequests).where(condition),
  ]);
  return { rows, total };
}

/** A student's new request (no teacher yet), logged in the same transaction. */
export async function createRequest(
  db: Db,
  studentId: number,
  choices: RequestChoices,
  actor: Actor,
): Promise<RequestRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(teacherStudentRequests)
      .values({
        studentId,
        latitude: choices.location?.latitude ?? null,
        longitude: choices.location?.longitude ?? null,
        subjectIds: choices.subjectIds,
        status: 'request_send',
        modeOfTeaching: choices.modeOfTeaching,
        preferredGroup: choices.preferredGroup,
        preferredMedium: choices.preferredMedium,
        teacherAssignmentPreference: choices.teacherAssignmentPreference,
        preferredTime: [...STUDENT_REQUEST_DEFAULTS.preferred_time],
      })
      .returning();
    await logActivity(tx, {
      actorType: actor.type,
      actorId: actor.id,
      action: 'request_created',
      subjectType: 'teacher_student_request',
      subjectId: row.id,
      details: { student_id: studentId, subject_ids: choices.subjectIds },
    });
    return row;
  });
}

/** Changes a student's own open request (one statement, guarded on it still being open). */
export async function updateRequest(db: Db, row: RequestRow, choices: RequestChoices): Promise<RequestRow> {
  const [updated] = await db
    .update(teacherStudentRequests)
    .set({
      subjectIds: choices.subjectIds,
      latitude: choices.location?.latitude ?? null,
      longitude: choices.location?.longitude ?? null,
      modeOfTeaching: choices.modeOfTeaching,
      preferredGroup: choices.preferredGroup,
      preferredMedium: choices.preferredMedium,
      teacherAssignmentPreference: choices.teacherAssignmentPreference,
      updatedAt: new Date(),
    })
    .where(and(eq(teacherStudentRequests.id, row.id), eq(teacherStudentRequests.status, 'request_send')))
    .returning();
  if (!updated) throw conflict(REQUEST_MESSAGES.changedMeanwhile);
  return updated;
}

/**
 * Removes a request and the copies sent to teachers, unless one was accepted. The rows are locked
 * first, so an acceptance arriving at the same moment either lands before (and the delete is
 * refused) or finds the request gone.
 */
export async function removeRequest(db: Db, row: RequestRow): Promise<void> {
  await db.transaction(async (tx) => {
    const family = await tx
      .select({ id: teacherStudentRequests.id, status: teacherStudentRequests.status })
      .from(teacherStudentRequests)
      // The request and every copy sent from it.
      .where(or(eq(teacherStudentRequests.id, row.id), eq(teacherStudentRequests.parentRequestId, row.id)))
      .for('update');
    if (family.some((r) => r.status === 'accepted')) throw conflict(REQUEST_MESSAGES.notDeletable);
    if (!family.length) throw notFound(REQUEST_MESSAGES.requestNotFound);
    await tx.delete(teacherStudentRequests).where(
      inArray(
        teacherStudentRequests.id,
        family.map((r) => r.id),
      ),
    );
  });
}

/**
 * Moves a request to `status` (the route checked who may). A single-teacher request accepted by
 * another teacher is refused here, and by the database's partial unique index when two acceptances
 * race. Both sides ending an accepted request at once: the UPDATE's condition on the old status
 * lets one win; the other gets a 409. The status change, the cascade (cancelling a student's request withdraws the copies still
 * waiting), the audit entry and the notifications are one transaction.
 */
export async function changeRequestStatus(
  db: Db,
  row: RequestRow,
  change: {
    status: RequestStatus;
    reason: string | null;
    reasonKey?: string | null;
    actorId: number;
    /** Which side made the change: an end is told to the other side. */
    by: 'student' | 'teacher';
  },
): Promise<{ updated: RequestRow; told: NotificationRow[] }> {
  const { status, reason } = change;
  const reasonKey = change.reasonKey ?? null;
  // Ending something no longer accepted (the other side ended it first) says so in plain words.
  const refusal = () =>
    conflict(
      status === 'ended'
        ? REQUEST_MESSAGES.notActiveToEnd
        : REQUEST_MESSAGES.badTransition(row.status, status),
    );
  if (!canTransition(row.status, status)) throw refusal();
  if (status === 'accepted' && row.parentRequestId !== null && row.teacherAssignmentPreference === 'single') {
    const [taken] = await db
      .select({ id: teacherStudentRequests.id })
      .from(teacherStudentRequests)
      .where(
        and(
          eq(teacherStudentRequests.parentRequestId, row.parentRequestId),
          eq(teacherStudentRequests.status, 'accepted'),
        ),
      );
    if (taken) throw conflict(REQUEST_MESSAGES.singleAlreadyAccepted);
  }
  const now = new Date();
  return db.transaction(async (tx) => {
    // The guard on the old status makes two racing decisions end with one winner.
    const [changed] = await tx
      .update(teacherStudentRequests)
      .set({
        status,
        statusChangedAt: now,
        updatedAt: now,
        ...(status === 'accepted' ? { acceptedAt: now } : {}),
        ...(status === 'declined' ? { declineReason: reason, declineReasonKey: reasonKey } : {}),
      })
      .where(and(eq(teacherStudentRequests.id, row.id), eq(teacherStudentRequests.status, row.status)))
      .returning();
    if (!changed) throw status === 'ended' ? refusal() : conflict(REQUEST_MESSAGES.changedMeanwhile);
    let affected = [changed];
    if (status === 'cancelled' && row.teacherId === null) {
      // Cancelling the request the student made withdraws it from every teacher who has not decided.
      affected = await tx
        .update(teacherStudentRequests)
        .set({ status: 'cancelled', statusChangedAt: now, updatedAt: now })
        .where(
          and(
            eq(teacherStudentRequests.parentRequestId, row.id),
            eq(teacherStudentRequests.status, 'request_send'),
          ),
        )
        .returning();
    }
    await logActivity(tx, {
      actorType: 'user',
      actorId: change.actorId,
      action: 'request_status_changed',
      subjectType: 'teacher_student_request',
      subjectId: row.id,
      details: {
        from: row.status,
        to: status,
        ...(reasonKey ? { reason_key: reasonKey } : {}),
        ...(reason ? { reason } : {}),
        ...(status === 'ended' ? { by: change.by } : {}),
      },
    });
    const event = eventOfStatus(status, change.by);
    const items = event ? await requestNotifications(tx, affected, event) : [];
    return { updated: changed, told: await recordNotifications(tx, items) };
  });
}

/**
 * Connect: sends the student's open request to one teacher as a copy pointing at it, once per
 * teacher, with the subjects that teacher teaches. 404 unknown teacher; 409 inactive or rejected,
 * teaches none of the subjects, or already sent (the existing copy comes back as `data`). Two
 * Connects racing: the unique index decides and server/lib/db-errors.ts answers the loser.
 */
export async function connectRequest(
  db: Db,
  row: RequestRow,
  teacherId: number,
  actorId: number,
  /** Serialises the copy that already exists for the 409's `data`. */
  describe: (existing: RequestRow) => Promise<unknown>,
): Promise<{ sent: RequestRow; told: NotificationRow[] }> {
  const [teacher] = await db
    .select({ id: teachers.id, isActive: teachers.isActive, status: teachers.verificationStatus })
    .from(teachers)
    .where(eq(teachers.id, teacherId));
  if (!teacher) throw notFound(REQUEST_MESSAGES.teacherNotFound);
  if (!teacher.isActive || teacher.status === 'rejected') throw conflict(REQUEST_MESSAGES.teacherInactive);
  const taught = await db
    .select({ subjectId: teacherSubjects.subjectId })
    .from(teacherSubjects)
    .where(and(eq(teacherSubjects.teacherId, teacherId), inArray(teacherSubjects.subjectId, row.subjectIds)));
  if (!taught.length) throw conflict(REQUEST_MESSAGES.teacherNoSubjects);
  const [existing] = await db
    .select()
    .from(teacherStudentRequests)
    .where(
      and(
        eq(teacherStudentRequests.parentRequestId, row.id),
        eq(teacherStudentRequests.teacherId, teacherId),
      ),
    );
  if (existing) throw conflict(REQUEST_MESSAGES.alreadySent, { data: await describe(existing) });
  const covered = new Set(taught.map((t) => t.subjectId));
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(teacherStudentRequests)
      .values({
        studentId: row.studentId,
        teacherId,
        parentRequestId: row.id,
        // The teacher sees the subjects they were asked for: those of the request they teach.
        subjectIds: row.subjectIds.filter((id) => covered.has(id)),
        status: 'request_send',
        modeOfTeaching: row.modeOfTeaching,
        preferredGroup: row.preferredGroup,
        preferredMedium: row.preferredMedium,
        teacherAssignmentPreference: row.teacherAssignmentPreference,
        preferredTime: row.preferredTime,
      })
      .returning();
    await logActivity(tx, {
      actorType: 'user',
      actorId,
      action: 'request_sent',
      subjectType: 'teacher_student_request',
      subjectId: inserted.id,
      details: { parent_request_id: row.id, teacher_id: teacherId, student_id: row.studentId },
    });
    const items = await requestNotifications(tx, [inserted], 'request_new');
    return { sent: inserted, told: await recordNotifications(tx, items) };
  });
}
