import { assert } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { TeacherDashboardResponse } from '../../contract/structs/dashboard';
import { adminSession, insertRequest, insertStudent } from './fixtures/admin-teachers';
import { insertTeacher } from './fixtures/teachers';
import { call, signUpAndIn, useTestApp } from './helper';

describe('GET /api/v1/teachers/me/dashboard', () => {
  const app = useTestApp();
  const url = '/api/v1/teachers/me/dashboard';

  it("answers the signed-in teacher's record and the requests sent to them, newest first, in one call", async () => {
    const u = await signUpAndIn(app(), 1);
    const { teacherId } = await insertTeacher(app().db, {
      userId: u.userId,
      name: 'Anita Roy',
      subjects: ['Physics', 'Mathematics'],
    });
    const other = await insertTeacher(app().db, { subjects: ['Chemistry'] });
    const student = await insertStudent(app().db, { name: 'Riya Sen' });
    const older = await insertRequest(app().db, {
      studentId: student.id,
      subjects: ['Physics'],
      teacherId,
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    const newer = await insertRequest(app().db, {
      studentId: student.id,
      subjects: ['Mathematics'],
      teacherId,
    });
    await insertRequest(app().db, {
      studentId: student.id,
      subjects: ['Chemistry'],
      teacherId: other.teacherId,
    });

    const res = await call(app(), { method: 'GET', url, token: u.token });
    expect(res.statusCode).toBe(200);
    assert(res.body_ as unknown, TeacherDashboardResponse);
    expect(res.body_.data.teacher).toMatchObject({
      id: teacherId,
      name: 'Anita Roy',
      subjects: [{ name: 'Mathematics' }, { name: 'Physics' }],
    });
    expect(res.body_.data.requests.map((r: { id: number }) => r.id)).toEqual([newer.id, older.id]);
    expect(res.body_.data.requests[0].student.name).toBe('Riya Sen');

    // The same record as the single-teacher route.
    const single = await call(app(), { method: 'GET', url: `/api/v1/teachers/${teacherId}`, token: u.token });
    expect(res.body_.data.teacher).toEqual(single.body_.data);
  });

  it('404 before the teacher profile exists; 403 for students and administrators; 401 anonymous', async () => {
    const fresh = await signUpAndIn(app(), 1);
    expect((await call(app(), { method: 'GET', url, token: fresh.token })).statusCode).toBe(404);
    const student = await signUpAndIn(app(), 2);
    expect((await call(app(), { method: 'GET', url, token: student.token })).statusCode).toBe(403);
    const admin = await adminSession(app());
    expect((await call(app(), { method: 'GET', url, token: admin.token })).statusCode).toBe(403);
    expect((await call(app(), { method: 'GET', url })).statusCode).toBe(401);
  });
});
