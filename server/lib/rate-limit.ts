import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HTTP_MESSAGES } from '../../contract/rules/http';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { rateLimits, signInAddresses } from '../db/schema';
import { logActivity } from './activity';
import { HttpError } from './http';

export const TOO_MANY_ATTEMPTS: string = HTTP_MESSAGES.tooManyAttempts;
export const TOO_MANY_REQUESTS: string = HTTP_MESSAGES.tooManyRequests;

/** A counter's state: hits in the live window, seconds until it ends, seconds of delay still to serve. */
export interface Counter {
  hits: number;
  resetSeconds: number;
  blockedSeconds: number;
}

/** The `reset` and `blocked` columns of a rate_limits row (read by every counter statement). */
const windowColumns = (windowSeconds: number) =>
  sql`extract(epoch from (window_started_at + ${windowSeconds}::int * interval '1 second' - now()))::float8 as reset,
        greatest(0, extract(epoch from (coalesce(blocked_until, now()) - now())))::float8 as blocked`;

/** A counter statement's row as numbers (a live window always has at least a second left). */
export const counterOf = (row: { hits?: unknown; reset?: unknown; blocked?: unknown }): Counter => ({
  hits: Number(row.hits),
  resetSeconds: Math.max(1, Math.ceil(Number(row.reset))),
  blockedSeconds: Math.ceil(Number(row.blocked)),
});

/**
 * The statement that counts one hit in a fixed window of `windowSeconds` (the database's clock, so
 * every process agrees) and returns `hits`, `reset` and `blocked` (`counterOf` reads them). `key`
 * is an SQL expression; `from` (optional) is a `FROM … WHERE …` tail that decides whether to count
 * at all, so another statement can count a hit as one of its steps (matching counts its page in the
 * query that loads the request, server/services/matching.ts).
 */
export function hitStatement(key: SQL, windowSeconds: number, from: SQL = sql``): SQL {
  return sql`insert into rate_limits (key, window_started_at, hits) select ${key}, now(), 1 ${from}
      on conflict (key) do update set
        hits = case when rate_limits.window_started_at <= now() - ${windowSeconds}::int * interval '1 second'
          then 1 else rate_limits.hits + 1 end,
        window_started_at = case when rate_limits.window_started_at <= now() - ${windowSeconds}::int * interval '1 second'
          then now() else rate_limits.window_started_at end
      returning hits, ${windowColumns(windowSeconds)}`;
}

/**
 * Counts one hit on `key` in a fixed window of `windowSeconds`. Returns the hits in the current
 * window and the seconds until it ends.
 */
export async function hit(db: Db, key: string, windowSeconds: number): Promise<Counter> {
  const [row] = rowsOf<{ hits: number; reset: number; blocked: number }>(
    await db.execute(hitStatement(sql`${key}`, windowSeconds)),
  );
  return counterOf(row);
}

