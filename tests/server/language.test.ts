import { describe, expect, it } from 'vitest';
import { catalogueEntries, messageKeyOf } from '../../contract/messages';
import { AUTH_MESSAGES } from '../../contract/rules/auth';
import { LANGUAGE_MESSAGES } from '../../contract/rules/language';
import { call, signUpAndIn, uniqueEmail, useTestApp } from './helper';

describe('languages on the server', () => {
  const app = useTestApp();

  it('remembers the language per account and returns it with the session and token info', async () => {
    const person = await signUpAndIn(app(), 2);
    const before = await call(app(), {
      method: 'POST',
      url: '/users/tokens/sign_in',
      payload: { email: person.email, password: person.password },
    });
    expect(before.body_.language).toBeNull();

    const saved = await call(app(), {
      method: 'PUT',
      url: '/api/v1/me/language',
      token: person.token,
      payload: { language: 'bn' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body_).toEqual({ status: 'success', language: 'bn' });

    const again = await call(app(), {
      method: 'POST',
      url: '/users/tokens/sign_in',
      payload: { email: person.email, password: person.password },
    });
    expect(again.body_.language).toBe('bn');
    const info = await call(app(), { method: 'GET', url: '/users/tokens/info', token: person.token });
    expect(info.body_.language).toBe('bn');
  });

  it('refuses another language with 422 and its message key; needs a session', async () => {
    const person = await signUpAndIn(app(), 1);
    const res = await call(app(), {
      method: 'PUT',
      url: '/api/v1/me/language',
      token: person.token,
      payload: { language: 'fr' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.body_.errors.language).toEqual([LANGUAGE_MESSAGES.languageInvalid]);
    expect(res.body_.error_keys.language).toEqual(['language.languageInvalid']);
    const anonymous = await call(app(), {
      method: 'PUT',
      url: '/api/v1/me/language',
      payload: { language: 'hi' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers validation errors with the English text and each message key', async () => {
    const res = await call(app(), {
      method: 'POST',
      url: '/api/v1/users',
      payload: { email: 'not-an-email', password: 'short', user_role_id: 1 },
    });
    expect(res.statusCode).toBe(422);
    expect(res.body_.errors).toEqual({
      email: [AUTH_MESSAGES.emailInvalid],
      password: [AUTH_MESSAGES.passwordTooShort],
    });
    expect(res.body_.error_keys).toEqual({
      email: ['auth.emailInvalid'],
      password: ['auth.passwordTooShort'],
    });
  });

  it('gives the key of a top-level message (wrong password)', async () => {
    const res = await call(app(), {
      method: 'POST',
      url: '/users/tokens/sign_in',
      payload: { email: uniqueEmail('nobody'), password: 'password123' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.body_.message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(res.body_.message_key).toBe('auth.invalidCredentials');
  });
});

describe('every error answer carries message keys', () => {
  const app = useTestApp();

  /** Every `message` and every field message of an error body has its catalogue key. */
  function expectKeyed(res: { statusCode: number; body_: any }, what: string) {
    expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, what).toBeLessThan(500);
    const body = res.body_;
    // A 422's `message` sums up its field errors ('Name is required; …'): the keys are per field.
    const summary = res.statusCode === 422 && body.errors;
    if (typeof body.message === 'string' && !summary)
      expect(body.message_key, `${what}: ${body.message}`).toBeTruthy();
    for (const [field, messages] of Object.entries((body.errors ?? {}) as Record<string, string[]>)) {
      expect(body.error_keys?.[field], `${what}: ${field}`).toHaveLength(messages.length);
      body.error_keys[field].forEach((key: string | null, i: number) => {
        expect(key, `${what}: ${field}: ${messages[i]}`).toBeTruthy();
      });
    }
  }

  it('for the rules of sign-up, teacher and student details, requests and languages, and the boundary', async () => {
    const teacher = await signUpAndIn(app(), 1);
    const student = await signUpAndIn(app(), 2);
    const cases: Array<[string, Parameters<typeof call>[1]]> = [
      ['sign-up, nothing given', { method: 'POST', url: '/api/v1/users', payload: {} }],
      [
        'sign-up, bad values',
        { method: 'POST', url: '/api/v1/users', payload: { email: 'x', password: 'y', user_role_id: 9 } },
      ],
      [
        'sign-in, wrong password',
        {
          method: 'POST',
          url: '/users/tokens/sign_in',
          payload: { email: teacher.email, password: 'nope-nope' },
        },
      ],
      [
        'teacher details, nothing given',
        { method: 'POST', url: '/api/v1/teachers', token: teacher.token, payload: {} },
      ],
      [
        'teacher details, bad values',
        {
          method: 'POST',
          url: '/api/v1/teachers',
          token: teacher.token,
          payload: { name: 'A', mobile_number: '12', email: 'no', date_of_birth: '31/02/2001' },
        },
      ],
      [
        'student details, nothing given',
        { method: 'POST', url: '/api/v1/students', token: student.token, payload: {} },
      ],
      [
        'a request, nothing given',
        { method: 'POST', url: '/api/v1/teacher_student_requests', token: student.token, payload: {} },
      ],
      [
        'language, another value',
        { method: 'PUT', url: '/api/v1/me/language', token: student.token, payload: { language: 'fr' } },
      ],
      [
        'a text too long',
        {
          method: 'PUT',
          url: '/api/v1/me/language',
          token: student.token,
          payload: { language: 'x'.repeat(50) },
        },
      ],
      ['no session', { method: 'GET', url: '/users/tokens/info' }],
      ['an expired or forged session', { method: 'GET', url: '/users/tokens/info', token: 'not-a-token' }],
      [
        'an administrator route',
        { method: 'GET', url: '/api/v1/admin/teacher_approvals', token: teacher.token },
      ],
      ['an unknown API address', { method: 'GET', url: '/api/v1/nothing-here', token: teacher.token }],
      ['an unknown record', { method: 'GET', url: '/api/v1/teachers/999999', token: teacher.token }],
      ['a malformed id', { method: 'GET', url: '/api/v1/teachers/0x1', token: teacher.token }],
    ];
    for (const [what, request] of cases) expectKeyed(await call(app(), request), what);
  });
});

describe('the message catalogue', () => {
  it('gives every rule message one key and finds it again from its English text', () => {
    const entries = catalogueEntries();
    expect(new Set(entries.map((e) => e.key)).size).toBe(entries.length);
    for (const entry of entries) {
      const text = entry.english.replace(/\{\{(p\d+)\}\}/g, (_, p) => `<${p}>`);
      const ref = messageKeyOf(text);
      expect(ref, entry.key).not.toBeNull();
      // Identical English texts share the first key; a template finds its values back.
      expect(entries.find((e) => e.key === ref!.key)!.english.replace(/\{\{p\d+\}\}/g, '')).toBe(
        entry.english.replace(/\{\{p\d+\}\}/g, ''),
      );
    }
    expect(messageKeyOf(AUTH_MESSAGES.authFailed(503))).toEqual({
      key: 'auth.authFailed',
      values: { p1: '503' },
    });
  });
});
