import { describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES } from '../../contract/rules/request';
import { activityLog } from '../../server/db/schema';
import { adminToken, studentWithRecord, teacherAccount } from './fixtures/students';
import { insertTeacher, subjectId } from './fixtures/teachers';
import { call, signUpAndIn, useTestApp } from './helper';

const URL = '/api/v1/teacher_student_requests';

describe('teacher-student requests', () => {
  const app = useTestApp();

  async function makeRequest(token: string, subjectNames: string[], extra: Record<string, unknown> = {}) {
    const subject_ids = await Promise.all(subjectNames.map((n) => subjectId(app().db, n)));
    const res = await call(app(), {
      method: 'POST',
      url: URL,
      token,
      payload: { teacher_student_request: { subject_ids, status: 'request_send', ...extra } },
    });
    expect(res.statusCode).toBe(201);
    return res.body_;
  }

  it("creates a request with the product's defaults and logs request_created", async () => {
    const s = await studentWithRecord(app());
    const body = await makeRequest(s.token, ['Physics', 'Mathematics']);
    expect(body.id).toBe(body.data.id);
    expect(body.teacher_student_request.id).toBe(body.data.id);
    expect(body.data).toMatchObject({
      student_id: s.studentId,
      teacher_id: null,
      parent_request_id: null,
      status: 'request_send',
      // Online would find nobody while online teaching is not offered.
      mode_of_teaching: 'offline',
      preferred_group: 'individual',
      preferred_medium: 'english',
      teacher_assignment_preference: 'multiple',
      preferred_time: ['morning', 'afternoon'],
      teacher: null,
    });
    expect(body.data.subjects.map((x: { name: string }) => x.name)).toEqual(['Physics', 'Mathematics']);
    expect(body.data.student).toMatchObject({ id: s.studentId, name: 'Riya Sen', mobile_number: null });
    const log = await app().db.select().from(activityLog);
    expect(log.some((l) => l.action === 'request_created' && l.subjectId === body.data.id)).toBe(true);
  });

  it('refuses bad requests with the client messages', async () => {
    const s = await studentWithRecord(app());
    const none = await call(app(), {
      method: 'POST',
      url: URL,
      token: s.token,
      payload: { teacher_student_request: { subject_ids: [] } },
    });
    expect(none.statusCode).toBe(422);
    expect(none.body_.errors.subject_ids).toEqual(['Please select at least one subject']);
    const unknown = await call(app(), {
      method: 'POST',
      url: URL,
      token: s.token,
      payload: { teacher_student_request: { subject_ids: [424242] } },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body_.errors.subject_ids).toEqual([REQUEST_MESSAGES.subjectsUnknown]);
    const wrong = await call(app(), {
      method: 'POST',
      url: URL,
      token: s.token,
      payload: {
        teacher_student_request: {
          subject_ids: [1],
          status: 'accepted',
          mode_of_teaching: 'x',
          preferred_medium: 'latin',
        },
      },
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.body_.errors).sort()).toEqual([
      'mode_of_teaching',
      'preferred_medium',
      'status',
    ]);
    const teacher = await signUpAndIn(app(), 1);
    const asTeacher = await call(app(), {
      method: 'POST',
      url: URL,
      token: teacher.token,
      payload: { teacher_student_request: { subject_ids: [1] } },
    });
    expect(asTeacher.statusCode).toBe(403);
    const other = await studentWithRecord(app());
    const forOther = await call(app(), {
      method: 'POST',
      url: URL,
      token: s.token,
      payload: { teacher_student_request: { subject_ids: [1], student_id: other.studentId } },
    });
    expect(forOther.statusCode).toBe(403);
  });

  it('matches real teachers in the requested mode: verified first, then coverage, then experience', async () => {
    const db = app().db;
    const both = await insertTeacher(db, {
      name: 'Covers Both',
      subjects: ['Physics', 'Mathematics'],
      teachingMode: 'offline',
    });
    await insertTeacher(db, {
      name: 'Online Only',
      subjects: ['Physics'],
      teachingMode: 'online',
      verified: true,
    });
    await insertTeacher(db, { name: 'Both Pending', subjects: ['Physics'], teachingMode: 'both' });
    await insertTeacher(db, {
      name: 'Hindi Verified',
      subjects: ['Mathematics'],
      teachingMode: 'offline',
      mediums: ['hindi'],
      verified: true,
    });
    await insertTeacher(db, { name: 'Inactive', subjects: ['Physics', 'Mathematics'], active: false });
    await insertTeacher(db, { name: 'Rejected', subjects: ['Physics', 'Mathematics'], status: 'rejected' });
    await insertTeacher(db, { name: 'Chemistry Only', subjects: ['Chemistry'] });
    const s = await studentWithRecord(app());
    const req = await makeRequest(s.token, ['Physics', 'Mathematics'], { mode_of_teaching: 'offline' });
    const res = await call(app(), {
      method: 'GET',
      url: `${URL}/${req.data.id}/matching_teachers`,
      token: s.token,
    });
    expect(res.statusCode).toBe(200);
    const names = res.body_.data.map((m: { teacher: { name: string } }) => m.teacher.name);
    expect(names).toEqual(['Hindi Verified', 'Covers Both', 'Both Pending']);
    expect(res.body_.teacher_count).toBe(3);
    expect(res.body_).toMatchObject({ mode_unavailable: false, using_distance: false });
    const card = res.body_.data[1];
    expect(card.teacher.id).toBe(both.teacherId);
    expect(card.covered_subject_ids).toHaveLength(2);
    expect(card.connection).toBeNull();
    expect(card.teacher.verification_status).toBe('pending');
    // Cards show what the sample cards show; contact details stay private until accepted.
    expect(card.teacher.subjects.map((x: { name: string }) => x.name).sort()).toEqual([
      'Mathematics',
      'Physics',
    ]);
    expect(card.teacher.teacher_schedules.length).toBeGreaterThan(0);
    expect(card.teacher.locality).toBe('Kolkata 700073');
    for (const hidden of [
      'mobile_number',
      'email',
      'address',
      'date_of_birth',
      'aadhar_photo',
      'whatsapp_number',
    ])
      expect(card.teacher).not.toHaveProperty(hidden);
    expect(JSON.stringify(res.body_.data)).not.toContain('College Street');

    const paged = await call(app(), {
      method: 'GET',
      url: `${URL}/${req.data.id}/matching_teachers?limit=2&page=2`,
      token: s.token,
    });
    expect(paged.body_.data).toHaveLength(1);
    expect(paged.body_.pagination).toEqual({ next: null, prev: 1 });
    const past = await call(app(), {
      method: 'GET',
      url: `${URL}/${req.data.id}/matching_teachers?limit=2&page=4`,
      token: s.token,
    });
    expect(past.body_.data).toHaveLength(0);
    expect(past.body_.teacher_count).toBe(3);
    const badFilter = await call(app(), {
      method: 'GET',
      url: `${URL}/${req.data.id}/matching_teachers?filter=cheap`,
      token: s.token,
    });
    expect(badFilter.statusCode).toBe(422);

    const nobody = await makeRequest(s.token, ['Sanskrit'], { mode_of_teaching: 'offline' });
    const empty = await call(app(), {
      method: 'GET',
      url: `${URL}/${nobody.data.id}/matching_teachers`,
      token: s.token,
    });
    expect(empty.body_).toMatchObject({ data: [], teacher_count: 0 });

    const other = await studentWithRecord(app());
    const notYours = await call(app(), {
      method: 'GET',
      url: `${URL}/${req.data.id}/matching_teachers`,
      token: other.token,
    });
    expect(notYours.statusCode).toBe(403);
  });

  it('runs the loop: Connect once, the teacher accepts, the student sees it accepted with the number shared', async () => {
    const teacher = await teacherAccount(app(), {
      name: 'Anita Roy',
      subjects: ['Physics', 'Chemistry'],
      teachingMode: 'both',
    });
    const s = await studentWithRecord(app());
    const req = await makeRequest(s.token, ['Physics', 'Mathematics'], { mode_of_teaching: 'both' });
    const connect = (token: string, teacherId = teacher.teacherId) =>
      call(app(), {
        method: 'POST',
        url: `${URL}/${req.data.id}/connect`,
        token,
        payload: { teacher_id: teacherId },
      });
    const sent = await connect(s.token);
    expect(sent.statusCode).toBe(201);
    expect(sent.body_.data).toMatchObject({
      teacher_id: teacher.teacherId,
      parent_request_id: req.data.id,
      status: 'request_send',
      teacher: { id: teacher.teacherId, name: 'Anita Roy' },
    });
    expect(sent.body_.data.subjects.map((x: { name: string }) => x.name)).toEqual(['Physics']);
    const twice = await connect(s.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.body_.message).toBe(REQUEST_MESSAGES.alreadySent);
    const log = await app().db.select().from(activityLog);
    expect(log.some((l) => l.action === 'request_sent' && l.subjectId === sent.body_.data.id)).toBe(true);

    const matches = await call(app(), {
      method: 'GET',
      url: `${URL}/${req.data.id}/matching_teachers`,
      token: s.token,
    });
    const card = (body: { data: Array<{ teacher: { id: number }; connection: unknown }> }) =>
      body.data.find((m) => m.teacher.id === teacher.teacherId)!;
    expect(card(matches.body_).connection).toEqual({ id: sent.body_.data.id, status: 'request_send' });

    // The teacher sees the request sent to them, not the student's own request.
    const inbox = await call(app(), {
      method: 'GET',
      url: `${URL}?teacher_id=${teacher.teacherId}`,
      token: teacher.token,
    });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.body_.data.map((r: { id: number }) => r.id)).toEqual([sent.body_.data.id]);
    expect(inbox.body_.data[0].student.mobile_number).toBeNull();
    // Before accepting: where the student is (area and PIN), never the street.
    expect(inbox.body_.data[0].student.locality).toBe('Kolkata 700016');
    expect(inbox.body_.data[0].student.address).toBeNull();
    expect(
      (await call(app(), { method: 'GET', url: `${URL}/${req.data.id}`, token: teacher.token })).statusCode,
    ).toBe(403);

    const childUrl = `${URL}/${sent.body_.data.id}/update_status`;
    const studentAccepts = await call(app(), {
      method: 'PATCH',
      url: childUrl,
      token: s.token,
      payload: { status: 'accepted' },
    });
    expect(studentAccepts.statusCode).toBe(403);
    expect(studentAccepts.body_.message).toBe(REQUEST_MESSAGES.onlyTeacherDecides('accepted'));
    const accepted = await call(app(), {
      method: 'PATCH',
      url: childUrl,
      token: teacher.token,
      payload: { status: 'accepted' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.body_.data.status).toBe('accepted');
    expect(accepted.body_.data.student.mobile_number).toBe('9830012345');
    const again = await call(app(), {
      method: 'PATCH',
      url: childUrl,
      token: teacher.token,
      payload: { status: 'declined' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.body_.message).toBe(REQUEST_MESSAGES.badTransition('accepted', 'declined'));
    const studentCancels = await call(app(), {
      method: 'PATCH',
      url: childUrl,
      token: s.token,
      payload: { status: 'cancelled' },
    });
    expect(studentCancels.statusCode).toBe(409);

    const mine = await call(app(), {
      method: 'GET',
      url: `${URL}?student_id=${s.studentId}&sent=true`,
      token: s.token,
    });
    expect(mine.body_.data).toHaveLength(1);
    expect(mine.body_.data[0].status).toBe('accepted');
    const after = await call(app(), {
      method: 'GET',
      url: `${URL}/${req.data.id}/matching_teachers`,
      token: s.token,
    });
    expect(card(after.body_).connection).toMatchObject({ status: 'accepted' });

    const cannotDelete = await call(app(), {
      method: 'DELETE',
      url: `${URL}/${req.data.id}`,
      token: s.token,
    });
    expect(cannotDelete.statusCode).toBe(409);
    const ended = await call(app(), {
      method: 'PATCH',
      url: childUrl,
      token: teacher.token,
      payload: { teacher_student_request: { status: 'ended' } },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.body_.data.student.mobile_number).toBeNull();
  });

  it('refuses Connect to unsuitable teachers and by anyone but the student', async () => {
    const s = await studentWithRecord(app());
    const other = await studentWithRecord(app());
    const req = await makeRequest(s.token, ['Physics']);
    const chem = await insertTeacher(app().db, { subjects: ['Chemistry'] });
    const inactive = await insertTeacher(app().db, { subjects: ['Physics'], active: false });
    const physics = await insertTeacher(app().db, { subjects: ['Physics'] });
    const connect = (token: string, teacher_id: unknown) =>
      call(app(), { method: 'POST', url: `${URL}/${req.data.id}/connect`, token, payload: { teacher_id } });
    expect((await connect(s.token, chem.teacherId)).body_.message).toBe(REQUEST_MESSAGES.teacherNoSubjects);
    expect((await connect(s.token, inactive.teacherId)).statusCode).toBe(409);
    expect((await connect(s.token, 999999)).statusCode).toBe(404);
    expect((await connect(s.token, 'x')).statusCode).toBe(422);
    expect((await connect(other.token, physics.teacherId)).statusCode).toBe(403);
    const sent = await connect(s.token, physics.teacherId);
    expect(sent.statusCode).toBe(201);
    const fromChild = await call(app(), {
      method: 'POST',
      url: `${URL}/${sent.body_.data.id}/connect`,
      token: s.token,
      payload: { teacher_id: physics.teacherId },
    });
    expect(fromChild.statusCode).toBe(409);
  });

  it('enforces who may change a status: only the student cancels, only the addressed teacher decides', async () => {
    const t1 = await teacherAccount(app(), { subjects: ['English'] });
    const t2 = await teacherAccount(app(), { subjects: ['English'] });
    const s = await studentWithRecord(app());
    const other = await studentWithRecord(app());
    const req = await makeRequest(s.token, ['English'], { teacher_assignment_preference: 'single' });
    const send = async (teacherId: number) =>
      (
        await call(app(), {
          method: 'POST',
          url: `${URL}/${req.data.id}/connect`,
          token: s.token,
          payload: { teacher_id: teacherId },
        })
      ).body_.data;
    const toT1 = await send(t1.teacherId);
    const toT2 = await send(t2.teacherId);
    const patch = (id: number, token: string, status: string) =>
      call(app(), { method: 'PATCH', url: `${URL}/${id}/update_status`, token, payload: { status } });

    expect((await patch(toT1.id, t2.token, 'accepted')).statusCode).toBe(403);
    expect((await patch(toT1.id, other.token, 'cancelled')).statusCode).toBe(403);
    expect((await patch(toT1.id, t1.token, 'cancelled')).body_.message).toBe(
      REQUEST_MESSAGES.onlyStudentCancels,
    );
    const admin = await adminToken(app());
    expect((await patch(toT1.id, admin, 'accepted')).statusCode).toBe(403);
    expect((await patch(toT1.id, t1.token, 'ended')).statusCode).toBe(409);
    expect((await patch(toT1.id, t1.token, 'bogus')).statusCode).toBe(422);
    expect((await patch(req.data.id, s.token, 'accepted')).body_.message).toBe(REQUEST_MESSAGES.notSentYet);

    expect((await patch(toT1.id, t1.token, 'accepted')).statusCode).toBe(200);
    // A 'single teacher' request: once one teacher accepted, another cannot.
    const second = await patch(toT2.id, t2.token, 'accepted');
    expect(second.statusCode).toBe(409);
    expect(second.body_.message).toBe(REQUEST_MESSAGES.singleAlreadyAccepted);
    expect((await patch(toT2.id, t2.token, 'declined')).statusCode).toBe(200);

    // Cancelling the student's own request withdraws the undecided copies.
    const req2 = await makeRequest(s.token, ['English']);
    const pending = (
      await call(app(), {
        method: 'POST',
        url: `${URL}/${req2.data.id}/connect`,
        token: s.token,
        payload: { teacher_id: t2.teacherId },
      })
    ).body_.data;
    expect((await patch(req2.data.id, s.token, 'cancelled')).statusCode).toBe(200);
    const withdrawn = await call(app(), { method: 'GET', url: `${URL}/${pending.id}`, token: t2.token });
    expect(withdrawn.body_.data.status).toBe('cancelled');
    const closed = await call(app(), {
      method: 'POST',
      url: `${URL}/${req2.data.id}/connect`,
      token: s.token,
      payload: { teacher_id: t1.teacherId },
    });
    expect(closed.statusCode).toBe(409);
  });

  it('shows each party only their own requests; admins all', async () => {
    const t = await teacherAccount(app(), { subjects: ['History'] });
    const s = await studentWithRecord(app());
    const other = await studentWithRecord(app());
    const req = await makeRequest(s.token, ['History']);
    expect(
      (await call(app(), { method: 'GET', url: `${URL}/${req.data.id}`, token: other.token })).statusCode,
    ).toBe(403);
    expect(
      (await call(app(), { method: 'GET', url: `${URL}?student_id=${s.studentId}`, token: other.token }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(app(), { method: 'GET', url: `${URL}?teacher_id=${t.teacherId + 1000}`, token: t.token }))
        .statusCode,
    ).toBe(403);
    const ownList = await call(app(), { method: 'GET', url: URL, token: other.token });
    expect(ownList.body_.data).toHaveLength(0);
    const parents = await call(app(), { method: 'GET', url: `${URL}?sent=false`, token: s.token });
    expect(parents.body_.data.map((r: { id: number }) => r.id)).toEqual([req.data.id]);
    const teacherWithoutRecord = await signUpAndIn(app(), 1);
    expect(
      (await call(app(), { method: 'GET', url: URL, token: teacherWithoutRecord.token })).statusCode,
    ).toBe(403);
    expect((await call(app(), { method: 'GET', url: URL })).statusCode).toBe(401);
    const admin = await adminToken(app());
    const all = await call(app(), { method: 'GET', url: `${URL}?student_id=${s.studentId}`, token: admin });
    expect(all.body_.data.map((r: { id: number }) => r.id)).toContain(req.data.id);
    expect((await call(app(), { method: 'GET', url: `${URL}?status=nope`, token: admin })).statusCode).toBe(
      422,
    );
    expect((await call(app(), { method: 'GET', url: `${URL}/999999`, token: admin })).statusCode).toBe(404);
  });

  it('lets the student edit an open request (PUT) and delete it; status only via update_status', async () => {
    const t = await teacherAccount(app(), { subjects: ['Biology'] });
    const s = await studentWithRecord(app());
    const other = await studentWithRecord(app());
    const req = await makeRequest(s.token, ['Biology']);
    const put = (token: string, body: Record<string, unknown>) =>
      call(app(), {
        method: 'PUT',
        url: `${URL}/${req.data.id}`,
        token,
        payload: { teacher_student_request: body },
      });
    const edited = await put(s.token, { mode_of_teaching: 'both', preferred_medium: 'bengali' });
    expect(edited.statusCode).toBe(200);
    expect(edited.body_.data).toMatchObject({ mode_of_teaching: 'both', preferred_medium: 'bengali' });
    // What 'Change request' sends: every field, and a location no longer shared as null.
    const located = await put(s.token, { latitude: '22.57', longitude: '88.36' });
    expect(located.body_.data).toMatchObject({ latitude: 22.57, longitude: 88.36 });
    const changed = await put(s.token, {
      subject_ids: req.data.subject_ids,
      mode_of_teaching: 'offline',
      preferred_group: 'group',
      preferred_medium: 'hindi',
      teacher_assignment_preference: 'single',
      latitude: null,
      longitude: null,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.body_.data).toMatchObject({
      mode_of_teaching: 'offline',
      preferred_group: 'group',
      preferred_medium: 'hindi',
      teacher_assignment_preference: 'single',
      latitude: null,
      longitude: null,
    });
    expect((await put(s.token, { subject_ids: [] })).body_.errors.subject_ids).toEqual([
      'Please select at least one subject',
    ]);
    expect((await put(s.token, { status: 'accepted' })).statusCode).toBe(409);
    expect((await put(other.token, { preferred_group: 'group' })).statusCode).toBe(403);
    const sent = (
      await call(app(), {
        method: 'POST',
        url: `${URL}/${req.data.id}/connect`,
        token: s.token,
        payload: { teacher_id: t.teacherId },
      })
    ).body_.data;
    expect(
      (await call(app(), { method: 'PUT', url: `${URL}/${sent.id}`, token: t.token, payload: {} }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(app(), { method: 'DELETE', url: `${URL}/${req.data.id}`, token: other.token })).statusCode,
    ).toBe(403);
    expect(
      (await call(app(), { method: 'DELETE', url: `${URL}/${req.data.id}`, token: t.token })).statusCode,
    ).toBe(403);
    expect(
      (await call(app(), { method: 'DELETE', url: `${URL}/${req.data.id}`, token: s.token })).statusCode,
    ).toBe(200);
    expect((await call(app(), { method: 'GET', url: `${URL}/${sent.id}`, token: s.token })).statusCode).toBe(
      404,
    );
  });
});
