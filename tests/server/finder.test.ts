import { describe, expect, it } from 'vitest';
import { adminToken, studentWithRecord } from './fixtures/students';
import { insertTeacher, subjectId } from './fixtures/teachers';
import { call, signUpAndIn, useTestApp } from './helper';

const FINDER = '/api/v1/students/me/finder';

/** The teacher finder's first screen in one call: the latest request and its first page of matches. */
describe('GET /api/v1/students/me/finder', () => {
  const app = useTestApp();

  async function makeRequest(token: string, subjectNames: string[]) {
    const subject_ids = await Promise.all(subjectNames.map((n) => subjectId(app().db, n)));
    const res = await call(app(), {
      method: 'POST',
      url: '/api/v1/teacher_student_requests',
      token,
      payload: { teacher_student_request: { subject_ids, mode_of_teaching: 'offline' } },
    });
    expect(res.statusCode).toBe(201);
    return res.body_.data as { id: number };
  }

  it('answers the matching page of the student’s latest request, as matching_teachers does', async () => {
    const db = app().db;
    await insertTeacher(db, { name: 'Physics Teacher', subjects: ['Physics'], teachingMode: 'offline' });
    await insertTeacher(db, { name: 'Sanskrit Teacher', subjects: ['Sanskrit'], teachingMode: 'offline' });
    const s = await studentWithRecord(app());
    await makeRequest(s.token, ['Sanskrit']);
    const latest = await makeRequest(s.token, ['Physics']);

    const res = await call(app(), { method: 'GET', url: FINDER, token: s.token });
    expect(res.statusCode).toBe(200);
    expect(res.body_.data.request.id).toBe(latest.id);
    expect(res.body_.data.data.map((m: { teacher: { name: string } }) => m.teacher.name)).toEqual([
      'Physics Teacher',
    ]);
    const direct = await call(app(), {
      method: 'GET',
      url: `/api/v1/teacher_student_requests/${latest.id}/matching_teachers`,
      token: s.token,
    });
    expect(res.body_.data).toEqual(direct.body_);

    const filtered = await call(app(), { method: 'GET', url: `${FINDER}?filter=online`, token: s.token });
    expect(filtered.body_.data.teacher_count).toBe(0);
    const bad = await call(app(), { method: 'GET', url: `${FINDER}?filter=cheap`, token: s.token });
    expect(bad.statusCode).toBe(422);
  });

  it('answers null for a student with no request or no record yet; refuses teachers and administrators', async () => {
    const s = await studentWithRecord(app());
    const none = await call(app(), { method: 'GET', url: FINDER, token: s.token });
    expect(none.statusCode).toBe(200);
    expect(none.body_).toEqual({ status: 'success', data: null });

    const fresh = await signUpAndIn(app(), 2);
    const noRecord = await call(app(), { method: 'GET', url: FINDER, token: fresh.token });
    expect(noRecord.body_).toEqual({ status: 'success', data: null });

    const teacher = await signUpAndIn(app(), 1);
    expect((await call(app(), { method: 'GET', url: FINDER, token: teacher.token })).statusCode).toBe(403);
    const admin = await adminToken(app());
    expect((await call(app(), { method: 'GET', url: FINDER, token: admin })).statusCode).toBe(403);
    expect((await call(app(), { method: 'GET', url: FINDER })).statusCode).toBe(401);
  });
});
