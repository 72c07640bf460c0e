import { createHmac, createSign, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../contract/rules/auth';
import { signJwt } from '../../server/lib/jwt';
import { call, signUpAndIn, uniqueEmail, useTestApp } from './helper';

describe('accounts and tokens', () => {
  const app = useTestApp();

  const signUp = (payload: Record<string, unknown>) =>
    call(app(), { method: 'POST', url: '/api/v1/users', payload });
  const signIn = (email: string, password: string) =>
    call(app(), { method: 'POST', url: '/users/tokens/sign_in', payload: { email, password } });

  describe('POST /api/v1/users (sign-up)', () => {
    it('creates a teacher and a student', async () => {
      for (const roleId of [1, 2]) {
        const email = uniqueEmail('signup');
        const res = await signUp({ email, password: 'password123', user_role_id: roleId });
        expect(res.statusCode).toBe(201);
        expect(res.body_.data).toMatchObject({ email, user_role_id: roleId });
        expect(res.body_.data.id).toBeTypeOf('number');
        expect(JSON.stringify(res.body_)).not.toContain('password');
      }
    });

    it.each([
      [{ email: '', password: 'password123', user_role_id: 1 }, 'email', AUTH_MESSAGES.emailRequired],
      [{ password: 'password123', user_role_id: 1 }, 'email', AUTH_MESSAGES.emailRequired],
      [
        { email: 'not-an-email', password: 'password123', user_role_id: 1 },
        'email',
        AUTH_MESSAGES.emailInvalid,
      ],
      [{ email: 'a@b.co', password: 'short', user_role_id: 1 }, 'password', AUTH_MESSAGES.passwordTooShort],
      [{ email: 'a@b.co', password: '', user_role_id: 1 }, 'password', AUTH_MESSAGES.passwordRequired],
      [
        { email: 'a@b.co', password: 'password123', user_role_id: 4 },
        'user_role_id',
        AUTH_MESSAGES.roleInvalid,
      ],
      [{ email: 'a@b.co', password: 'password123' }, 'user_role_id', AUTH_MESSAGES.roleInvalid],
    ])('answers 422 with the rule message (%j)', async (payload, field, message) => {
      const res = await signUp(payload);
      expect(res.statusCode).toBe(422);
      expect(res.body_.errors[field]).toEqual([message]);
    });

    it('answers a non-JSON-object body with 422, not 500', async () => {
      const res = await call(app(), {
        method: 'POST',
        url: '/api/v1/users',
        payload: '"just a string"',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBeLessThan(500);
    });

    it('refuses a duplicate email, whatever its case, with user_not_created', async () => {
      const email = uniqueEmail('dup');
      expect((await signUp({ email, password: 'password123', user_role_id: 1 })).statusCode).toBe(201);
      const again = await signUp({ email: email.toUpperCase(), password: 'password456', user_role_id: 2 });
      expect(again.statusCode).toBe(409);
      expect(again.body_.error).toBe('user_not_created');
      expect(again.body_.error_description).toEqual([AUTH_MESSAGES.emailTaken]);
    });
  });

  describe('POST /users/tokens/sign_in', () => {
    it('returns the tokens, the user, the server role and a null profile', async () => {
      const email = uniqueEmail('in');
      await signUp({ email, password: 'password123', user_role_id: 2 });
      const res = await signIn(`  ${email.toUpperCase()} `, 'password123');
      expect(res.statusCode).toBe(200);
      const body = res.body_;
      expect(body.token.split('.')).toHaveLength(3);
      expect(body.refresh_token).toBeTypeOf('string');
      expect(body.expires_in).toBe(3600);
      expect(body.token_type).toBe('Bearer');
      expect(body.user_id).toBe(body.resource_owner.id);
      expect(body.id).toBe(body.user_id);
      expect(body.resource_owner).toMatchObject({ email, role_id: 2 });
      expect(body.role_id).toBe(2);
      expect(body.roles).toEqual([{ name: 'student' }]);
      expect(body.profile).toBeNull();
    });

    it('answers 401 with one message for a wrong password and for an unknown email', async () => {
      const { email } = await signUpAndIn(app(), 1);
      const wrong = await signIn(email, 'wrong-password');
      const unknown = await signIn(uniqueEmail('nobody'), 'password123');
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.body_.error_description).toEqual([AUTH_MESSAGES.invalidCredentials]);
        expect(res.body_.message).toBe(AUTH_MESSAGES.invalidCredentials);
      }
      expect(wrong.body).toBe(unknown.body);
    });

    it('answers 401 for an empty body', async () => {
      const res = await call(app(), { method: 'POST', url: '/users/tokens/sign_in', payload: {} });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('tokens', () => {
    it('info tells who the token belongs to', async () => {
      const u = await signUpAndIn(app(), 1);
      const res = await call(app(), { method: 'GET', url: '/users/tokens/info', token: u.token });
      expect(res.statusCode).toBe(200);
      expect(res.body_.resource_owner).toMatchObject({ id: u.userId, email: u.email, role_id: 1 });
      expect(res.body_.expires_in).toBeGreaterThan(3500);
      expect((await call(app(), { method: 'GET', url: '/users/tokens/info' })).statusCode).toBe(401);
    });

    it('refresh rotates: new tokens work, the old refresh token is refused', async () => {
      const u = await signUpAndIn(app(), 2);
      const first = await call(app(), {
        method: 'POST',
        url: '/users/tokens/refresh',
        payload: { refresh_token: u.refreshToken },
      });
      expect(first.statusCode).toBe(200);
      expect(first.body_.refresh_token).not.toBe(u.refreshToken);
      expect(first.body_.user_id).toBe(u.userId);
      const info = await call(app(), { method: 'GET', url: '/users/tokens/info', token: first.body_.token });
      expect(info.statusCode).toBe(200);
      const replay = await call(app(), {
        method: 'POST',
        url: '/users/tokens/refresh',
        payload: { refresh_token: u.refreshToken },
      });
      expect(replay.statusCode).toBe(401);
      const garbage = await call(app(), {
        method: 'POST',
        url: '/users/tokens/refresh',
        payload: { refresh_token: 'nope' },
      });
      expect(garbage.statusCode).toBe(401);
    });

    it('revoke ends the session: the access and refresh tokens stop working', async () => {
      const u = await signUpAndIn(app(), 1);
      const revoke = await call(app(), { method: 'POST', url: '/users/tokens/revoke', token: u.token });
      expect(revoke.statusCode).toBe(200);
      const me = await call(app(), { method: 'GET', url: `/api/v1/users/${u.userId}`, token: u.token });
      expect(me.statusCode).toBe(401);
      const refresh = await call(app(), {
        method: 'POST',
        url: '/users/tokens/refresh',
        payload: { refresh_token: u.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
      // Another session of the same user is unaffected.
      const other = await signIn(u.email, u.password);
      const again = await call(app(), {
        method: 'GET',
        url: `/api/v1/users/${u.userId}`,
        token: other.body_.token,
      });
      expect(again.statusCode).toBe(200);
    });

    it('refuses an expired or forged access token', async () => {
      const u = await signUpAndIn(app(), 1);
      const claims = JSON.parse(Buffer.from(u.token.split('.')[1], 'base64url').toString('utf8'));
      const now = Math.floor(Date.now() / 1000);
      const expired = await signJwt({ ...claims, iat: now - 7200, exp: now - 3600 }, 'test-secret');
      const forged = await signJwt({ ...claims, exp: now + 3600 }, 'another-secret');
      for (const token of [expired, forged, 'not.a.jwt']) {
        const res = await call(app(), { method: 'GET', url: `/api/v1/users/${u.userId}`, token });
        expect(res.statusCode).toBe(401);
      }
    });

    // Tokens built by hand, as an attacker would: only an HS256 signature made with the server's
    // secret over the exact header and claims is accepted.
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const hmac = (input: string, secret = 'test-secret', hash = 'sha256') =>
      createHmac(hash, secret).update(input).digest('base64url');
    const handMade = (header: unknown, claims: unknown, sign: (input: string) => string = hmac) => {
      const input = `${b64(header)}.${b64(claims)}`;
      return `${input}.${sign(input)}`;
    };

    it('accepts a hand-built HS256 token of the same format (tokens issued before stay valid)', async () => {
      const u = await signUpAndIn(app(), 1);
      const claims = JSON.parse(Buffer.from(u.token.split('.')[1], 'base64url').toString('utf8'));
      expect(claims).toEqual({
        sub: u.userId,
        role: 1,
        sid: expect.any(String),
        iat: expect.any(Number),
        exp: claims.iat + 3600,
      });
      expect(JSON.parse(Buffer.from(u.token.split('.')[0], 'base64url').toString('utf8'))).toEqual({
        alg: 'HS256',
        typ: 'JWT',
      });
      const token = handMade({ alg: 'HS256', typ: 'JWT' }, claims);
      const res = await call(app(), { method: 'GET', url: `/api/v1/users/${u.userId}`, token });
      expect(res.statusCode).toBe(200);
    });

    it("refuses tokens of another algorithm ('none', RS256, HS512) or with changed claims (401)", async () => {
      const u = await signUpAndIn(app(), 1);
      const [header, payload, signature] = u.token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const rsa = (input: string) =>
        createSign('RSA-SHA256').update(input).sign(privateKey).toString('base64url');
      const refused = [
        // alg none: no signature at all, or the genuine one kept.
        `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
        `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
        handMade({ alg: 'none' }, claims, () => ''),
        // RS256 header: signed with an RSA key, or with the HMAC secret (algorithm confusion).
        handMade({ alg: 'RS256', typ: 'JWT' }, claims, rsa),
        handMade({ alg: 'RS256', typ: 'JWT' }, claims),
        // Another HMAC algorithm with the right secret.
        handMade({ alg: 'HS512', typ: 'JWT' }, claims, (input) => hmac(input, 'test-secret', 'sha512')),
        // Claims changed under the genuine signature: another user, a later expiry.
        `${header}.${b64({ ...claims, sub: claims.sub + 1 })}.${signature}`,
        `${header}.${b64({ ...claims, exp: claims.exp + 86400 })}.${signature}`,
        // Right secret, claims of the wrong type or missing.
        handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, sub: String(claims.sub) }),
        handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: undefined }),
        handMade({ alg: 'HS256', typ: 'JWT' }, { ...claims, sid: undefined }),
        // Not a JWT.
        `${header}.${payload}`,
        '',
      ];
      for (const token of refused) {
        const res = await call(app(), { method: 'GET', url: `/api/v1/users/${u.userId}`, token });
        expect(res.statusCode, token).toBe(401);
      }
      // The genuine token still works.
      const ok = await call(app(), { method: 'GET', url: `/api/v1/users/${u.userId}`, token: u.token });
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('GET /api/v1/users/{id}', () => {
    it('answers the user themself with the profile', async () => {
      const u = await signUpAndIn(app(), 2);
      const res = await call(app(), { method: 'GET', url: `/api/v1/users/${u.userId}`, token: u.token });
      expect(res.statusCode).toBe(200);
      expect(res.body_.data).toMatchObject({ id: u.userId, email: u.email, user_role_id: 2 });
      expect(res.body_.profile).toBeNull();
    });

    it("refuses another user's id (403) and anonymous callers (401)", async () => {
      const a = await signUpAndIn(app(), 1);
      const b = await signUpAndIn(app(), 2);
      const other = await call(app(), { method: 'GET', url: `/api/v1/users/${b.userId}`, token: a.token });
      expect(other.statusCode).toBe(403);
      const anonymous = await call(app(), { method: 'GET', url: `/api/v1/users/${a.userId}` });
      expect(anonymous.statusCode).toBe(401);
    });

    it('answers 404 for a nonsense id', async () => {
      const a = await signUpAndIn(app(), 1);
      const res = await call(app(), { method: 'GET', url: '/api/v1/users/abc', token: a.token });
      expect(res.statusCode).toBe(404);
    });
  });
});
