import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Degrees from no formal education to doctorate; ids are fixed by the seed (student mapping uses 3, 5, 6, 7). */
export const degrees = pgTable('degrees', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
});

export const subjects = pgTable(
  'subjects',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /** approved subjects are everyone's; pending ones (added by a student) only their author's and admins'. */
    status: text('status', { enum: ['approved', 'pending', 'rejected', 'merged'] })
      .notNull()
      .default('approved'),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => subjects.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subjects_name_key').on(sql`lower(${t.name})`),
    index('subjects_status_idx').on(t.status).where(sql`${t.status} <> 'approved'`),
    index('subjects_created_by_idx').on(t.createdByUserId, t.createdAt),
  ],
);

/** Uploaded files live on disk (config.uploadsDir); this row says whose they are and who may read them. */
export const uploads = pgTable('uploads', {
  id: serial('id').primaryKey(),
  ownerUserId: integer('owner_user_id'),
  kind: text('kind', {
    enum: ['profile_photo', 'aadhar_photo', 'mark_sheet', 'highest_qualification_certificate', 'resume'],
  }).notNull(),
  storedName: text('stored_name').notNull(),
  originalName: text('original_name').notNull(),
  contentType: text('content_type').notNull(),
  byteSize: integer('byte_size').notNull(),
  isPublic: boolean('is_public').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
