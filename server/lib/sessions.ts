import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { executePrepared } from '../db/prepared';
import { rowsOf } from '../db/rows';
import { retiredRefreshTokens, sessions } from '../db/schema';
import { signJwt } from './jwt';

export type PrincipalType = 'user' | 'admin';

export interface IssuedTokens {
  token: string;
  refresh_token: string;
  expires_in: number;
  token_type: 'Bearer';
  created_at: number;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

async function accessToken(
  config: AppConfig & { tokenSecret: string },
  principalId: number,
  role: number,
  sid: string,
) {
  const iat = Math.floor(Date.now() / 1000);
  return signJwt(
    { sub: principalId, role, sid, iat, exp: iat + config.accessTokenTtlSeconds },
    config.tokenSecret,
  );
}

/** Starts a session (one sign-in): a short-lived access token and a refresh token. */
export async function startSession(
  db: Db,
  config: AppConfig & { tokenSecret: string },
  principal: { type: PrincipalType; id: number; role: number },
): Promise<IssuedTokens> {
  const sid = randomUUID();
  const refresh = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: sid,
    principalType: principal.type,
    principalId: principal.id,
    refreshTokenHash: sha256(refresh),
    refreshExpiresAt: new Date(Date.now() + config.refreshTokenTtlSeconds * 1000),
  });
  return {
    token: await accessToken(config, principal.id, principal.role, sid),
    refresh_token: refresh,
    expires_in: config.accessTokenTtlSeconds,
    token_type: 'Bearer',
    created_at: Math.floor(Date.now() / 1000),
  };
}

/**
 * Exchanges a live refresh token for new tokens; the old refresh token stops working (rotation).
 * Presenting an already exchanged refresh token again means it was copied: the session it belongs
 * to is revoked, so every token issued from it (access and refresh) stops working.
 */
export async function refreshSession(
  db: Db,
  config: AppConfig & { tokenSecret: string },
  refreshToken: string,
  roleOf: (type: PrincipalType, id: number) => Promise<number | null>,
): Promise<{ tokens: IssuedTokens; principalType: PrincipalType; principalId: number } | null> {
  const presented = sha256(refreshToken);
  const refresh = randomBytes(32).toString('base64url');
  const outcome = await db.transaction(async (tx) => {
    // Rotate atomically: of two requests with the same token only one finds it.
    const [row] = await tx
      .update(sessions)
      .set({ refreshTokenHash: sha256(refresh) })
      .where(
        and(
          eq(sessions.refreshTokenHash, presented),
          isNull(sessions.revokedAt),
          gt(sessions.refreshExpiresAt, new Date()),
        ),
      )
      .returning();
    if (row) {
      await tx
        .insert(retiredRefreshTokens)
        .values({ tokenHash: presented, sessionId: row.id })
        .onConflictDoNothing();
      return row;
    }
    const [reused] = await tx
      .select({ sessionId: retiredRefreshTokens.sessionId })
      .from(retiredRefreshTokens)
      .where(eq(retiredRefreshTokens.tokenHash, presented));
    if (reused)
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.id, reused.sessionId), isNull(sessions.revokedAt)));
    return null;
  });
  if (!outcome) return null;
  const row = outcome;
  const role = await roleOf(row.principalType, row.principalId);
  if (role === null) return null;
  return {
    principalType: row.principalType,
    principalId: row.principalId,
    tokens: {
      token: await accessToken(config, row.principalId, role, row.id),
      refresh_token: refresh,
      expires_in: config.accessTokenTtlSeconds,
      token_type: 'Bearer',
      created_at: Math.floor(Date.now() / 1000),
    },
  };
}

export async function revokeSession(db: Db, sid: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sid));
}

/** An SQL condition: the session `sid` is live (exists and is not revoked). */
export const sessionLiveSql = (sid: string) =>
  sql`exists (SELECT 1 FROM ${sessions} WHERE ${sessions.id} = ${sid}::text AND ${sessions.revokedAt} IS NULL)`;

export async function isSessionLive(db: Db, sid: string): Promise<boolean> {
  // Every signed-in request asks this: planned once on the embedded database (server/db/prepared.ts).
  const rows = rowsOf(
    await executePrepared(
      db,
      sql`SELECT 1 AS live FROM ${sessions} WHERE ${sessions.id} = ${sid}::text AND ${sessions.revokedAt} IS NULL`,
    ),
  );
  return rows.length > 0;
}
