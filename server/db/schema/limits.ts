import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions } from './accounts';

/** Counters of the rate limits and sign-in throttles (server/lib/rate-limit.ts), one row per key. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStartedAt)],
);

/** Where an account last signed in successfully from (its owner's usual addresses). */
export const signInAddresses = pgTable(
  'sign_in_addresses',
  {
    account: text('account').notNull(),
    address: text('address').notNull(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: 'sign_in_addresses_pk', columns: [t.account, t.address] })],
);

/** Refresh tokens already exchanged for new ones; presenting one again revokes its session. */
export const retiredRefreshTokens = pgTable(
  'retired_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    retiredAt: timestamp('retired_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('retired_refresh_tokens_session_idx').on(t.sessionId)],
);
