import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountRoutes } from '../../contract/api';
import { ROLE } from '../../contract/constants';
import { ADMIN_MESSAGES, validateAdminLogin } from '../../contract/rules/admin';
import { validateCredentials } from '../../contract/rules/auth';
import { toServerErrors } from '../../contract/rules/common';
import { describeFieldErrors } from '../../contract/rules/input';
import { HttpError, unprocessable } from '../lib/http';
import { dummyHash, verifyPassword } from '../lib/password';
import { clientAddress, enforce, signInThrottle } from '../lib/rate-limit';
import { serve } from '../lib/route';
import { startSession } from '../lib/sessions';
import { AdminRegistrationClosed, adminByEmail, recordSignIn, registerAdmin } from '../services/accounts';

/** `{admin_user: {email, password}}` (or `admin`, or flat), as the declaration read it. */
function adminCredentials(body: { email?: string; password?: string }): { email: string; password: string } {
  return { email: body.email?.trim() ?? '', password: body.password ?? '' };
}

export default async function adminUsersRoutes(app: FastifyInstance) {
  const secretConfig = { ...app.config, tokenSecret: app.tokenSecret };
  const throttle = signInThrottle(app);

  // D4: the first administrator may register; afterwards only when configuration opens it.
  serve(app, accountRoutes.registerAdmin, async ({ body }, request) => {
    await enforce(
      app.db,
      `sign_up:address:${clientAddress(request)}`,
      app.config.rateLimits.signUpPerAddressPerHour,
      3600,
    );
    const { email, password } = adminCredentials(body);
    const errors = validateCredentials({ email, password });
    if (Object.keys(errors).length) throw unprocessable(errors);
    try {
      const admin = await registerAdmin(
        app.db,
        { email, password },
        { open: app.config.adminRegistrationOpen, cost: app.config.passwordCost },
      );
      return {
        status: 'success',
        data: { id: admin.id, email: admin.email },
        message: ADMIN_MESSAGES.registrationSuccess,
      };
    } catch (error) {
      if (error instanceof AdminRegistrationClosed)
        throw new HttpError(403, {
          error: ADMIN_MESSAGES.registrationClosed,
          message: ADMIN_MESSAGES.registrationClosed,
        });
      if (error instanceof Error && error.message === 'email_taken')
        throw new HttpError(409, {
          error: ADMIN_MESSAGES.emailTaken,
          errors: { email: [ADMIN_MESSAGES.emailTaken] },
          message: ADMIN_MESSAGES.emailTaken,
        });
      throw error;
    }
  });

  async function signIn(request: FastifyRequest, body: { email?: string; password?: string }) {
    const { email, password } = adminCredentials(body);
    const errors = validateAdminLogin({ email, password });
    if (Object.keys(errors).length)
      throw new HttpError(422, {
        errors: toServerErrors(errors),
        error: describeFieldErrors(toServerErrors(errors)),
        message: describeFieldErrors(toServerErrors(errors)),
      });
    await throttle.before(request, 'admin', email);
    const admin = await adminByEmail(app.db, email);
    const ok = await verifyPassword(password, admin?.passwordHash ?? dummyHash(app.config.passwordCost));
    if (!admin || !ok) {
      await throttle.failed(
        request,
        'admin',
        email,
        admin ? { type: 'admin_user', id: admin.id } : undefined,
      );
      throw new HttpError(401, {
        error: 'invalid_grant',
        error_description: [ADMIN_MESSAGES.invalidCredentials],
        message: ADMIN_MESSAGES.invalidCredentials,
      });
    }
    await throttle.succeeded(request, 'admin', email);
    const tokens = await startSession(app.db, secretConfig, {
      type: 'admin',
      id: admin.id,
      role: ROLE.admin,
    });
    // The audit entry, and the password rehashed when the hash cost has changed since it was set.
    await recordSignIn(app.db, { type: 'admin', row: admin }, password, app.config.passwordCost);
    return {
      ...tokens,
      resource_owner: {
        id: admin.id,
        email: admin.email,
        role_id: ROLE.admin,
        role: 'admin',
        created_at: admin.createdAt.toISOString(),
      },
      id: admin.id,
      user_id: admin.id,
      user: { id: admin.id, email: admin.email },
      role_id: ROLE.admin,
      roles: [{ name: 'admin' }],
    };
  }

  serve(app, accountRoutes.adminSignIn, ({ body }, request) => signIn(request, body));
  // The older admin sign-in path: same credentials, same answer (token and user_id).
  serve(app, accountRoutes.adminSignInService, ({ body }, request) => signIn(request, body));
}
