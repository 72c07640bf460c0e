import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../../contract/api';
import { APPROVALS_FIRST } from '../../contract/constants';
import { ADMIN_MESSAGES, MONTH_PATTERN } from '../../contract/rules/admin';
import { DONE_MESSAGES } from '../../contract/rules/http';
import { INPUT_MESSAGES } from '../../contract/rules/input';
import type { Db } from '../db/client';
import { unprocessable } from '../lib/http';
import { serve } from '../lib/route';
import { principalOf } from '../plugins/auth';
import { markNotificationsSeen, notificationsFor } from '../services/admin-notifications';
import { monthOf, monthOverview } from '../services/admin-overview';
import { teacherApprovalsBody } from './admin-teachers';
import { subjectSuggestionsBody, subjectsBody } from './subjects';

/** A non-negative whole number from the query string, or undefined when absent (422 otherwise). */
function pageNumber(raw: unknown, field: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw unprocessable({ [field]: INPUT_MESSAGES.notWholeNumber });
  return value;
}

/** Every figure of the dashboard for one month (D9); the current month when none is given. */
async function overviewBody(db: Db, raw?: string) {
  const month = raw?.trim() || monthOf(new Date());
  if (!MONTH_PATTERN.test(month)) throw unprocessable({ month: ADMIN_MESSAGES.monthInvalid });
  return { status: 'success' as const, data: await monthOverview(db, month) };
}

/** A page of the administrator's notifications (the latest ten first). */
async function notificationsBody(db: Db, adminId: number, page: { limit?: number; offset?: number }) {
  const { since, items, hasMore } = await notificationsFor(db, adminId, page);
  return { status: 'success' as const, data: items, since: since.toISOString(), has_more: hasMore };
}

export default async function adminDashboardRoutes(app: FastifyInstance) {
  // The first screen in one answer: on a phone's network, five calls queued behind the page's own
  // files for the browser's six connections; one call does not.
  serve(app, adminRoutes.dashboard, async (_, request) => {
    const principal = principalOf(request);
    const [overview, approvals, suggestions, subjects, notifications] = await Promise.all([
      overviewBody(app.db),
      teacherApprovalsBody(app.db, { limit: APPROVALS_FIRST }),
      subjectSuggestionsBody(app.db, 'pending'),
      subjectsBody(app.db, principal),
      notificationsBody(app.db, principal.id, {}),
    ]);
    return {
      status: 'success',
      overview,
      teacher_approvals: approvals,
      subject_suggestions: suggestions,
      subjects,
      notifications,
    };
  });

  serve(app, adminRoutes.overview, async ({ query }) => overviewBody(app.db, query.month));

  serve(app, adminRoutes.notifications, async ({ query }, request) =>
    notificationsBody(app.db, principalOf(request).id, {
      limit: pageNumber(query.limit, 'limit'),
      offset: pageNumber(query.offset, 'offset'),
    }),
  );

  serve(app, adminRoutes.notificationsSeen, async (_, request) => {
    await markNotificationsSeen(app.db, principalOf(request).id);
    return { status: 'success', message: DONE_MESSAGES.notificationsSeen };
  });
}
