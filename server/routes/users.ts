import type { FastifyInstance } from 'fastify';
import { accountRoutes } from '../../contract/api';
import { AUTH_MESSAGES, validateCredentials, validateSignUpRole } from '../../contract/rules/auth';
import { assertValid, forbidden, HttpError, notFound } from '../lib/http';
import { serializeUser } from '../lib/profile';
import { clientAddress, enforce } from '../lib/rate-limit';
import { serve } from '../lib/route';
import { isAdmin, principalOf } from '../plugins/auth';
import { createUser, profileFor, userByEmail, userById } from '../services/accounts';

export default async function userRoutes(app: FastifyInstance) {
  serve(app, accountRoutes.signUp, async ({ body: input }, request) => {
    await enforce(
      app.db,
      `sign_up:address:${clientAddress(request)}`,
      app.config.rateLimits.signUpPerAddressPerHour,
      3600,
    );
    const errors = validateCredentials({ email: input.email, password: input.password });
    const roleError = validateSignUpRole(input.user_role_id);
    assertValid({ ...errors, ...(roleError ? { user_role_id: roleError } : {}) });

    const email = String(input.email).trim();
    if (await userByEmail(app.db, email))
      throw new HttpError(409, {
        error: 'user_not_created',
        error_description: [AUTH_MESSAGES.emailTaken],
        errors: { email: [AUTH_MESSAGES.emailTaken] },
        message: AUTH_MESSAGES.emailTaken,
      });
    // Two sign-ups racing for one email: the unique index decides, and server/lib/db-errors.ts answers
    // the loser with the same 409 as above.
    const user = await createUser(app.db, {
      email,
      password: String(input.password),
      roleId: Number(input.user_role_id),
    });
    return { status: 'success', data: serializeUser(user), id: user.id };
  });

  serve(app, accountRoutes.showUser, async ({ params: { id } }, request) => {
    const p = principalOf(request);
    if (!isAdmin(p) && p.id !== id) throw forbidden('You may only view your own account.');
    const user = await userById(app.db, id);
    if (!user) throw notFound('User not found');
    return { status: 'success', data: serializeUser(user), profile: await profileFor(app.db, user) };
  });
}
