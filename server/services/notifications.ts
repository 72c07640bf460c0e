import { and, eq, isNull } from 'drizzle-orm';
import { NOTIFICATION_MESSAGES as M } from '../../contract/rules/notifications';
import type { Db } from '../db/client';
import { notifications } from '../db/schema';
import { forbidden, notFound } from '../lib/http';
import type { NotificationRow } from '../lib/notifications';

/**
 * Reading one's own notifications (the bell). Recording them happens inside the write that causes
 * them (server/lib/notifications.ts `recordNotifications`, called by the services that change a request).
 */

/** Marks one of the user's notifications read (already read: unchanged). 404 unknown, 403 someone else's. */
export async function markNotificationRead(db: Db, userId: number, id: number): Promise<NotificationRow> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  if (!row) throw notFound(M.notFound);
  if (row.userId !== userId) throw forbidden(M.notYours);
  if (row.readAt) return row;
  const [updated] = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return updated ?? row;
}

/** Marks every unread notification of the user read. */
export async function markAllNotificationsRead(db: Db, userId: number): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
}
