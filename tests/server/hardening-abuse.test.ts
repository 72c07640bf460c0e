import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { activityLog, adminUsers, rateLimits } from '../../server/db/schema';
import { hashPassword } from '../../server/lib/password';
import { pruneLimits } from '../../server/lib/rate-limit';
import { call, uniqueEmail, useTestApp } from './helper';
import { adminToken, multipart, personalFields } from './teacher-helpers';

const PASSWORD = 'password123';
let address = 0;
/** A fresh client address per scenario (limits are counted per address). */
const nextAddress = () => `10.1.${Math.floor(++address / 250)}.${(address % 250) + 1}`;

async function signUp(app: FastifyInstance, from: string, roleId = 1, email = uniqueEmail()) {
  const res = await call(app, {
    method: 'POST',
    url: '/api/v1/users',
    remoteAddress: from,
    payload: { email, password: PASSWORD, user_role_id: roleId },
  });
  return { res, email };
}

const signIn = (
  app: FastifyInstance,
  from: string,
  email: string,
  password: string,
  url = '/users/tokens/sign_in',
) => call(app, { method: 'POST', url, remoteAddress: from, payload: { email, password } });

describe('abuse limits (kept in the database)', () => {
  const app = useTestApp({
    signInRateLimit: { perClientPerMinute: 6, perAccountPer15Minutes: 3 },
    rateLimits: {
      signUpPerAddressPerHour: 3,
      refreshPerAddressPerMinute: 1000,
      uploadsPerAccountPerHour: 1,
      uploadsPerAddressPerHour: 1000,
    },
  });
  let second: FastifyInstance | undefined;
  afterAll(async () => {
    await second?.close();
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY says so, and all sign-in routes share one budget', async () => {
    const from = nextAddress();
    const codes: number[] = [];
    const routes = ['/users/tokens/sign_in', '/admin_users/tokens/sign_in', '/admin-sign-in'];
    for (let i = 0; i < 7; i++) {
      const res = await call(app(), {
        method: 'POST',
        url: routes[i % 3],
        remoteAddress: from,
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { email: uniqueEmail('flood'), password: 'wrong-password' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });

  it('limits sign-ups per address with Retry-After', async () => {
    const from = nextAddress();
    for (let i = 0; i < 3; i++) expect((await signUp(app(), from)).res.statusCode).toBe(201);
    const refused = (await signUp(app(), from)).res;
    expect(refused.statusCode).toBe(429);
    expect(refused.body_).toEqual({
      error: 'too_many_requests',
      message: 'Too many requests. Please wait a few minutes and try again.',
      message_key: 'http.tooManyRequests',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signUp(app(), nextAddress())).res.statusCode).toBe(201);
  });

  it('a second server on the same database enforces the same counters', async () => {
    second = await buildApp(app().config, { database: app().database });
    const from = nextAddress();
    for (let i = 0; i < 3; i++) expect((await signUp(i % 2 ? second : app(), from)).res.statusCode).toBe(201);
    expect((await signUp(second, from)).res.statusCode).toBe(429);
  });

  it("an attacker's failures do not lock the owner out at their usual address", async () => {
    const home = nextAddress();
    const { email } = await signUp(app(), home);
    expect((await signIn(app(), home, email, PASSWORD)).statusCode).toBe(200);

    // The attacker's address is throttled after 3 failures on this account…
    const attacker = nextAddress();
    const attempts = [];
    for (let i = 0; i < 4; i++) attempts.push((await signIn(app(), attacker, email, 'guess')).statusCode);
    expect(attempts).toEqual([401, 401, 401, 429]);
    // …and even the right password from there waits.
    expect((await signIn(app(), attacker, email, PASSWORD)).statusCode).toBe(429);
    // A second attacker address brings the account to 5 failures: new addresses now wait a growing delay.
    const other = nextAddress();
    for (let i = 0; i < 2; i++) expect((await signIn(app(), other, email, 'guess')).statusCode).toBe(401);
    const stranger = await signIn(app(), nextAddress(), email, PASSWORD);
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    // The owner at home signs in normally.
    expect((await signIn(app(), home, email, PASSWORD)).statusCode).toBe(200);
  });

  it('tells administrators about repeated failures on an administrator account', async () => {
    const email = uniqueEmail('boss');
    const [admin] = await app()
      .db.insert(adminUsers)
      .values({ email, passwordHash: await hashPassword(PASSWORD, app().config.passwordCost) })
      .returning();
    for (let i = 0; i < 5; i++) {
      const from = i < 3 ? 'a' : 'b';
      await signIn(app(), `10.9.9.${from === 'a' ? 1 : 2}`, email, 'guess', '/admin_users/tokens/sign_in');
    }
    const logged = await app()
      .db.select()
      .from(activityLog)
      .where(eq(activityLog.action, 'sign_in_failures'));
    expect(logged.some((row) => row.subjectType === 'admin_user' && row.subjectId === admin.id)).toBe(true);
    const notes = await call(app(), {
      method: 'GET',
      url: '/api/v1/admin/notifications',
      token: await adminToken(app()),
    });
    expect(notes.statusCode).toBe(200);
    expect(notes.body_.data.map((n: { message: string }) => n.message)).toContain(
      `Repeated failed sign-ins on the administrator account ${email}: 5 in 15 minutes`,
    );
  });

  it('limits upload requests per account', async () => {
    const from = nextAddress();
    const { email } = await signUp(app(), from);
    const token = (await signIn(app(), from, email, PASSWORD)).body_.token;
    const body = () => multipart(personalFields({ name: '' }));
    const first = await call(app(), {
      method: 'POST',
      url: '/api/v1/teachers',
      token,
      remoteAddress: from,
      ...body(),
    });
    expect(first.statusCode).toBe(422);
    const second = await call(app(), {
      method: 'POST',
      url: '/api/v1/teachers',
      token,
      remoteAddress: nextAddress(),
      ...body(),
    });
    expect(second.statusCode).toBe(429);
  });
});

describe('limit counters clean-up', () => {
  const app = useTestApp();

  it('forgets counters a day past their window, keeps live ones', async () => {
    const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    await app()
      .db.insert(rateLimits)
      .values([
        { key: 'test:old', windowStartedAt: old, hits: 3 },
        { key: 'test:live', windowStartedAt: new Date(), hits: 1 },
      ]);
    await pruneLimits(app().db, 3600);
    const keys = (await app().db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).toContain('test:live');
    expect(keys).not.toContain('test:old');
  });
});

describe('refresh-token reuse', () => {
  const app = useTestApp();

  it('revokes the whole session when a rotated refresh token is used again', async () => {
    const email = uniqueEmail();
    await call(app(), {
      method: 'POST',
      url: '/api/v1/users',
      payload: { email, password: PASSWORD, user_role_id: 2 },
    });
    const first = (await signIn(app(), '127.0.0.1', email, PASSWORD)).body_;
    const rotated = await call(app(), {
      method: 'POST',
      url: '/users/tokens/refresh',
      payload: { refresh_token: first.refresh_token },
    });
    expect(rotated.statusCode).toBe(200);
    const info = () => call(app(), { method: 'GET', url: '/users/tokens/info', token: rotated.body_.token });
    expect((await info()).statusCode).toBe(200);

    const stolen = await call(app(), {
      method: 'POST',
      url: '/users/tokens/refresh',
      payload: { refresh_token: first.refresh_token },
    });
    expect(stolen.statusCode).toBe(401);
    // Every token of that session stops working: the newest access token and the newest refresh token.
    expect((await info()).statusCode).toBe(401);
    const next = await call(app(), {
      method: 'POST',
      url: '/users/tokens/refresh',
      payload: { refresh_token: rotated.body_.refresh_token },
    });
    expect(next.statusCode).toBe(401);
    // Another session of the same person is untouched.
    const other = (await signIn(app(), '127.0.0.1', email, PASSWORD)).body_;
    expect(
      (await call(app(), { method: 'GET', url: '/users/tokens/info', token: other.token })).statusCode,
    ).toBe(200);
  });
});
