import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subjects_name_key').on(sql`lower(${t.name})`)],
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
