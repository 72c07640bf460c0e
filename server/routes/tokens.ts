import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountRoutes } from '../../contract/api';
import type { Language } from '../../contract/constants';
import { ROLE, ROLE_NAMES } from '../../contract/constants';
import { AUTH_MESSAGES } from '../../contract/rules/auth';
import { DONE_MESSAGES } from '../../contract/rules/http';
import { validateLanguage } from '../../contract/rules/language';
import type { users } from '../db/schema';
import { assertValid, HttpError, unauthorized } from '../lib/http';
import { dummyHash, verifyPassword } from '../lib/password';
import { clientAddress, enforce, signInThrottle } from '../lib/rate-limit';
import { serve } from '../lib/route';
import { type PrincipalType, refreshSession, revokeSession, startSession } from '../lib/sessions';
import { principalOf } from '../plugins/auth';
import {
  adminById,
  currentRole,
  onboardingProgress,
  profileFor,
  recordSignIn,
  saveAccountLanguage,
  userByEmail,
  userById,
} from '../services/accounts';

/** The refresh token from the body (`refresh_token`) or the Authorization header (devise-api style). */
function refreshTokenFrom(request: FastifyRequest, body: { refresh_token?: string }): string {
  if (body.refresh_token) return body.refresh_token;
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
  return match ? match[1].trim() : '';
}

export default async function tokenRoutes(app: FastifyInstance) {
  const secretConfig = { ...app.config, tokenSecret: app.tokenSecret };
  const throttle = signInThrottle(app);

  async function signInResponse(user: typeof users.$inferSelect) {
    const tokens = await startSession(app.db, secretConfig, { type: 'user', id: user.id, role: user.roleId });
    return userTokenBody(user, tokens);
  }

  async function userTokenBody(
    user: typeof users.$inferSelect,
    tokens: Awaited<ReturnType<typeof startSession>>,
  ) {
    const role = ROLE_NAMES[user.roleId] ?? 'user';
    return {
      ...tokens,
      resource_owner: {
        id: user.id,
        email: user.email,
        role_id: user.roleId,
        role,
        created_at: user.createdAt.toISOString(),
        updated_at: user.updatedAt.toISOString(),
      },
      id: user.id,
      user_id: user.id,
      role_id: user.roleId,
      roles: [{ name: role }],
      user: { id: user.id, email: user.email, user_role_id: user.roleId },
      profile: await profileFor(app.db, user),
      language: user.language ?? null,
    };
  }

  serve(app, accountRoutes.signIn, async ({ body }, request) => {
    const email = body.email?.trim() ?? '';
    const password = body.password ?? '';
    await throttle.before(request, 'user', email);
    const user = await userByEmail(app.db, email);
    const ok = await verifyPassword(password, user?.passwordHash ?? dummyHash(app.config.passwordCost));
    if (!user || !ok || !password) {
      await throttle.failed(request, 'user', email, user ? { type: 'user', id: user.id } : undefined);
      throw new HttpError(401, {
        error: 'invalid_grant',
        error_description: [AUTH_MESSAGES.invalidCredentials],
        message: AUTH_MESSAGES.invalidCredentials,
      });
    }
    await throttle.succeeded(request, 'user', email);
    // The audit entry, and the password rehashed when the hash cost has changed since it was set.
    await recordSignIn(app.db, { type: 'user', row: user }, password, app.config.passwordCost);
    return signInResponse(user);
  });

  const roleOf = (type: PrincipalType, id: number) => currentRole(app.db, type, id);

  serve(app, accountRoutes.refresh, async ({ body }, request) => {
    await enforce(
      app.db,
      `refresh:address:${clientAddress(request)}`,
      app.config.rateLimits.refreshPerAddressPerMinute,
      60,
    );
    const token = refreshTokenFrom(request, body);
    const result = token ? await refreshSession(app.db, secretConfig, token, roleOf) : null;
    if (!result) throw unauthorized('Invalid or expired refresh token. Please log in again.');
    if (result.principalType === 'admin') {
      return {
        ...result.tokens,
        resource_owner: { id: result.principalId },
        user_id: result.principalId,
        role_id: ROLE.admin,
      };
    }
    const user = await userById(app.db, result.principalId);
    if (!user) throw unauthorized('Invalid or expired refresh token. Please log in again.');
    return userTokenBody(user, result.tokens);
  });

  serve(app, accountRoutes.revoke, async (_, request) => {
    await revokeSession(app.db, principalOf(request).sessionId);
    return { status: 'success', message: DONE_MESSAGES.signedOut };
  });

  serve(app, accountRoutes.tokenInfo, async (_, request) => {
    const p = principalOf(request);
    const expires_in = Math.max(0, p.claims.exp - Math.floor(Date.now() / 1000));
    if (p.type === 'admin') {
      const admin = await adminById(app.db, p.id);
      return {
        resource_owner: { id: p.id, email: admin?.email ?? '', role_id: ROLE.admin, role: 'admin' },
        expires_in,
        language: admin?.language ?? null,
      };
    }
    const user = await userById(app.db, p.id);
    if (!user) throw unauthorized();
    return {
      resource_owner: { id: user.id, email: user.email, role_id: user.roleId, role: ROLE_NAMES[user.roleId] },
      expires_in,
      profile: await profileFor(app.db, user),
      language: user.language ?? null,
    };
  });

  // What the person has completed, from the database: the route guard routes from it.
  serve(app, accountRoutes.progress, async (_, request) => {
    const p = principalOf(request);
    if (p.type === 'admin')
      return {
        status: 'success',
        data: { role_id: ROLE.admin, teacher: null, student: null, job_seeker: null },
      };
    const user = await userById(app.db, p.id);
    if (!user) throw unauthorized();
    return { status: 'success', data: await onboardingProgress(app.db, user) };
  });

  serve(app, accountRoutes.saveLanguage, async ({ body }, request) => {
    const p = principalOf(request);
    assertValid(validateLanguage(body));
    const language = body.language as Language;
    await saveAccountLanguage(app.db, p, language);
    return { status: 'success', language };
  });
}
