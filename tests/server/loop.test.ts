import { describe, expect, it } from 'vitest';
import { REQUEST_MESSAGES } from '../../contract/rules/request';
import { adminToken, requestAndConnect, studentWithRecord, teacherAccount } from './fixtures/students';
import { call, useTestApp } from './helper';

const URL = '/api/v1/teacher_student_requests';
const NOTES = '/api/v1/notifications';

/** From a match to the contact: contact after Accept, decline reasons, notifications per event. */
describe('the loop after Connect', () => {
  const app = useTestApp();

  const teacher = (name: string) => teacherAccount(app(), { name, subjects: ['Physics'] });

  const setStatus = (token: string, id: number, status: string, reason?: unknown) =>
    call(app(), {
      method: 'PATCH',
      url: `${URL}/${id}/update_status`,
      token,
      payload: reason === undefined ? { status } : { status, reason },
    });

  const notes = (token: string, query = '') => call(app(), { method: 'GET', url: `${NOTES}${query}`, token });

  it('shows contact details to the two parties only while the request is accepted', async () => {
    const a = await teacher('Anil Das');
    const s = await studentWithRecord(app(), { guardian_number: '9830099999' });
    const { sent } = await requestAndConnect(app(), s.token, [a.teacherId]);
    const [id] = sent;

    const before = await call(app(), { method: 'GET', url: `${URL}/${id}`, token: s.token });
    expect(before.body_.data.teacher).toEqual({ id: a.teacherId, name: 'Anil Das', contact: null });
    const teacherBefore = await call(app(), { method: 'GET', url: `${URL}/${id}`, token: a.token });
    expect(teacherBefore.body_.data.student).toMatchObject({
      name: 'Riya Sen',
      mobile_number: null,
      email: null,
      address: null,
      guardian_number: null,
    });

    expect((await setStatus(a.token, id, 'accepted')).statusCode).toBe(200);
    const accepted = await call(app(), { method: 'GET', url: `${URL}/${id}`, token: s.token });
    expect(accepted.body_.data.teacher.contact).toEqual({
      mobile_number: '9876543210',
      whatsapp_url: 'https://wa.me/919876543210',
      email: expect.stringMatching(/@example\.com$/),
    });
    expect(accepted.body_.data.accepted_at).toEqual(expect.any(String));
    const teacherView = await call(app(), { method: 'GET', url: `${URL}/${id}`, token: a.token });
    expect(teacherView.body_.data.student).toMatchObject({
      mobile_number: '9830012345',
      guardian_number: '9830099999',
      email: s.email,
      whatsapp_url: 'https://wa.me/919830012345',
      address: '5 Park Street, Kolkata 700016',
    });

    // Nobody else: another student and another teacher are refused the request and its list.
    const stranger = await studentWithRecord(app());
    const otherTeacher = await teacher('Other Teacher');
    for (const token of [stranger.token, otherTeacher.token]) {
      const res = await call(app(), { method: 'GET', url: `${URL}/${id}`, token });
      expect(res.statusCode).toBe(403);
      const list = await call(app(), { method: 'GET', url: URL, token });
      expect(list.body_.data.map((r: { id: number }) => r.id)).not.toContain(id);
    }

    expect((await setStatus(a.token, id, 'ended')).statusCode).toBe(200);
    const ended = await call(app(), { method: 'GET', url: `${URL}/${id}`, token: s.token });
    expect(ended.body_.data.teacher.contact).toBeNull();
    expect(ended.body_.data.accepted_at).toEqual(expect.any(String));
    expect(ended.body_.data.status_changed_at).toEqual(expect.any(String));
    const teacherAfter = await call(app(), { method: 'GET', url: `${URL}/${id}`, token: a.token });
    expect(teacherAfter.body_.data.student.mobile_number).toBeNull();
  });

  it('gives the student the decline reason, and refuses a reason that is too long or not for a decline', async () => {
    const b = await teacher('Bina Roy');
    const s = await studentWithRecord(app());
    const { sent } = await requestAndConnect(app(), s.token, [b.teacherId]);
    const long = await setStatus(b.token, sent[0], 'declined', 'x'.repeat(301));
    expect(long.statusCode).toBe(422);
    expect(long.body_.errors.reason).toEqual([REQUEST_MESSAGES.declineReasonTooLong]);
    const notDecline = await setStatus(b.token, sent[0], 'accepted', 'Because');
    expect(notDecline.statusCode).toBe(422);
    expect(notDecline.body_.errors.reason).toEqual([REQUEST_MESSAGES.reasonOnlyForDecline]);

    const declined = await setStatus(b.token, sent[0], 'declined', '  My schedule is full right now  ');
    expect(declined.statusCode).toBe(200);
    const mine = await call(app(), {
      method: 'GET',
      url: `${URL}?student_id=${s.studentId}`,
      token: s.token,
    });
    const row = mine.body_.data.find((r: { id: number }) => r.id === sent[0]);
    expect(row).toMatchObject({ status: 'declined', decline_reason: 'My schedule is full right now' });
    expect(row.teacher.contact).toBeNull();
    const told = await notes(s.token);
    expect(told.body_.data[0]).toMatchObject({
      kind: 'request_declined',
      title: 'Request declined',
      body: 'Bina Roy declined your request for Physics. Reason: My schedule is full right now',
      link: '/requests',
      request_id: sent[0],
      read_at: null,
    });
  });

  it('keeps a preset decline reason by its key, free text as typed, and refuses unknown keys', async () => {
    const b = await teacher('Bina Roy');
    const c = await teacher('Chitra Pal');
    const s = await studentWithRecord(app());
    const { sent } = await requestAndConnect(app(), s.token, [b.teacherId, c.teacherId]);
    const decide = (token: string, id: number, body: Record<string, unknown>) =>
      call(app(), { method: 'PATCH', url: `${URL}/${id}/update_status`, token, payload: body });

    const unknown = await decide(b.token, sent[0], { status: 'declined', reason_key: 'too_far' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body_.errors).toEqual({ reason_key: [REQUEST_MESSAGES.declineReasonUnknown] });
    expect(unknown.body_.error_keys).toEqual({ reason_key: ['request.declineReasonUnknown'] });
    const tooLong = await decide(b.token, sent[0], { status: 'declined', reason_key: 'x'.repeat(33) });
    expect(tooLong.statusCode).toBe(422);
    expect(Object.keys(tooLong.body_.errors)).toEqual(['reason_key']);
    const notDecline = await decide(b.token, sent[0], { status: 'accepted', reason_key: 'medium' });
    expect(notDecline.statusCode).toBe(422);
    expect(notDecline.body_.errors.reason_key).toEqual([REQUEST_MESSAGES.reasonOnlyForDecline]);

    const preset = await decide(b.token, sent[0], { status: 'declined', reason_key: 'schedule_full' });
    expect(preset.statusCode).toBe(200);
    expect(preset.body_.data).toMatchObject({
      decline_reason_key: 'schedule_full',
      decline_reason: 'My schedule is full right now',
    });
    const own = await decide(c.token, sent[1], {
      status: 'declined',
      reason_key: 'other',
      reason: ' Moving to Delhi next month ',
    });
    expect(own.body_.data).toMatchObject({
      decline_reason_key: 'other',
      decline_reason: 'Moving to Delhi next month',
    });

    // The student's notifications carry what the text is made of, so the bell renders it in their language.
    const told = await notes(s.token);
    expect(told.body_.data.map((n: { params: unknown }) => n.params)).toEqual([
      {
        teacher: 'Chitra Pal',
        subjects: ['Physics'],
        reason_key: 'other',
        reason: 'Moving to Delhi next month',
      },
      { teacher: 'Bina Roy', subjects: ['Physics'], reason_key: 'schedule_full', reason: null },
    ]);
    expect(told.body_.data[1].body).toBe(
      'Bina Roy declined your request for Physics. Reason: My schedule is full right now',
    );
  });

  it('notifies each event to its owner only; mark one and all read', async () => {
    const a = await teacher('Anil Das');
    const b = await teacher('Bina Roy');
    const c = await teacher('Chitra Pal');
    const s = await studentWithRecord(app());
    const { parentId, sent } = await requestAndConnect(app(), s.token, [
      a.teacherId,
      b.teacherId,
      c.teacherId,
    ]);

    for (const t of [a, b, c]) {
      const res = await notes(t.token);
      expect(res.statusCode).toBe(200);
      expect(res.body_.unread_count).toBe(1);
      expect(res.body_.data[0]).toMatchObject({
        kind: 'request_new',
        body: 'Riya Sen asked you to teach Physics.',
        link: '/dashboard',
      });
    }
    await setStatus(a.token, sent[0], 'accepted');
    await setStatus(b.token, sent[1], 'declined');
    await setStatus(a.token, sent[0], 'ended');
    // Cancelling the request withdraws it from C, who had not answered, and tells C.
    expect((await setStatus(s.token, parentId, 'cancelled')).statusCode).toBe(200);

    const student = await notes(s.token);
    expect(student.body_.data.map((n: { kind: string }) => n.kind)).toEqual([
      'contract_ended',
      'request_declined',
      'request_accepted',
    ]);
    expect(student.body_.unread_count).toBe(3);
    expect(student.body_.data[2].body).toBe(
      'Anil Das accepted your request for Physics. Their contact details are on your requests page.',
    );
    const cNotes = await notes(c.token);
    expect(cNotes.body_.data.map((n: { kind: string }) => n.kind)).toEqual([
      'request_cancelled',
      'request_new',
    ]);
    const bNotes = await notes(b.token);
    expect(bNotes.body_.total).toBe(1);

    // Paged.
    const page = await notes(s.token, '?page=2&limit=2');
    expect(page.body_.data.map((n: { kind: string }) => n.kind)).toEqual(['request_accepted']);
    expect(page.body_.pagination).toEqual({ next: null, prev: 1 });

    // Owner only: another person cannot mark the student's notification; admins have their own feed.
    const first = student.body_.data[0].id;
    const byTeacher = await call(app(), { method: 'PATCH', url: `${NOTES}/${first}/read`, token: a.token });
    expect(byTeacher.statusCode).toBe(403);
    const admin = await adminToken(app());
    expect((await notes(admin)).statusCode).toBe(403);
    expect((await call(app(), { method: 'GET', url: NOTES })).statusCode).toBe(401);
    expect(
      (await call(app(), { method: 'PATCH', url: `${NOTES}/999999/read`, token: s.token })).statusCode,
    ).toBe(404);

    const one = await call(app(), { method: 'PATCH', url: `${NOTES}/${first}/read`, token: s.token });
    expect(one.statusCode).toBe(200);
    expect(one.body_.data.read_at).toEqual(expect.any(String));
    expect((await notes(s.token)).body_.unread_count).toBe(2);
    const all = await call(app(), { method: 'POST', url: `${NOTES}/read_all`, token: s.token });
    expect(all.body_.data).toEqual({ unread_count: 0 });
    expect((await notes(a.token)).body_.unread_count).toBe(1);
  });
});
