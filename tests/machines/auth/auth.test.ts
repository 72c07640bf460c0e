import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { AUTH_MESSAGES } from '../../../contract/rules/auth';
import { sessionFromSignIn } from '../../../machines/auth/auth';
import { loginFailureMessage, signUpFailure } from '../../../machines/common/failure';
import { failure, progressOf, signInResult, startAuth } from './support';

const fill = (actor: ReturnType<typeof startAuth>['actor'], email: string, password: string) => {
  actor.send({ type: 'field.change', field: 'email', value: email });
  actor.send({ type: 'field.change', field: 'password', value: password });
};

describe('auth machine: login', () => {
  it('starts in login mode with Teacher preselected, or the role chosen on /role', () => {
    expect(startAuth().actor.getSnapshot().value).toEqual({ login: 'editing' });
    expect(startAuth().actor.getSnapshot().context.roleId).toBe(1);
    expect(startAuth({}, { preferredRoleId: 2 }).actor.getSnapshot().context.roleId).toBe(2);
    expect(startAuth({}, { preferredRoleId: 3 }).actor.getSnapshot().context.roleId).toBe(3);
    expect(startAuth({}, { preferredRoleId: 4 }).actor.getSnapshot().context.roleId).toBe(1);
  });

  it('shows the login rules only after submit, and clears a field error when that field is edited', () => {
    const { actor, signIn } = startAuth();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: AUTH_MESSAGES.fieldRequired,
      password: AUTH_MESSAGES.passwordRequired,
    });
    expect(actor.getSnapshot().value).toEqual({ login: 'editing' });
    actor.send({ type: 'field.change', field: 'email', value: 'a' });
    expect(actor.getSnapshot().context.fieldErrors.email).toBeUndefined();
    expect(actor.getSnapshot().context.fieldErrors.password).toBe(AUTH_MESSAGES.passwordRequired);
    actor.send({ type: 'field.clear', field: 'password' });
    expect(actor.getSnapshot().context.fieldErrors.password).toBeUndefined();
    expect(signIn).not.toHaveBeenCalled();
  });

  it('submits the trimmed email, stores the server role (D1) and the profile id, then routes', async () => {
    const { actor, signIn, storeSession, navigate } = startAuth({
      signIn: async () => signInResult(2, [{ id: 9 }]),
      postLogin: {
        progress: progressOf({ role_id: 2, student: { personal: true, education: true, requests: 'none' } }),
      },
    });
    fill(actor, '  asha@example.com ', 'password123');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toEqual({ login: 'submitting' });
    await waitFor(actor, (s) => s.matches('redirected'));
    expect(signIn).toHaveBeenCalledWith({ email: 'asha@example.com', password: 'password123' });
    expect(storeSession).toHaveBeenCalledWith(
      expect.objectContaining({
        auth_token: 'access.token.here',
        user_id: 41,
        role_id: 2,
        userEmail: 'asha@example.com',
        teacher_id: null,
        student_id: 9,
      }),
    );
    expect(navigate).toHaveBeenCalledWith('/subject');
  });

  it('shows the login failure and keeps what was typed', async () => {
    const { actor, storeSession } = startAuth({
      signIn: async () => {
        throw failure(401, {});
      },
    });
    fill(actor, 'asha@example.com', 'wrong-password');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches({ login: 'editing' }));
    expect(actor.getSnapshot().context).toMatchObject({
      error: AUTH_MESSAGES.invalidCredentials,
      email: 'asha@example.com',
      password: 'wrong-password',
    });
    expect(storeSession).not.toHaveBeenCalled();
  });

  it('returns to the form with the post-login failure message when routing cannot read the progress', async () => {
    const { actor } = startAuth({
      signIn: async () => signInResult(2, [{ id: 9 }]),
      postLogin: { progress: new Error('boom') },
    });
    fill(actor, 'asha@example.com', 'password123');
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches({ login: 'editing' }) && Boolean(s.context.error));
    expect(actor.getSnapshot().context.error).toBe(AUTH_MESSAGES.postLoginFailed);
  });

  it('toggles the password visibility', () => {
    const { actor } = startAuth();
    actor.send({ type: 'password.toggleVisibility' });
    expect(actor.getSnapshot().context.passwordVisible).toBe(true);
    actor.send({ type: 'password.toggleVisibility' });
    expect(actor.getSnapshot().context.passwordVisible).toBe(false);
  });
});

