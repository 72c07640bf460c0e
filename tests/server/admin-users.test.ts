import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../contract/rules/admin';
import { call, signUpAndIn, uniqueEmail, useTestApp } from './helper';

describe('admin registration policy (D4)', () => {
  const app = useTestApp();
  const first = { email: uniqueEmail('first.admin'), password: 'adminpass123' };

  it('checks the rules with the SPEC wording before anything else', async () => {
    const res = await call(app(), {
      method: 'POST',
      url: '/admin_users',
      payload: { admin_user: { email: 'not-an-email', password: 'short' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.body_.errors).toEqual({
      email: ['Please enter a valid email address'],
      password: ['Password must be at least 8 characters'],
    });
  });

  it('lets the first administrator register', async () => {
    const res = await call(app(), { method: 'POST', url: '/admin_users', payload: { admin_user: first } });
    expect(res.statusCode).toBe(201);
    expect(res.body_).toMatchObject({ status: 'success', data: { email: first.email } });
  });

  it('refuses every later registration with the error string', async () => {
    const res = await call(app(), {
      method: 'POST',
      url: '/admin_users',
      payload: { admin_user: { email: uniqueEmail('second.admin'), password: 'adminpass123' } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.body_.error).toBe(ADMIN_MESSAGES.registrationClosed);
  });

  it('signs the administrator in on both sign-in paths', async () => {
    for (const url of ['/admin_users/tokens/sign_in', '/admin-sign-in']) {
      const res = await call(app(), { method: 'POST', url, payload: first });
      expect(res.statusCode).toBe(200);
      expect(res.body_.token).toEqual(expect.any(String));
      expect(res.body_.refresh_token).toEqual(expect.any(String));
      expect(res.body_.resource_owner.id).toBe(res.body_.user_id);
      expect(res.body_.role_id).toBe(4);
      const info = await call(app(), { method: 'GET', url: '/users/tokens/info', token: res.body_.token });
      expect(info.body_.resource_owner).toMatchObject({ email: first.email, role_id: 4 });
    }
  });

  it('answers wrong credentials with 401 and missing ones with 422', async () => {
    const wrong = await call(app(), {
      method: 'POST',
      url: '/admin_users/tokens/sign_in',
      payload: { email: first.email, password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body_.message).toBe(ADMIN_MESSAGES.invalidCredentials);
    const missing = await call(app(), { method: 'POST', url: '/admin_users/tokens/sign_in', payload: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.body_.errors).toEqual({
      email: ['Email is required'],
      password: ['Password is required'],
    });
  });

  it('does not let a teacher account sign in as an administrator', async () => {
    const teacher = await signUpAndIn(app(), 1);
    const res = await call(app(), {
      method: 'POST',
      url: '/admin_users/tokens/sign_in',
      payload: { email: teacher.email, password: teacher.password },
    });
    expect(res.statusCode).toBe(401);
  });

  it('ends the administrator session on logout', async () => {
    const signIn = await call(app(), { method: 'POST', url: '/admin_users/tokens/sign_in', payload: first });
    const token = signIn.body_.token;
    expect((await call(app(), { method: 'GET', url: '/api/v1/teachers', token })).statusCode).toBe(200);
    await call(app(), { method: 'POST', url: '/users/tokens/revoke', token });
    expect((await call(app(), { method: 'GET', url: '/api/v1/teachers', token })).statusCode).toBe(401);
  });
});

describe('admin registration opened by configuration', () => {
  const app = useTestApp({ adminRegistrationOpen: true });
  it('lets more than one administrator register, but not the same email twice', async () => {
    const email = uniqueEmail('open.admin');
    for (const e of [uniqueEmail('a'), email]) {
      const res = await call(app(), {
        method: 'POST',
        url: '/admin_users',
        payload: { admin_user: { email: e, password: 'adminpass123' } },
      });
      expect(res.statusCode).toBe(201);
    }
    const dup = await call(app(), {
      method: 'POST',
      url: '/admin_users',
      payload: { admin_user: { email: email.toUpperCase(), password: 'adminpass123' } },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.body_.errors).toEqual({ email: ['Email has already been taken'] });
  });
});
