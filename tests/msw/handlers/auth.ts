import { HttpResponse, http } from 'msw';
import { AUTH_MESSAGES } from '../../../contract/rules/auth';

/** A sign-in response as the API sends it (contract/structs/auth.ts SignInResponse). */
export function signInBody(
  options: { userId?: number; roleId?: number; email?: string; profile?: Array<{ id: number }> | null } = {},
) {
  const userId = options.userId ?? 41;
  const roleId = options.roleId ?? 1;
  const email = options.email ?? 'asha@example.com';
  const role = roleId === 2 ? 'student' : 'teacher';
  return {
    // A real-looking JWT payload so the client can also read the user id from it.
    token: `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: userId, role: roleId }))}.sig`,
    refresh_token: 'refresh-token',
    expires_in: 3600,
    token_type: 'Bearer',
    resource_owner: { id: userId, email, role_id: roleId, role },
    id: userId,
    user_id: userId,
    role_id: roleId,
    roles: [{ name: role }],
    user: { id: userId, email, user_role_id: roleId },
    profile: options.profile === undefined ? null : options.profile,
  };
}

export const WRONG_PASSWORD = 'wrong-password';
export const TAKEN_EMAIL = 'taken@example.com';

export const invalidCredentialsBody = {
  error: 'invalid_grant',
  error_description: [AUTH_MESSAGES.invalidCredentials],
  message: AUTH_MESSAGES.invalidCredentials,
};

/** GET /api/v1/me/progress for someone who has completed everything their role asks. */
const completeProgress = (role: number | null) => ({
  role_id: role,
  teacher: role === 1 ? { personal: true, education: true, preferences: true, schedule: true } : null,
  student: role === 2 ? { personal: true, education: true, requests: 'made' } : null,
  job_seeker: role === 3 ? { personal: true, education: true } : null,
});

/**
 * Accounts and tokens. Defaults: any sign-in succeeds as a teacher without a profile except the
 * password 'wrong-password' (401); sign-up succeeds except for 'taken@example.com' (409); token info
 * answers only when a token is sent; a user has no profile.
 */
export const authHandlers = [
  http.post('*/users/tokens/sign_in', async ({ request }) => {
    const body = (await request.json()) as { email: string; password: string };
    if (body.password === WRONG_PASSWORD) return HttpResponse.json(invalidCredentialsBody, { status: 401 });
    return HttpResponse.json(signInBody({ email: body.email }));
  }),
  http.post('*/api/v1/users', async ({ request }) => {
    const body = (await request.json()) as { email: string; user_role_id: number };
    if (body.email === TAKEN_EMAIL)
      return HttpResponse.json(
        {
          error: 'user_not_created',
          error_description: [AUTH_MESSAGES.emailTaken],
          errors: { email: [AUTH_MESSAGES.emailTaken] },
          message: AUTH_MESSAGES.emailTaken,
        },
        { status: 409 },
      );
    return HttpResponse.json(
      { status: 'success', data: { id: 77, email: body.email, user_role_id: body.user_role_id }, id: 77 },
      { status: 201 },
    );
  }),
  // What the signed-in person completed: by default everything their stored role needs, so a
  // screen's own test sees the screen (tests of the guard answer otherwise).
  http.get('*/api/v1/me/progress', ({ request }) => {
    if (!request.headers.get('authorization'))
      return HttpResponse.json(
        { error: 'unauthorized', message: 'You need to sign in to do that.' },
        { status: 401 },
      );
    const role = Number(localStorage.getItem('role_id')) || null;
    return HttpResponse.json({ status: 'success', data: completeProgress(role) });
  }),
  http.get('*/users/tokens/info', ({ request }) => {
    if (!request.headers.get('authorization'))
      return HttpResponse.json(
        { error: 'unauthorized', message: 'You need to sign in to do that.' },
        { status: 401 },
      );
    return HttpResponse.json({
      resource_owner: { id: 41, email: 'asha@example.com', role_id: 1, role: 'teacher' },
      expires_in: 3000,
    });
  }),
  http.get('*/api/v1/users/:id', ({ params }) =>
    HttpResponse.json({
      status: 'success',
      data: { id: Number(params.id), email: 'asha@example.com', user_role_id: 1 },
      profile: null,
    }),
  ),
  http.post('*/users/tokens/revoke', () => HttpResponse.json({ status: 'success', message: 'Signed out' })),
  // The interface language saved to the signed-in account.
  http.put('*/api/v1/me/language', async ({ request }) => {
    const body = (await request.json()) as { language: string };
    return HttpResponse.json({ status: 'success', language: body.language });
  }),
];
