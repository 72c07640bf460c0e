import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../../contract/api';
import { parseTeacherListQuery, validateRejection } from '../../contract/rules/admin';
import { TeacherRecord } from '../../contract/structs/teacher';
import type { Db } from '../db/client';
import { checkedTexts } from '../lib/checked-texts';
import { assertValid, notFound } from '../lib/http';
import { emailNotifications } from '../lib/notifications';
import { paginationFor } from '../lib/pagination';
import { serve } from '../lib/route';
import { confirmSession, principalOf } from '../plugins/auth';
import { approvalsQueue, reviewTeacher } from '../services/admin';
import { loadTeacherFile } from '../services/admin-teacher-file';
import { listTeachersPage } from '../services/admin-teacher-list';
import { loadTeacherRecord, loadTeacherRecords } from '../services/teacher-records';

/** Teachers waiting for review per page unless the caller asks for fewer or more. */
const APPROVALS_SHOWN = 20;

/** A page of the teachers waiting for review and how many wait in all. */
export async function teacherApprovalsBody(db: Db, page: { limit?: number; offset?: number }) {
  const { ids, total } = await approvalsQueue(db, {
    limit: page.limit ?? APPROVALS_SHOWN,
    offset: page.offset ?? 0,
  });
  return { status: 'success' as const, data: await loadTeacherRecords(db, ids), total_count: total };
}

export default async function adminTeachersRoutes(app: FastifyInstance) {
  // The admin teacher list (docs/product.md#api-conventions; filtering and search on the server, D10).
  // Its one statement also checks the caller's session (no second round trip for the access check).
  serve(
    app,
    adminRoutes.listTeachers,
    async ({ query: raw }, request) => {
      const { query, errors } = parseTeacherListQuery(raw);
      assertValid(errors);
      const sid = request.sessionToConfirm;
      const { texts, count: total, live } = await listTeachersPage(app.db, query, sid ?? undefined);
      if (sid) confirmSession(request, live === true);
      return {
        status: 'success',
        // The stored record texts, each checked against the contract once and then written as it is.
        data: checkedTexts(texts, TeacherRecord),
        teacher_count: total,
        pagination: paginationFor(query.page, query.limit, total),
      };
    },
    { config: { sessionInStatement: true } },
  );

  // One teacher's full record for administrators: every field, documents, qualification,
  // preferences, schedule, the requests sent to them and the activity on them.
  serve(app, adminRoutes.teacherFile, async ({ params: { id } }) => {
    const file = await loadTeacherFile(app.db, id);
    if (!file) throw notFound('Teacher not found');
    return { status: 'success', data: file };
  });

  // Teachers waiting for review, oldest first, a page at a time ('Show more' on the dashboard).
  serve(app, adminRoutes.teacherApprovals, async ({ query }) => teacherApprovalsBody(app.db, query));

  // Approval marks the teacher verified (and active again if a rejection had deactivated them).
  // `review_version`, when sent, is what the administrator's screen showed (a stale screen: 409).
  serve(app, adminRoutes.approveTeacher, async ({ params: { id }, body }, request) => {
    const { told } = await reviewTeacher(app.db, id, {
      adminId: principalOf(request).id,
      shownVersion: body.review_version,
      approve: true,
    });
    void emailNotifications(app, told);
    return { status: 'success', data: await loadTeacherRecord(app.db, id) };
  });

  // Rejection needs a reason and deactivates the teacher.
  serve(app, adminRoutes.rejectTeacher, async ({ params: { id }, body: input }, request) => {
    assertValid(validateRejection({ reason: input.reason }));
    const reason = String(input.reason).trim();
    const { told } = await reviewTeacher(app.db, id, {
      adminId: principalOf(request).id,
      shownVersion: input.review_version,
      approve: false,
      reason,
    });
    void emailNotifications(app, told);
    return { status: 'success', data: await loadTeacherRecord(app.db, id) };
  });
}
