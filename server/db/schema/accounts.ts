import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** People who sign up on the main screen: teachers (role 1), students (2), job seekers (3). */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id').notNull(),
    /** Interface language the person chose (en, bn, hi); null until they choose. */
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    check('users_language_check', sql`${t.language} IS NULL OR ${t.language} IN ('en', 'bn', 'hi')`),
  ],
);

/** Administrators are separate accounts (docs/product.md#roles). */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    notificationsSeenAt: timestamp('notifications_seen_at', { withTimezone: true }),
    language: text('language'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admin_users_email_key').on(sql`lower(${t.email})`),
    check('admin_users_language_check', sql`${t.language} IS NULL OR ${t.language} IN ('en', 'bn', 'hi')`),
  ],
);

/**
 * One row per sign-in. The access token (JWT) names its session; revoking the session, or
 * rotating its refresh token, stops the tokens issued for it.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    principalType: text('principal_type', { enum: ['user', 'admin'] }).notNull(),
    principalId: integer('principal_id').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_refresh_token_hash_key').on(t.refreshTokenHash),
    index('sessions_principal_idx').on(t.principalType, t.principalId),
  ],
);

/** Audit log: sign-ins, registrations, requests and administrator decisions (GET /Activity-Log). */
export const activityLog = pgTable(
  'activity_log',
  {
    id: serial('id').primaryKey(),
    actorType: text('actor_type', { enum: ['user', 'admin', 'system'] }).notNull(),
    actorId: integer('actor_id'),
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: integer('subject_id'),
    details: text('details'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_log_created_at_idx').on(t.createdAt),
    index('activity_log_action_idx').on(t.action),
  ],
);
