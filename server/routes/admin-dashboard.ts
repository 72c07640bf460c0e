import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../../contract/api';
import { ADMIN_MESSAGES, MONTH_PATTERN } from '../../contract/rules/admin';
import { DONE_MESSAGES } from '../../contract/rules/http';
import { INPUT_MESSAGES } from '../../contract/rules/input';
import { unprocessable } from '../lib/http';
import { serve } from '../lib/route';
import { principalOf } from '../plugins/auth';
import { markNotificationsSeen, notificationsFor } from '../services/admin-notifications';
import { monthOf, monthOverview } from '../services/admin-overview';

/** A non-negative whole number from the query string, or undefined when absent (422 otherwise). */
function pageNumber(raw: unknown, field: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw unprocessable({ [field]: INPUT_MESSAGES.notWholeNumber });
  return value;
}

export default async function adminDashboardRoutes(app: FastifyInstance) {
  // Every figure of the dashboard for one month (D9); the current month when none is given.
  serve(app, adminRoutes.overview, async ({ query }) => {
    const raw = query.month;
    const month = typeof raw === 'string' && raw.trim() ? raw.trim() : monthOf(new Date());
    if (!MONTH_PATTERN.test(month)) throw unprocessable({ month: ADMIN_MESSAGES.monthInvalid });
    return { status: 'success', data: await monthOverview(app.db, month) };
  });

  serve(app, adminRoutes.notifications, async ({ query }, request) => {
    const page = { limit: pageNumber(query.limit, 'limit'), offset: pageNumber(query.offset, 'offset') };
    const { since, items, hasMore } = await notificationsFor(app.db, principalOf(request).id, page);
    return { status: 'success', data: items, since: since.toISOString(), has_more: hasMore };
  });

  serve(app, adminRoutes.notificationsSeen, async (_, request) => {
    await markNotificationsSeen(app.db, principalOf(request).id);
    return { status: 'success', message: DONE_MESSAGES.notificationsSeen };
  });
}