/** Reads a counter without counting: hits in the live window and seconds of delay still to serve. */
export async function peek(db: Db, key: string, windowSeconds: number): Promise<Counter> {
  const [row] = rowsOf<{ hits: number; reset: number; blocked: number }>(
    await db.execute(sql`select
        case when window_started_at <= now() - ${windowSeconds}::int * interval '1 second' then 0 else hits end as hits,
        ${windowColumns(windowSeconds)}
      from rate_limits where key = ${key}`),
  );
  if (!row) return { hits: 0, resetSeconds: 0, blockedSeconds: 0 };
  return counterOf(row);
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** 429 in the one error shape, with Retry-After. */
export const tooMany = (retryAfterSeconds: number, message = TOO_MANY_REQUESTS) =>
  new HttpError(
    429,
    { error: 'too_many_requests', message },
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );

/** Counts a request against `max` per `windowSeconds` for `key`; over it, a 429 with Retry-After. */
export async function enforce(
  db: Db,
  key: string,
  max: number,
  windowSeconds: number,
  message = TOO_MANY_REQUESTS,
): Promise<void> {
  const { hits, resetSeconds } = await hit(db, key, windowSeconds);
  if (hits > max) throw tooMany(resetSeconds, message);
}

/** The client address as configured (TRUST_PROXY decides whether X-Forwarded-For counts). */
export const clientAddress = (request: FastifyRequest) => request.ip || 'unknown';

const SIGN_IN_WINDOW_SECONDS = 15 * 60;
/** An account's failed sign-ins (from anywhere) before each further attempt waits. */
export const ACCOUNT_DELAY_AFTER = 5;
/** The first wait, doubling with each further failure, up to the longest. */
const ACCOUNT_DELAY_BASE_SECONDS = 15;
const ACCOUNT_DELAY_MAX_SECONDS = 15 * 60;
/** Failed sign-ins on one account in the window that alert the administrators (and every 20 more). */
export const ALERT_AFTER = 5;

export type AccountKind = 'user' | 'admin';

/**
 * Sign-in throttling shared by every sign-in route:
 * - every attempt counts against the client address (one budget for all sign-in routes);
 * - failures count per (account, address): that pair is refused for the rest of the window once
 *   it reaches the per-account limit, so an attacker exhausts only their own address;
 * - failures also count per account; past a few, the account earns a growing delay (15 s, 30 s, 1 min
 *   … at most 15 minutes) that applies to addresses the owner has never signed in from, so the
 *   owner at their usual address is never locked out by someone else's guesses;
 * - repeated failures on an account are written to the activity log (administrators see those on
 *   an administrator account among their notifications).
 */
export function signInThrottle(app: FastifyInstance) {
  const limits = app.config.signInRateLimit;
  const accountOf = (kind: AccountKind, email: string) => `${kind}:${email.trim().toLowerCase()}`;
  const keys = (account: string, address: string) => ({
    pair: `sign_in:pair:${account}|${address}`,
    account: `sign_in:account:${account}`,
  });

  async function isUsualAddress(account: string, address: string) {
    const [row] = await app.db
      .select({ at: signInAddresses.lastSuccessAt })
      .from(signInAddresses)
      .where(and(eq(signInAddresses.account, account), eq(signInAddresses.address, address)));
    return Boolean(row);
  }

  return {
    /** Before checking a password: 429 when this address, pair or account must wait. */
    async before(request: FastifyRequest, kind: AccountKind, email: string) {
      const address = clientAddress(request);
      await enforce(app.db, `sign_in:address:${address}`, limits.perClientPerMinute, 60, TOO_MANY_ATTEMPTS);
      if (!email) return;
      const account = accountOf(kind, email);
      const k = keys(account, address);
      const pair = await peek(app.db, k.pair, SIGN_IN_WINDOW_SECONDS);
      if (pair.hits >= limits.perAccountPer15Minutes) throw tooMany(pair.resetSeconds, TOO_MANY_ATTEMPTS);
      const acct = await peek(app.db, k.account, SIGN_IN_WINDOW_SECONDS);
      if (acct.blockedSeconds > 0 && !(await isUsualAddress(account, address)))
        throw tooMany(acct.blockedSeconds, TOO_MANY_ATTEMPTS);
    },

    /** After a wrong password (or an unknown email). */
    async failed(
      request: FastifyRequest,
      kind: AccountKind,
      email: string,
      subject?: { type: string; id: number },
    ) {
      if (!email) return;
      const address = clientAddress(request);
      const account = accountOf(kind, email);
      const k = keys(account, address);
      await hit(app.db, k.pair, SIGN_IN_WINDOW_SECONDS);
      const { hits } = await hit(app.db, k.account, SIGN_IN_WINDOW_SECONDS);
      if (hits >= ACCOUNT_DELAY_AFTER) {
        const delay = Math.min(
          ACCOUNT_DELAY_BASE_SECONDS * 2 ** (hits - ACCOUNT_DELAY_AFTER),
          ACCOUNT_DELAY_MAX_SECONDS,
        );
        await app.db
          .update(rateLimits)
          .set({ blockedUntil: sql`now() + ${delay}::int * interval '1 second'` })
          .where(eq(rateLimits.key, k.account));
      }
      if (subject && (hits === ALERT_AFTER || (hits > ALERT_AFTER && (hits - ALERT_AFTER) % 20 === 0))) {
        await logActivity(app.db, {
          actorType: 'system',
          action: 'sign_in_failures',
          subjectType: subject.type,
          subjectId: subject.id,
          details: { failures: hits, window_minutes: SIGN_IN_WINDOW_SECONDS / 60, email: email.trim() },
        });
      }
    },

    /** After a correct password: this address becomes a usual one and the counters start again. */
    async succeeded(request: FastifyRequest, kind: AccountKind, email: string) {
      const address = clientAddress(request);
      const account = accountOf(kind, email);
      const k = keys(account, address);
      await app.db
        .insert(signInAddresses)
        .values({ account, address, lastSuccessAt: new Date() })
        .onConflictDoUpdate({
          target: [signInAddresses.account, signInAddresses.address],
          set: { lastSuccessAt: new Date() },
        });
      await clear(app.db, k.pair);
      await clear(app.db, k.account);
    },
  };
}

/**
 * Forgets counters whose window ended a day ago and whose delay has passed, and exchanged refresh
 * tokens older than a refresh token can live (run at start-up and daily).
 */
export async function pruneLimits(db: Db, refreshTtlSeconds: number): Promise<void> {
  await db.execute(sql`delete from rate_limits
    where window_started_at < now() - interval '1 day' and (blocked_until is null or blocked_until < now())`);
  await db.execute(sql`delete from retired_refresh_tokens
    where retired_at < now() - ${refreshTtlSeconds}::int * interval '1 second'`);
}
