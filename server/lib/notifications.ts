import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '../../contract/constants';
import { NOTIFICATION_MESSAGES } from '../../contract/rules/notifications';
import type { Notification } from '../../contract/structs/notification';
import type { Db } from '../db/client';
import { notifications, users } from '../db/schema';

/**
 * The one place that tells people something happened: in-app notifications (the bell) and, when
 * SMTP_URL is configured, the same text by e-mail. Any module may call it.
 *
 * - `notify(app, items)`: records and e-mails, for a write that is already committed.
 * - Inside a transaction: `const rows = await recordNotifications(tx, items)` with the other writes,
 *   then `emailNotifications(app, rows)` after the transaction commits (e-mails never go out for a
 *   write that rolled back).
 */
export interface NewNotification {
  /** users.id of the person told. */
  userId: number;
  /** The event, e.g. 'request_accepted', 'teacher_verified', 'application_shortlisted'. */
  kind: string;
  title: string;
  body: string;
  /** In-app route to open (e.g. '/requests'); also the e-mail's link. */
  link?: string | null;
  requestId?: number | null;
}

export type NotificationRow = typeof notifications.$inferSelect;

export async function recordNotifications(db: Db, items: NewNotification[]): Promise<NotificationRow[]> {
  if (!items.length) return [];
  return db
    .insert(notifications)
    .values(
      items.map((n) => ({
        userId: n.userId,
        kind: n.kind,
        title: n.title,
        body: n.body,
        link: n.link ?? null,
        requestId: n.requestId ?? null,
      })),
    )
    .returning();
}

/**
 * E-mails recorded notifications to their owners when a mailer is configured. Never throws: a
 * failure is logged and the in-app notification stays.
 */
export async function emailNotifications(app: FastifyInstance, rows: NotificationRow[]): Promise<void> {
  if (!app.mailer.enabled || !rows.length) return;
  try {
    const ids = [...new Set(rows.map((r) => r.userId))];
    const owners = await app.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.id, ids));
    const emailOf = new Map(owners.map((o) => [o.id, o.email]));
    await Promise.all(
      rows.map(async (row) => {
        const to = emailOf.get(row.userId);
        if (!to) return;
        const link = `${app.config.appUrl.replace(/\/$/, '')}${row.link ?? '/'}`;
        await app.mailer
          .send({
            to,
            subject: `${PRODUCT_NAME}: ${row.title}`,
            text: `${row.body}\n\n${NOTIFICATION_MESSAGES.emailOpen} ${PRODUCT_NAME}: ${link}\n\n${NOTIFICATION_MESSAGES.emailFooter(PRODUCT_NAME)}\n`,
          })
          .catch((error) => app.log.warn({ err: error, notification: row.id }, 'notification e-mail failed'));
      }),
    );
  } catch (error) {
    app.log.warn({ err: error }, 'notification e-mails failed');
  }
}

/** Records and (in the background) e-mails; for callers outside a transaction. */
export async function notify(app: FastifyInstance, items: NewNotification[]): Promise<NotificationRow[]> {
  const rows = await recordNotifications(app.db, items);
  void emailNotifications(app, rows);
  return rows;
}

export const serializeNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  request_id: row.requestId,
  read_at: row.readAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

/** One page of a person's notifications (newest first) with their unread count. */
export async function notificationsOf(db: Db, userId: number, limit: number, offset: number) {
  const mine = eq(notifications.userId, userId);
  const [rows, [{ total }], [{ unread }]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(notifications).where(mine),
    db
      .select({ unread: count() })
      .from(notifications)
      .where(and(mine, isNull(notifications.readAt))),
  ]);
  return { rows, total, unread };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [{ unread }] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return unread;
}