describe('auth machine: from the role picker (D17)', () => {
  it('starts in sign-up with the chosen role, and Log in still leads to the login form', () => {
    const { actor, clearSession } = startAuth({}, { signUp: true, preferredRoleId: 3 });
    expect(actor.getSnapshot().value).toEqual({ signup: { editing: 'termsClosed' } });
    expect(actor.getSnapshot().context.roleId).toBe(3);
    expect(clearSession).not.toHaveBeenCalled();
    actor.send({ type: 'mode.toggle' });
    expect(actor.getSnapshot().value).toEqual({ login: 'editing' });
  });

  it('still checks a stored session first; one the server refuses leads to sign-up', async () => {
    const refused = startAuth(
      {
        checkSession: async () => {
          throw failure(401, {});
        },
      },
      { hasStoredSession: true, signUp: true },
    );
    expect(refused.actor.getSnapshot().value).toBe('checkingSession');
    await waitFor(refused.actor, (s) => s.matches('signup'));
    const live = startAuth({}, { hasStoredSession: true, signUp: true });
    await waitFor(live.actor, (s) => s.matches('sessionFound'));
  });
});

describe('auth machine: toggle', () => {
  it('clears the stored session, errors and messages, and keeps the fields', () => {
    const { actor, clearSession } = startAuth();
    actor.send({ type: 'field.change', field: 'email', value: 'asha@example.com' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors.password).toBeDefined();
    actor.send({ type: 'mode.toggle' });
    expect(actor.getSnapshot().value).toEqual({ signup: { editing: 'termsClosed' } });
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({
      fieldErrors: {},
      error: null,
      message: null,
      email: 'asha@example.com',
    });
    actor.send({ type: 'mode.toggle' });
    expect(actor.getSnapshot().value).toEqual({ login: 'editing' });
    expect(clearSession).toHaveBeenCalledTimes(2);
  });

  it('ignores sign-up-only events in login mode', () => {
    const { actor } = startAuth();
    actor.send({ type: 'terms.open' });
    actor.send({ type: 'role.change', roleId: 2 });
    expect(actor.getSnapshot().value).toEqual({ login: 'editing' });
    expect(actor.getSnapshot().context.roleId).toBe(1);
  });
});

describe('auth machine: sign-up', () => {
  const toSignUp = (stubs = {}) => {
    const started = startAuth(stubs);
    started.actor.send({ type: 'mode.toggle' });
    return started;
  };

  it('checks every sign-up rule on submit', () => {
    const { actor, signUp } = toSignUp();
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: AUTH_MESSAGES.emailRequired,
      password: AUTH_MESSAGES.passwordRequired,
      terms: AUTH_MESSAGES.termsRequired,
    });
    fill(actor, 'not-an-email', 'short');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: AUTH_MESSAGES.emailInvalid,
      password: AUTH_MESSAGES.passwordTooShort,
      terms: AUTH_MESSAGES.termsRequired,
    });
    actor.send({ type: 'terms.change', checked: true });
    expect(actor.getSnapshot().context.fieldErrors.terms).toBeUndefined();
    expect(signUp).not.toHaveBeenCalled();
  });

  it('opens the terms; Cancel closes them, I Agree ticks the box and closes them', () => {
    const { actor } = toSignUp();
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'terms.open' });
    expect(actor.getSnapshot().value).toEqual({ signup: { editing: 'termsOpen' } });
    actor.send({ type: 'terms.cancel' });
    expect(actor.getSnapshot().value).toEqual({ signup: { editing: 'termsClosed' } });
    expect(actor.getSnapshot().context.terms).toBe(false);
    actor.send({ type: 'terms.open' });
    actor.send({ type: 'terms.agree' });
    expect(actor.getSnapshot().value).toEqual({ signup: { editing: 'termsClosed' } });
    expect(actor.getSnapshot().context.terms).toBe(true);
    expect(actor.getSnapshot().context.fieldErrors.terms).toBeUndefined();
  });

  it('signs up with the chosen account type, then returns to login keeping the email', async () => {
    const { actor, signUp } = toSignUp();
    fill(actor, ' new@example.com ', 'password123');
    actor.send({ type: 'role.change', roleId: 2 });
    actor.send({ type: 'terms.change', checked: true });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toEqual({ signup: 'submitting' });
    await waitFor(actor, (s) => s.matches('login'));
    expect(signUp).toHaveBeenCalledWith({
      email: 'new@example.com',
      password: 'password123',
      user_role_id: 2,
    });
    expect(actor.getSnapshot().context).toMatchObject({
      email: ' new@example.com ',
      password: '',
      message: AUTH_MESSAGES.registrationSuccess,
      error: null,
    });
  });

  it('shows a duplicate email and keeps the form', async () => {
    const { actor } = toSignUp({
      signUp: async () => {
        throw failure(409, { error: 'user_not_created', errors: { email: [AUTH_MESSAGES.emailTaken] } });
      },
    });
    fill(actor, 'taken@example.com', 'password123');
    actor.send({ type: 'terms.change', checked: true });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches({ signup: 'editing' }));
    expect(actor.getSnapshot().context).toMatchObject({
      error: AUTH_MESSAGES.emailTaken,
      fieldErrors: { email: AUTH_MESSAGES.emailTaken },
      password: 'password123',
      terms: true,
    });
  });
});

