import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { NotificationParams } from '../../../contract/structs/notification';
import { users } from './accounts';

/**
 * In-app notifications, one row per person told (server/lib/notifications.ts creates them). `kind`
 * names the event (request_new, request_accepted, ...) and, with `params`, is what the reader's
 * language renders; `title`/`body` are the English text. `link` is the in-app route to open.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** What the texts are made of (names, subjects, reason), so each reader sees them in their language. */
    params: jsonb('params').$type<NotificationParams>(),
    link: text('link'),
    requestId: integer('request_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} IS NULL`),
  ],
);
