import { and, asc, count, eq, exists, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../../contract/api';
import { parseTeacherListQuery, validateRejection } from '../../contract/rules/admin';
import { teacherPreferences, teachers } from '../db/schema';
import { logActivity } from '../lib/activity';
import { loadTeacherFile } from '../lib/admin-teacher-file';
import { listTeachersPage, paginationFor } from '../lib/admin-teacher-list';
import { assertValid, notFound } from '../lib/http';
import { serve } from '../lib/route';
import { loadTeacherRecord, loadTeacherRecords } from '../lib/teacher-record';
import { notifyTeacherOfReview } from '../lib/teacher-review';
import { principalOf } from '../plugins/auth';

const APPROVALS_SHOWN = 20;

/** Waiting for review: pending, with the Aadhar photo, mark sheet and certificate on file (D9). */
const awaitingReview = and(
  eq(teachers.verificationStatus, 'pending'),
  isNotNull(teachers.aadharPhotoId),
  exists(
    sql`(select 1 from ${teacherPreferences} p where p.teacher_id = ${teachers.id}
         and p.mark_sheet_id is not null and p.highest_qualification_certificate_id is not null)`,
  ),
);

export default async function adminTeachersRoutes(app: FastifyInstance) {
  // The admin teacher list (docs/product.md#api-conventions; filtering and search on the server, D10).
  serve(app, adminRoutes.listTeachers, async ({ query: raw }) => {
    const { query, errors } = parseTeacherListQuery(raw);
    assertValid(errors);
    const { records, count: total } = await listTeachersPage(app.db, query);
    return {
      status: 'success',
      data: records,
      teacher_count: total,
      pagination: paginationFor(query.page, query.limit, total),
    };
  });

  // One teacher's full record for administrators: every field, documents, qualification,
  // preferences, schedule, the requests sent to them and the activity on them.
  serve(app, adminRoutes.teacherFile, async ({ params: { id } }) => {
    const file = await loadTeacherFile(app.db, id);
    if (!file) throw notFound('Teacher not found');
    return { status: 'success', data: file };
  });

  serve(app, adminRoutes.teacherApprovals, async () => {
    const [rows, [{ n }]] = await Promise.all([
      app.db
        .select({ id: teachers.id })
        .from(teachers)
        .where(awaitingReview)
        .orderBy(asc(teachers.createdAt), asc(teachers.id))
        .limit(APPROVALS_SHOWN),
      app.db.select({ n: count() }).from(teachers).where(awaitingReview),
    ]);
    return {
      status: 'success',
      data: await loadTeacherRecords(
        app.db,
        rows.map((r) => r.id),
      ),
      total_count: n,
    };
  });

  // Approval marks the teacher verified (and active again if a rejection had deactivated them).
  serve(app, adminRoutes.approveTeacher, async ({ params: { id } }, request) => {
    const [updated] = await app.db
      .update(teachers)
      .set({
        verificationStatus: 'verified',
        verifiedAt: new Date(),
        rejectionReason: null,
        reviewChanges: [],
        isActive: true,
        updatedAt: new Date(),
      })
      .where(eq(teachers.id, id))
      .returning({ id: teachers.id, userId: teachers.userId, name: teachers.name });
    if (!updated) throw notFound('Teacher not found');
    await logActivity(app.db, {
      actorType: 'admin',
      actorId: principalOf(request).id,
      action: 'teacher_approved',
      subjectType: 'teacher',
      subjectId: id,
    });
    await notifyTeacherOfReview(app, updated, { status: 'verified' });
    return { status: 'success', data: await loadTeacherRecord(app.db, id) };
  });

  // Rejection needs a reason and deactivates the teacher.
  serve(app, adminRoutes.rejectTeacher, async ({ params: { id }, body: input }, request) => {
    assertValid(validateRejection({ reason: input.reason }));
    const reason = String(input.reason).trim();
    const [updated] = await app.db
      .update(teachers)
      .set({
        verificationStatus: 'rejected',
        verifiedAt: null,
        rejectionReason: reason,
        reviewChanges: [],
        isActive: false,
        updatedAt: new Date(),
      })
      .where(eq(teachers.id, id))
      .returning({ id: teachers.id, userId: teachers.userId, name: teachers.name });
    if (!updated) throw notFound('Teacher not found');
    await logActivity(app.db, {
      actorType: 'admin',
      actorId: principalOf(request).id,
      action: 'teacher_rejected',
      subjectType: 'teacher',
      subjectId: id,
      details: { reason },
    });
    await notifyTeacherOfReview(app, updated, { status: 'rejected', reason });
    return { status: 'success', data: await loadTeacherRecord(app.db, id) };
  });
}