describe('auth machine: stored session', () => {
  it('offers a live stored session; Continue routes it by what it completed (one call)', async () => {
    const { actor, navigate, postCalls } = startAuth(
      { postLogin: { progress: progressOf({ role_id: 1 }) } },
      { hasStoredSession: true },
    );
    expect(actor.getSnapshot().value).toBe('checkingSession');
    await waitFor(actor, (s) => s.matches('sessionFound'));
    expect(actor.getSnapshot().context.resumable?.email).toBe('asha@example.com');
    actor.send({ type: 'session.continue' });
    await waitFor(actor, (s) => s.matches('redirected'));
    expect(postCalls).toEqual(['progress']);
    expect(navigate).toHaveBeenCalledWith('/personal_details_teacher');
  });

  it('Log in with a different account clears the stored session', async () => {
    const { actor, clearSession } = startAuth({}, { hasStoredSession: true });
    await waitFor(actor, (s) => s.matches('sessionFound'));
    actor.send({ type: 'session.discard' });
    expect(actor.getSnapshot().value).toEqual({ login: 'editing' });
    expect(clearSession).toHaveBeenCalled();
  });

  it('shows the login form when the server no longer accepts the stored session', async () => {
    const { actor } = startAuth(
      {
        checkSession: async () => {
          throw failure(401, {});
        },
      },
      { hasStoredSession: true },
    );
    await waitFor(actor, (s) => s.matches('login'));
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('sessionFromSignIn', () => {
  it('keeps the role the server returns and the profile id under the role key', () => {
    expect(sessionFromSignIn(signInResult(1, [{ id: 5 }]), ' a@b.co ')).toMatchObject({
      role_id: 1,
      teacher_id: 5,
      student_id: null,
      userEmail: 'a@b.co',
    });
    expect(sessionFromSignIn(signInResult(2, null), 'a@b.co')).toMatchObject({
      role_id: 2,
      teacher_id: null,
      student_id: null,
    });
  });

  it('falls back to refresh_token and resource_owner.id when token or user_id are missing', () => {
    const stored = sessionFromSignIn(
      { token: null, refresh_token: 'r', resource_owner: { id: 7 }, profile: null },
      'a@b.co',
    );
    expect(stored).toMatchObject({ auth_token: 'r', user_id: 7 });
  });
});

describe('login failure display order (docs/product.md#validation-and-messages)', () => {
  it.each([
    [
      'error_description first',
      failure(401, { error_description: ['Server says no'], message: 'm' }),
      'Server says no',
    ],
    ['then message', failure(429, { message: 'Too many sign-in attempts.' }), 'Too many sign-in attempts.'],
    ['401 without text', failure(401, {}), AUTH_MESSAGES.invalidCredentials],
    ['other status', failure(500, {}), 'Authentication failed (500). Please try again.'],
    ['no response', failure(null), AUTH_MESSAGES.noResponse],
    ['own message', new Error('Unexpected response from the server'), 'Unexpected response from the server'],
    ['fallback', new Error(''), AUTH_MESSAGES.loginFailed],
  ])('%s', (_, error, expected) => {
    expect(loginFailureMessage(error)).toBe(expected);
  });
});

describe('sign-up failure order (docs/product.md#validation-and-messages)', () => {
  it.each([
    [
      'error_description',
      failure(409, { error: 'user_not_created', error_description: 'Described' }),
      'Described',
      {},
    ],
    ['user_not_created', failure(409, { error: 'user_not_created' }), AUTH_MESSAGES.emailTaken, {}],
    ['message', failure(400, { message: 'Bad request body' }), 'Bad request body', {}],
    [
      'per-field errors, email key mapped to the email field',
      failure(422, { errors: { 'user.email': ['is invalid'], password: ['too short', 'too common'] } }),
      null,
      { email: 'is invalid', password: 'too short, too common' },
    ],
    ['unreadable errors', failure(422, { errors: {} }), AUTH_MESSAGES.validationFailed, {}],
    ['other status', failure(500, {}), 'Registration failed (500). Please try again.', {}],
    ['no response', failure(null), AUTH_MESSAGES.noResponse, {}],
    ['anything else', new Error('x'), AUTH_MESSAGES.genericError, {}],
  ])('%s', (_, error, message, fieldErrors) => {
    expect(signUpFailure(error)).toEqual({ message, fieldErrors });
  });

  it('shows field errors and the message together when the server sends both', () => {
    const result = signUpFailure(
      failure(422, { message: 'Validation failed', errors: { email: [AUTH_MESSAGES.emailInvalid] } }),
    );
    expect(result).toEqual({
      message: 'Validation failed',
      fieldErrors: { email: AUTH_MESSAGES.emailInvalid },
    });
  });
});
