import { describe, expect, it } from 'vitest';
import { HTTP_MESSAGES } from '../../contract/rules/http';
import { signJwt } from '../../server/lib/jwt';
import { revokeSession } from '../../server/lib/sessions';
import { adminSession } from './fixtures/admin-teachers';
import { adminToken, studentWithRecord } from './fixtures/students';
import { subjectId } from './fixtures/teachers';
import { call, signUpAndIn, useTestApp } from './helper';

/**
 * The three routes declared with `config: { sessionInStatement: true }` (the admin teacher list, a
 * request's matching teachers, the student's finder) check the caller's session in their own
 * statement. An expired access token or a revoked session must still get the access check's 401 on
 * each, whatever the route would otherwise have answered (a page, null, a 403, a 404, a 422).
 */
describe('routes that check the session in their own statement', () => {
  const app = useTestApp();
  const claimsOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8'));
  const revoke = (token: string) => revokeSession(app().db, claimsOf(token).sid);
  const expired = (token: string) => {
    const now = Math.floor(Date.now() / 1000);
    return signJwt({ ...claimsOf(token), iat: now - 7200, exp: now - 3600 }, 'test-secret');
  };
  const expect401 = async (url: string, token: string) => {
    const res = await call(app(), { method: 'GET', url, token });
    expect(res.statusCode, url).toBe(401);
    expect(res.body_.message, url).toBe(HTTP_MESSAGES.sessionExpired);
    expect(res.body_.data, url).toBeUndefined();
  };

  async function studentWithRequest() {
    const s = await studentWithRecord(app());
    const res = await call(app(), {
      method: 'POST',
      url: '/api/v1/teacher_student_requests',
      token: s.token,
      payload: {
        teacher_student_request: {
          subject_ids: [await subjectId(app().db, 'Physics')],
          mode_of_teaching: 'offline',
        },
      },
    });
    expect(res.statusCode).toBe(201);
    return { ...s, requestId: res.body_.data.id as number };
  }

  it('answers 401 to an expired access token on each of them', async () => {
    const admin = await adminSession(app());
    const s = await studentWithRequest();
    const routes = [
      { url: '/api/v1/teachers', token: admin.token },
      { url: `/api/v1/teacher_student_requests/${s.requestId}/matching_teachers`, token: s.token },
      { url: '/api/v1/students/me/finder', token: s.token },
    ];
    for (const { url, token } of routes) {
      expect((await call(app(), { method: 'GET', url, token })).statusCode, url).toBe(200);
      await expect401(url, await expired(token));
    }
  });

  it('answers 401 to a revoked session on each of them, whatever else the route would answer', async () => {
    const admin = await adminSession(app());
    const s = await studentWithRequest();
    const noRequest = await studentWithRecord(app());
    const teacher = await signUpAndIn(app(), 1);
    const finderAdmin = await adminToken(app());
    const matching = `/api/v1/teacher_student_requests/${s.requestId}/matching_teachers`;
    const FINDER = '/api/v1/students/me/finder';
    // What each caller gets while signed in.
    const live: Array<{ url: string; token: string; status: number }> = [
      { url: '/api/v1/teachers', token: admin.token, status: 200 },
      { url: '/api/v1/teachers?limit=7', token: admin.token, status: 422 },
      { url: '/api/v1/teachers', token: teacher.token, status: 403 },
      { url: matching, token: s.token, status: 200 },
      { url: `${matching}?filter=cheap`, token: s.token, status: 422 },
      { url: '/api/v1/teacher_student_requests/999999/matching_teachers', token: s.token, status: 404 },
      { url: matching, token: noRequest.token, status: 403 },
      { url: FINDER, token: s.token, status: 200 },
      { url: `${FINDER}?filter=cheap`, token: s.token, status: 422 },
      { url: FINDER, token: noRequest.token, status: 200 },
      { url: FINDER, token: teacher.token, status: 403 },
      { url: FINDER, token: finderAdmin, status: 403 },
    ];
    for (const { url, token, status } of live) {
      expect((await call(app(), { method: 'GET', url, token })).statusCode, url).toBe(status);
    }
    for (const token of [admin.token, s.token, noRequest.token, teacher.token, finderAdmin])
      await revoke(token);
    for (const { url, token } of live) await expect401(url, token);
  });
});
