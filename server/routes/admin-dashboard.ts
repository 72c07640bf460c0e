import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../../contract/api';
import { ADMIN_MESSAGES, MONTH_PATTERN } from '../../contract/rules/admin';
import { markNotificationsSeen, notificationsFor } from '../lib/admin-notifications';
import { monthOf, monthOverview } from '../lib/admin-overview';
import { unprocessable } from '../lib/http';
import { serve } from '../lib/route';
import { principalOf } from '../plugins/auth';

export default async function adminDashboardRoutes(app: FastifyInstance) {
  // Every figure of the dashboard for one month (D9); the current month when none is given.
  serve(app, adminRoutes.overview, async ({ query }) => {
    const raw = query.month;
    const month = typeof raw === 'string' && raw.trim() ? raw.trim() : monthOf(new Date());
    if (!MONTH_PATTERN.test(month)) throw unprocessable({ month: ADMIN_MESSAGES.monthInvalid });
    return { status: 'success', data: await monthOverview(app.db, month) };
  });

  serve(app, adminRoutes.notifications, async (_, request) => {
    const { since, items } = await notificationsFor(app.db, principalOf(request).id);
    return { status: 'success', data: items, since: since.toISOString() };
  });

  serve(app, adminRoutes.notificationsSeen, async (_, request) => {
    await markNotificationsSeen(app.db, principalOf(request).id);
    return { status: 'success', message: 'Notifications marked as read' };
  });
}
