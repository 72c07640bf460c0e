import { describe, expect, it } from 'vitest';
import { teachers } from '../../server/db/schema';
import { adminSession, insertRequest, insertStudent, insertTeacher } from './fixtures/admin-teachers';
import { call, signUpAndIn, useTestApp } from './helper';

describe("GET /api/v1/admin/teachers/{id}: a teacher's full record, administrators only", () => {
  const app = useTestApp();

  it('gives an administrator every field, documents, preferences, requests and activity', async () => {
    const admin = await adminSession(app());
    const db = app().db;
    const teacher = await insertTeacher(db, {
      name: 'Amitava Majumdar',
      documents: true,
      subjects: ['Physics', 'Environmental Science'],
    });
    const student = await insertStudent(db, { name: 'Arka Pal', degreeId: 3 });
    await insertRequest(db, { studentId: student.id, subjects: ['Physics'], teacherId: teacher.id });
    const approve = await call(app(), {
      method: 'PATCH',
      url: `/api/v1/teachers/${teacher.id}/approve`,
      token: admin.token,
    });
    expect(approve.statusCode).toBe(200);

    const res = await call(app(), {
      method: 'GET',
      url: `/api/v1/admin/teachers/${teacher.id}`,
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    const file = res.body_.data;
    expect(file.teacher).toMatchObject({
      id: teacher.id,
      name: 'Amitava Majumdar',
      date_of_birth: '01/05/1990',
      verified: true,
      aadhar_photo: expect.stringMatching(/^\/api\/v1\/uploads\/\d+$/),
    });
    expect(file.teacher.teacher_preference.mark_sheet).toMatchObject({ url: expect.any(String) });
    expect(file.teacher.subjects.map((s: { name: string }) => s.name)).toEqual([
      'Environmental Science',
      'Physics',
    ]);
    expect(file.requests).toEqual([
      expect.objectContaining({ student_name: 'Arka Pal', subjects: 'Physics', status: 'request_send' }),
    ]);
    expect(file.activity.map((a: { action: string }) => a.action)).toContain('teacher_approved');
  });

  it('refuses the teacher themselves, students, job seekers and visitors; 404 for an unknown teacher', async () => {
    const db = app().db;
    const own = await signUpAndIn(app(), 1);
    const [row] = await db
      .insert(teachers)
      .values({
        userId: own.userId,
        name: 'Own Teacher',
        email: own.email,
        mobileNumber: '9812345678',
        gender: 'female',
        dateOfBirth: '1991-02-03',
        address: '1 Park Street',
      })
      .returning();
    const url = `/api/v1/admin/teachers/${row.id}`;
    expect((await call(app(), { method: 'GET', url })).statusCode).toBe(401);
    expect((await call(app(), { method: 'GET', url, token: own.token })).statusCode).toBe(403);
    for (const role of [2, 3] as const) {
      const other = await signUpAndIn(app(), role);
      expect((await call(app(), { method: 'GET', url, token: other.token })).statusCode).toBe(403);
    }
    const admin = await adminSession(app());
    expect((await call(app(), { method: 'GET', url, token: admin.token })).statusCode).toBe(200);
    const missing = await call(app(), {
      method: 'GET',
      url: '/api/v1/admin/teachers/999999',
      token: admin.token,
    });
    expect(missing.statusCode).toBe(404);
    const bad = await call(app(), { method: 'GET', url: '/api/v1/admin/teachers/abc', token: admin.token });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
  });
});
