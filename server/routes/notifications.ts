import type { FastifyInstance } from 'fastify';
import { notificationRoutes } from '../../contract/api';
import { NOTIFICATION_MESSAGES as M } from '../../contract/rules/notifications';
import { forbidden } from '../lib/http';
import { notificationsOf, serializeNotification, unreadCount } from '../lib/notifications';
import { pageParams, paginationFor } from '../lib/pagination';
import { serve } from '../lib/route';
import { isAdmin, type Principal, principalOf } from '../plugins/auth';
import { markAllNotificationsRead, markNotificationRead } from '../services/notifications';

/**
 * A person's own notifications (the bell): paged newest first with the unread count; mark one or
 * all read. Nobody sees or changes anyone else's. Administrators have their own feed.
 */
export default async function notificationsRoutes(app: FastifyInstance) {
  const ownerOf = (p: Principal) => {
    if (isAdmin(p)) throw forbidden(M.usersOnly);
    return p.id;
  };

  serve(app, notificationRoutes.listNotifications, async ({ query }, request) => {
    const userId = ownerOf(principalOf(request));
    const { page, limit, offset } = pageParams(query, 20, 100);
    const { rows, total, unread } = await notificationsOf(app.db, userId, limit, offset);
    return {
      status: 'success',
      data: rows.map(serializeNotification),
      unread_count: unread,
      total,
      pagination: paginationFor(page, limit, total),
    };
  });

  serve(app, notificationRoutes.readNotification, async ({ params: { id } }, request) => {
    const userId = ownerOf(principalOf(request));
    const updated = await markNotificationRead(app.db, userId, id);
    return { status: 'success', data: serializeNotification(updated) };
  });

  serve(app, notificationRoutes.readAll, async (_, request) => {
    const userId = ownerOf(principalOf(request));
    await markAllNotificationsRead(app.db, userId);
    return { status: 'success', data: { unread_count: await unreadCount(app.db, userId) } };
  });
}
