import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { isLanguage } from '../../contract/constants';
import type { Notification, NotificationParams } from '../../contract/structs/notification';
import type { Db } from '../db/client';
import { notifications, users } from '../db/schema';
import { englishText, renderEmail } from './notification-messages';

/**
 * The one place that tells people something happened: in-app notifications (the bell) and, when
 * SMTP_URL is configured, the same text by e-mail. Any module may call it.
 *
 * A notification is recorded as what happened: its `kind` and `params` (names, subjects, reason).
 * The bell renders it from them in the reader's language, the e-mail in the recipient's account
 * language (server/lib/notification-messages.ts); `title` and `body` keep the English text.
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
  /** What the text is made of; the English title and body are rendered from the kind's wording. */
  params?: NotificationParams;
  /** Only for a kind without wording in notification-messages.ts: its text, as is. */
  title?: string;
  body?: string;
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
        ...(n.params
          ? { ...englishText(n.kind, n.params), params: n.params }
          : { title: n.title ?? '', body: n.body ?? '' }),
        link: n.link ?? null,
        requestId: n.requestId ?? null,
      })),
    )
    .returning();
}

/**
 * E-mails recorded notifications to their owners, each in the owner's account language (English
 * when they chose none), when a mailer is configured. Never throws: a failure is logged and the
 * in-app notification stays.
 */
export async function emailNotifications(app: FastifyInstance, rows: NotificationRow[]): Promise<void> {
  if (!app.mailer.enabled || !rows.length) return;
  try {
    const ids = [...new Set(rows.map((r) => r.userId))];
    const owners = await app.db
      .select({ id: users.id, email: users.email, language: users.language })
      .from(users)
      .where(inArray(users.id, ids));
    const ownerOf = new Map(owners.map((o) => [o.id, o]));
    await Promise.all(
      rows.map(async (row) => {
        const owner = ownerOf.get(row.userId);
        if (!owner?.email) return;
        const link = `${app.config.appUrl.replace(/\/$/, '')}${row.link ?? '/'}`;
        const language = isLanguage(owner.language) ? owner.language : 'en';
        await app.mailer
          .send({ to: owner.email, ...renderEmail(language, row, link) })
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
  params: row.params ?? null,
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
