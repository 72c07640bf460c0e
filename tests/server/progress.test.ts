import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teacherPreferences, teacherSchedules } from '../../server/db/schema';
import { adminToken, studentWithRecord, teacherAccount } from './fixtures/students';
import { insertTeacher, subjectId } from './fixtures/teachers';
import { call, signUpAndIn, useTestApp } from './helper';

const URL = '/api/v1/me/progress';

/** GET /api/v1/me/progress: what the signed-in person completed, read from the database. */
describe('onboarding progress for routing', () => {
  const app = useTestApp();
  const progress = async (token?: string) => call(app(), { method: 'GET', url: URL, token });

  it('follows a teacher through the four steps', async () => {
    const t = await signUpAndIn(app(), 1);
    expect((await progress(t.token)).body_.data).toEqual({
      role_id: 1,
      teacher: { personal: false, education: false, preferences: false, schedule: false },
      student: null,
      job_seeker: null,
    });
    const { teacherId } = await insertTeacher(app().db, { subjects: ['Physics'], userId: t.userId });
    expect((await progress(t.token)).body_.data.teacher).toEqual({
      personal: true,
      education: true,
      preferences: true,
      schedule: true,
    });
    await app().db.delete(teacherSchedules).where(eq(teacherSchedules.teacherId, teacherId));
    await app().db.delete(teacherPreferences).where(eq(teacherPreferences.teacherId, teacherId));
    expect((await progress(t.token)).body_.data.teacher).toEqual({
      personal: true,
      education: true,
      preferences: false,
      schedule: false,
    });
  });

  it('follows a student from details to a request a teacher is answering', async () => {
    const fresh = await signUpAndIn(app(), 2);
    expect((await progress(fresh.token)).body_.data.student).toEqual({
      personal: false,
      education: false,
      requests: 'none',
    });
    const s = await studentWithRecord(app());
    expect((await progress(s.token)).body_.data.student).toEqual({
      personal: true,
      education: false,
      requests: 'none',
    });
    const made = await call(app(), {
      method: 'POST',
      url: '/api/v1/teacher_student_requests',
      token: s.token,
      payload: { teacher_student_request: { subject_ids: [await subjectId(app().db, 'Physics')] } },
    });
    expect(made.statusCode).toBe(201);
    expect((await progress(s.token)).body_.data.student.requests).toBe('made');
    const { teacherId } = await teacherAccount(app(), { subjects: ['Physics'] });
    const sent = await call(app(), {
      method: 'POST',
      url: `/api/v1/teacher_student_requests/${made.body_.data.id}/connect`,
      token: s.token,
      payload: { teacher_id: teacherId },
    });
    expect(sent.statusCode).toBe(201);
    expect((await progress(s.token)).body_.data.student.requests).toBe('following');
  });

  it('answers job seekers and administrators, and needs a session', async () => {
    const j = await signUpAndIn(app(), 3);
    expect((await progress(j.token)).body_.data).toMatchObject({
      role_id: 3,
      job_seeker: { personal: false, education: false },
    });
    expect((await progress(await adminToken(app()))).body_.data).toEqual({
      role_id: 4,
      teacher: null,
      student: null,
      job_seeker: null,
    });
    expect((await progress()).statusCode).toBe(401);
  });
});
