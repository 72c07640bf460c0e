import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../contract/rules/admin';
import { activityLog, notifications, teachers } from '../../server/db/schema';
import { call, signUpAndIn, useTestApp } from './helper';
import {
  adminToken,
  createTeacher,
  type FilePart,
  fixture,
  multipart,
  preferenceParts,
} from './teacher-helpers';

/**
 * A decision sends back the review version the administrator's screen showed (`review_version`): a
 * teacher who changed what is reviewed since (name, date of birth, Aadhar photo, mark sheet,
 * certificate) is not decided on from the older screen (docs/product.md#verification).
 */
describe('a decision from a screen the teacher changed since is refused, not applied', () => {
  const app = useTestApp();
  let first = '';
  let second = '';
  beforeAll(async () => {
    first = await adminToken(app());
    second = await adminToken(app());
  });

  const approve = (id: number, token: string, payload?: object) =>
    call(app(), { method: 'PATCH', url: `/api/v1/teachers/${id}/approve`, token, payload });
  const reject = (id: number, token: string, payload: object) =>
    call(app(), { method: 'PATCH', url: `/api/v1/teachers/${id}/reject`, token, payload });
  /** The version the administrator's file shows (GET /api/v1/admin/teachers/:id). */
  const shown = async (id: number, token = first): Promise<number> => {
    const file = await call(app(), { method: 'GET', url: `/api/v1/admin/teachers/${id}`, token });
    expect(file.statusCode).toBe(200);
    return file.body_.data.teacher.review_version;
  };
  const stored = async (id: number) => {
    const [row] = await app()
      .db.select({
        status: teachers.verificationStatus,
        version: teachers.reviewVersion,
        changes: teachers.reviewChanges,
      })
      .from(teachers)
      .where(eq(teachers.id, id));
    return row;
  };
  const decisions = async (id: number) =>
    (await app().db.select().from(activityLog).where(eq(activityLog.subjectId, id))).filter((e) =>
      ['teacher_approved', 'teacher_rejected'].includes(e.action),
    ).length;
  const told = async (userId: number) =>
    (await app().db.select().from(notifications).where(eq(notifications.userId, userId))).length;

  /** A teacher registered through the routes, with every document on file (pending review). */
  async function documentedTeacher() {
    const t = await createTeacher(app());
    const saved = await call(app(), {
      method: 'POST',
      url: `/api/v1/teachers/${t.teacherId}/teacher_preferences`,
      token: t.token,
      ...multipart(preferenceParts()),
    });
    expect(saved.statusCode).toBe(201);
    const [{ userId }] = await app()
      .db.select({ userId: teachers.userId })
      .from(teachers)
      .where(eq(teachers.id, t.teacherId));
    return { ...t, userId };
  }
  /** The teacher sends a new mark sheet (as the dashboard's fix does). */
  const newMarkSheet = (t: { teacherId: number; token: string }) =>
    call(app(), {
      method: 'POST',
      url: `/api/v1/teachers/${t.teacherId}/teacher_preferences`,
      token: t.token,
      ...multipart(
        preferenceParts([
          ['teacher_preference[mark_sheet]', { filename: 'marksheet.png', data: fixture('marksheet.png') }],
          ['teacher_preference[highest_qualification_certificate]', '__omit__'],
          ['teacher_preference[resume]', '__omit__'],
        ]),
      ),
    });
  const editTeacher = (id: number, token: string, parts: Array<[string, string | FilePart]>) =>
    call(app(), { method: 'PATCH', url: `/api/v1/teachers/${id}`, token, ...multipart(parts) });

  it('a decision with the version still stored is taken (approve and reject, bare or wrapped)', async () => {
    const a = await documentedTeacher();
    const ok = await approve(a.teacherId, first, { review_version: await shown(a.teacherId) });
    expect(ok.statusCode).toBe(200);
    expect(ok.body_.data).toMatchObject({ verification_status: 'verified', review_version: 1 });
    const b = await documentedTeacher();
    const version = await shown(b.teacherId);
    const no = await reject(b.teacherId, first, {
      teacher: { reason: 'Certificate is blurred', review_version: version },
    });
    expect(no.statusCode).toBe(200);
    expect(no.body_.data).toMatchObject({ verification_status: 'rejected', review_version: version });
  });

  it('decided, fixed and pending again while a screen stayed open: that screen’s approval is refused (409)', async () => {
    const t = await documentedTeacher();
    const onFirstScreen = await shown(t.teacherId, first);
    // Another administrator rejects; the teacher fixes the mark sheet and is pending again.
    const rejected = await reject(t.teacherId, second, {
      reason: 'Mark sheet is unreadable',
      review_version: await shown(t.teacherId, second),
    });
    expect(rejected.statusCode).toBe(200);
    expect((await newMarkSheet(t)).statusCode).toBe(200);
    expect(await stored(t.teacherId)).toEqual({
      status: 'pending',
      version: onFirstScreen + 1,
      changes: ['mark_sheet'],
    });

    const late = await approve(t.teacherId, first, { review_version: onFirstScreen });
    expect(late.statusCode).toBe(409);
    expect(late.body_).toEqual({
      error: 'conflict',
      message: ADMIN_MESSAGES.changedSinceShown,
      message_key: 'admin.changedSinceShown',
      verification_status: 'pending',
      review_version: onFirstScreen + 1,
      review_changes: ['mark_sheet'],
    });
    const lateReject = await reject(t.teacherId, first, {
      reason: 'Old reason',
      review_version: onFirstScreen,
    });
    expect(lateReject.statusCode).toBe(409);
    expect(lateReject.body_.message).toBe(ADMIN_MESSAGES.changedSinceShown);
    // Nothing changed: still pending, one decision logged (the rejection), the teacher told once.
    expect((await stored(t.teacherId)).status).toBe('pending');
    expect(await decisions(t.teacherId)).toBe(1);
    expect(await told(t.userId)).toBe(1);

    // Looking again (the file loads the new version), the decision is taken.
    const again = await approve(t.teacherId, first, { review_version: await shown(t.teacherId, first) });
    expect(again.statusCode).toBe(200);
    expect(again.body_.data).toMatchObject({ verification_status: 'verified', review_changes: [] });
  });

  it('a decided teacher is still “already decided”, whatever version is sent', async () => {
    const t = await documentedTeacher();
    const version = await shown(t.teacherId);
    expect((await approve(t.teacherId, second, { review_version: version })).statusCode).toBe(200);
    for (const sent of [version, version + 5]) {
      const late = await reject(t.teacherId, first, { reason: 'Too late', review_version: sent });
      expect(late.statusCode).toBe(409);
      expect(late.body_).toMatchObject({
        message: ADMIN_MESSAGES.alreadyDecided,
        verification_status: 'verified',
      });
    }
  });

  it('what changes the version: reviewed fields and documents, by anyone; other edits do not', async () => {
    const t = await createTeacher(app());
    const start = (await stored(t.teacherId)).version;
    // Never reviewed: the documents arriving change what an administrator would decide on.
    await call(app(), {
      method: 'POST',
      url: `/api/v1/teachers/${t.teacherId}/teacher_preferences`,
      token: t.token,
      ...multipart(preferenceParts()),
    });
    expect((await stored(t.teacherId)).version).toBe(start + 1);
    const refused = await reject(t.teacherId, first, { reason: 'Documents missing', review_version: start });
    expect(refused.statusCode).toBe(409);
    expect(refused.body_.message).toBe(ADMIN_MESSAGES.changedSinceShown);

    const address = await editTeacher(t.teacherId, t.token, [
      ['teacher[address]', '7 Lake Road, Kolkata 700029'],
    ]);
    expect(address.statusCode).toBe(200);
    expect((await stored(t.teacherId)).version).toBe(start + 1);
    const renamed = await editTeacher(t.teacherId, t.token, [['teacher[name]', 'Anita Sen Gupta']]);
    expect(renamed.body_.data.review_version).toBe(start + 2);
    const byAdmin = await editTeacher(t.teacherId, first, [['teacher[date_of_birth]', '16/08/1990']]);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.body_.data.review_version).toBe(start + 3);
    expect((await newMarkSheet(t)).statusCode).toBe(200);
    expect((await stored(t.teacherId)).version).toBe(start + 4);
    // The admin list and Teacher Approvals show the version stored too.
    const queue = await call(app(), {
      method: 'GET',
      url: '/api/v1/admin/teacher_approvals?limit=100',
      token: first,
    });
    expect(queue.body_.data.find((r: { id: number }) => r.id === t.teacherId)?.review_version).toBe(
      start + 4,
    );
  });

  it('without review_version the decision is taken as before (callers that do not send it)', async () => {
    const t = await documentedTeacher();
    expect((await newMarkSheet(t)).statusCode).toBe(200);
    const res = await approve(t.teacherId, first);
    expect(res.statusCode).toBe(200);
    expect(res.body_.data.verification_status).toBe('verified');
    const u = await documentedTeacher();
    expect((await reject(u.teacherId, first, { reason: 'Blurred' })).statusCode).toBe(200);
  });

  it('a document sent while the decision is on its way: never approved with a document not shown', async () => {
    for (let round = 0; round < 3; round++) {
      const t = await documentedTeacher();
      const version = await shown(t.teacherId);
      const [decision, fix] = await Promise.all([
        approve(t.teacherId, first, { review_version: version }),
        newMarkSheet(t),
      ]);
      expect(fix.statusCode).toBe(200);
      const now = await stored(t.teacherId);
      // Either the approval came first (the new mark sheet then sent the teacher back to review, with
      // the change listed) or the new mark sheet did (the approval is refused): pending either way.
      expect([200, 409]).toContain(decision.statusCode);
      if (decision.statusCode === 409) expect(decision.body_.message).toBe(ADMIN_MESSAGES.changedSinceShown);
      expect(now).toMatchObject({
        status: 'pending',
        version: version + 1,
        changes: decision.statusCode === 200 ? ['mark_sheet'] : [],
      });
    }
  });

  it('refuses a review_version that is not a whole number from 0 with 422, before anything else', async () => {
    const t = await documentedTeacher();
    for (const bad of ['one', -1, 1.5, 2 ** 31, true, null]) {
      const a = await approve(t.teacherId, first, { review_version: bad });
      expect(a.statusCode, String(bad)).toBe(422);
      expect(Object.keys(a.body_.errors)).toEqual(['review_version']);
      const r = await reject(t.teacherId, first, { teacher: { reason: 'Blurred', review_version: bad } });
      expect(r.statusCode, String(bad)).toBe(422);
      expect(Object.keys(r.body_.errors)).toEqual(['review_version']);
    }
    expect((await stored(t.teacherId)).status).toBe('pending');
  });

  it('only administrators decide, with or without review_version', async () => {
    const t = await documentedTeacher();
    const version = await shown(t.teacherId);
    const anonymous = await approve(t.teacherId, '', { review_version: version });
    expect(anonymous.statusCode).toBe(401);
    for (const role of [1, 2] as const) {
      const user = await signUpAndIn(app(), role);
      expect((await approve(t.teacherId, user.token, { review_version: version })).statusCode).toBe(403);
      expect(
        (await reject(t.teacherId, user.token, { reason: 'Blurred', review_version: version })).statusCode,
      ).toBe(403);
    }
    // The teacher themself neither.
    expect((await approve(t.teacherId, t.token, { review_version: version })).statusCode).toBe(403);
    expect((await stored(t.teacherId)).status).toBe('pending');
  });
});
