import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { NOTIFICATION_MESSAGES as M } from '../../contract/rules/notifications';
import { notifications } from '../db/schema';
import { forbidden, notFound, parseId, sendSuccess } from '../lib/http';
import { notificationsOf, serializeNotification, unreadCount } from '../lib/notifications';
import { pageParams, paginationOf } from '../lib/student-access';
import { isAdmin, type Principal, principalOf } from '../plugins/auth';

/**
 * A person's own notifications (the bell): paged newest first with the unread count; mark one or
 * all read. Nobody sees or changes anyone else's. Administrators have their own feed.
 */
export default async function notificationsRoutes(app: FastifyInstance) {
  const auth = { preHandler: app.authenticate };

  const ownerOf = (p: Principal) => {
    if (isAdmin(p)) throw forbidden(M.usersOnly);
    return p.id;
  };

  app.get('/api/v1/notifications', auth, async (request, reply) => {
    const userId = ownerOf(principalOf(request));
    const { page, limit, offset } = pageParams(request.query, 20, 100);
    const { rows, total, unread } = await notificationsOf(app.db, userId, limit, offset);
    return sendSuccess(reply, rows.map(serializeNotification), {
      unread_count: unread,
      total,
      pagination: paginationOf(page, limit, total),
    });
  });

  app.patch('/api/v1/notifications/:id/read', auth, async (request, reply) => {
    const userId = ownerOf(principalOf(request));
    const id = parseId((request.params as { id: string }).id, 'Notification');
    const [row] = await app.db.select().from(notifications).where(eq(notifications.id, id));
    if (!row) throw notFound(M.notFound);
    if (row.userId !== userId) throw forbidden(M.notYours);
    const [updated] = row.readAt
      ? [row]
      : await app.db
          .update(notifications)
          .set({ readAt: new Date() })
          .where(eq(notifications.id, id))
          .returning();
    return sendSuccess(reply, serializeNotification(updated));
  });

  app.post('/api/v1/notifications/read_all', auth, async (request, reply) => {
    const userId = ownerOf(principalOf(request));
    await app.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
    return sendSuccess(reply, { unread_count: await unreadCount(app.db, userId) });
  });
}
