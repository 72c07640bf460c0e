import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES } from '../../contract/rules/request';
import { activityLog, teacherStudentRequests } from '../../server/db/schema';
import { adminToken, requestAndConnect, studentWithRecord, teacherAccount } from './fixtures/students';
import { call, useTestApp } from './helper';

const URL = '/api/v1/teacher_student_requests';
const NOTES = '/api/v1/notifications';

/** An audit row's details (stored as JSON text). */
const detailsOf = (d: unknown) => (typeof d === 'string' ? JSON.parse(d) : d) as Record<string, unknown>;

/** Either side ends an accepted tutoring: the student from /requests, the teacher from the dashboard. */
describe('a student ends an accepted tutoring', () => {
  const app = useTestApp();

  const setStatus = (token: string, id: number, status: unknown) =>
    call(app(), { method: 'PATCH', url: `${URL}/${id}/update_status`, token, payload: { status } });

  /** A student whose request for Physics a teacher accepted: the ids and both tokens. */
  async function accepted(name = 'Anil Das') {
    const teacher = await teacherAccount(app(), { name, subjects: ['Physics'] });
    const student = await studentWithRecord(app(), { guardian_number: '9830099999' });
    const { parentId, sent } = await requestAndConnect(app(), student.token, [teacher.teacherId]);
    expect((await setStatus(teacher.token, sent[0], 'accepted')).statusCode).toBe(200);
    return { teacher, student, parentId, id: sent[0] };
  }

  it('ends it: contact hidden from both sides, the teacher told who ended it, logged, the request still open', async () => {
    const { teacher, student, parentId, id } = await accepted();
    const ended = await setStatus(student.token, id, 'ended');
    expect(ended.statusCode).toBe(200);
    expect(ended.body_.data.status).toBe('ended');
    expect(ended.body_.data.teacher).toEqual({ id: teacher.teacherId, name: 'Anil Das', contact: null });

    const seenByTeacher = await call(app(), { method: 'GET', url: `${URL}/${id}`, token: teacher.token });
    expect(seenByTeacher.body_.data.status).toBe('ended');
    expect(seenByTeacher.body_.data.student).toMatchObject({
      mobile_number: null,
      guardian_number: null,
      email: null,
      address: null,
      whatsapp_url: null,
      locality: 'Kolkata 700016',
    });

    const told = await call(app(), { method: 'GET', url: NOTES, token: teacher.token });
    expect(told.body_.data[0]).toMatchObject({
      kind: 'contract_ended_by_student',
      title: 'Tutoring ended',
      body: 'Riya Sen ended the tutoring for Physics. Their contact details are hidden again.',
      link: '/dashboard',
      request_id: id,
      params: { student: 'Riya Sen', subjects: ['Physics'] },
    });
    // The student ended it: nothing new for them beyond the acceptance they were told of.
    const studentNotes = await call(app(), { method: 'GET', url: NOTES, token: student.token });
    expect(studentNotes.body_.data.map((n: { kind: string }) => n.kind)).toEqual(['request_accepted']);

    const log = await app()
      .db.select()
      .from(activityLog)
      .where(and(eq(activityLog.action, 'request_status_changed'), eq(activityLog.subjectId, id)));
    expect(log.map((l) => detailsOf(l.details))).toContainEqual({
      from: 'accepted',
      to: 'ended',
      by: 'student',
    });
    expect(log.find((l) => detailsOf(l.details).to === 'ended')?.actorId).toBe(student.userId);

    // What the student can do next: the request they made is still open for other teachers.
    const made = await call(app(), { method: 'GET', url: `${URL}/${parentId}`, token: student.token });
    expect(made.body_.data.status).toBe('request_send');
  });

  it('a teacher who ends it is still the one the student is told about (contract_ended)', async () => {
    const { teacher, student, id } = await accepted('Bina Roy');
    expect((await setStatus(teacher.token, id, 'ended')).statusCode).toBe(200);
    const told = await call(app(), { method: 'GET', url: NOTES, token: student.token });
    expect(told.body_.data[0]).toMatchObject({
      kind: 'contract_ended',
      body: 'Bina Roy ended the contract for Physics.',
    });
    const teacherNotes = await call(app(), { method: 'GET', url: NOTES, token: teacher.token });
    expect(teacherNotes.body_.data.map((n: { kind: string }) => n.kind)).toEqual(['request_new']);
  });

  it('refuses anyone but its student and its teacher (403), and leaves it accepted', async () => {
    const { id } = await accepted();
    const otherStudent = await studentWithRecord(app());
    const otherTeacher = await teacherAccount(app(), { subjects: ['Physics'] });
    const admin = await adminToken(app());
    expect((await setStatus(otherStudent.token, id, 'ended')).body_.message).toBe(REQUEST_MESSAGES.notYours);
    expect((await setStatus(otherTeacher.token, id, 'ended')).statusCode).toBe(403);
    const byAdmin = await setStatus(admin, id, 'ended');
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.body_.message).toBe(REQUEST_MESSAGES.onlyPartiesEnd);
    const unsigned = await call(app(), { method: 'PATCH', url: `${URL}/${id}/update_status`, payload: {} });
    expect(unsigned.statusCode).toBe(401);
    const [row] = await app()
      .db.select()
      .from(teacherStudentRequests)
      .where(eq(teacherStudentRequests.id, id));
    expect(row.status).toBe('accepted');
  });

  it('answers bad input with 422 (404 for an id that names no request), never a 500', async () => {
    const { student, id } = await accepted();
    expect((await setStatus(student.token, id, 'finished')).statusCode).toBe(422);
    expect((await setStatus(student.token, id, 42)).statusCode).toBe(422);
    const badId = await call(app(), {
      method: 'PATCH',
      url: `${URL}/abc/update_status`,
      token: student.token,
      payload: { status: 'ended' },
    });
    expect(badId.statusCode).toBe(404);
    expect((await setStatus(student.token, 99999999, 'ended')).statusCode).toBe(404);
    const withReason = await call(app(), {
      method: 'PATCH',
      url: `${URL}/${id}/update_status`,
      token: student.token,
      payload: { status: 'ended', reason_key: 'schedule_full' },
    });
    expect(withReason.statusCode).toBe(422);
  });

  it('409 when it is not accepted: still waiting, already ended, or the request the student made', async () => {
    const teacher = await teacherAccount(app(), { subjects: ['Physics'] });
    const student = await studentWithRecord(app());
    const { parentId, sent } = await requestAndConnect(app(), student.token, [teacher.teacherId]);
    const waiting = await setStatus(student.token, sent[0], 'ended');
    expect(waiting.statusCode).toBe(409);
    expect(waiting.body_.message).toBe(REQUEST_MESSAGES.notActiveToEnd);
    const own = await setStatus(student.token, parentId, 'ended');
    expect(own.statusCode).toBe(409);
    expect(own.body_.message).toBe(REQUEST_MESSAGES.notSentYet);

    const done = await accepted();
    expect((await setStatus(done.student.token, done.id, 'ended')).statusCode).toBe(200);
    const twice = await setStatus(done.student.token, done.id, 'ended');
    expect(twice.statusCode).toBe(409);
    expect(twice.body_.message).toBe(REQUEST_MESSAGES.notActiveToEnd);
    const teacherAfter = await setStatus(done.teacher.token, done.id, 'ended');
    expect(teacherAfter.statusCode).toBe(409);
    expect(teacherAfter.body_.message).toBe(REQUEST_MESSAGES.notActiveToEnd);
  });

  it('the student and the teacher ending at once: one wins, the other gets a 409, one notification', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const { teacher, student, id } = await accepted(`Race ${trial}`);
      const results = await Promise.all([
        setStatus(student.token, id, 'ended'),
        setStatus(teacher.token, id, 'ended'),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.body_.message).toBe(REQUEST_MESSAGES.notActiveToEnd);
      const studentWon = results[0].statusCode === 200;
      const told = await Promise.all([
        call(app(), { method: 'GET', url: NOTES, token: student.token }),
        call(app(), { method: 'GET', url: NOTES, token: teacher.token }),
      ]);
      const kinds = told.flatMap((t) => t.body_.data.map((n: { kind: string }) => n.kind));
      expect(kinds.filter((k: string) => k.startsWith('contract_ended'))).toEqual([
        studentWon ? 'contract_ended_by_student' : 'contract_ended',
      ]);
      const logged = await app()
        .db.select()
        .from(activityLog)
        .where(and(eq(activityLog.action, 'request_status_changed'), eq(activityLog.subjectId, id)));
      expect(logged.filter((l) => detailsOf(l.details).to === 'ended')).toHaveLength(1);
    }
  });
});
