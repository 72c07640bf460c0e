import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../contract/rules/admin';
import { HTTP_MESSAGES } from '../../contract/rules/http';
import { notifications, teachers } from '../../server/db/schema';
import { revokeSession } from '../../server/lib/sessions';
import { adminSession, insertTeacher } from './fixtures/admin-teachers';
import { call, countStatements, signUpAndIn, useTestApp } from './helper';

const ADMIN_ONLY: Array<{ method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: object }> = [
  { method: 'GET', url: '/api/v1/teachers' },
  { method: 'GET', url: '/api/v1/teachers?page=2&limit=5&status=inactive&search=ray' },
  { method: 'GET', url: '/api/v1/admin/teacher_approvals' },
  { method: 'GET', url: '/api/v1/admin/teachers/1' },
  { method: 'PATCH', url: '/api/v1/teachers/1/approve' },
  { method: 'PATCH', url: '/api/v1/teachers/1/reject', payload: { reason: 'Blurred documents' } },
  { method: 'GET', url: '/api/v1/admin/dashboard' },
  { method: 'GET', url: '/api/v1/admin/overview' },
  { method: 'GET', url: '/api/v1/admin/notifications' },
  { method: 'POST', url: '/api/v1/admin/notifications/seen' },
  { method: 'GET', url: '/Activity-Log' },
];

describe('admin-only routes (D3)', () => {
  const app = useTestApp();
  it.each(ADMIN_ONLY)('$method $url: 401 without a token, 403 for teachers and students', async (route) => {
    const anonymous = await call(app(), route);
    expect(anonymous.statusCode).toBe(401);
    for (const role of [1, 2] as const) {
      const user = await signUpAndIn(app(), role);
      const res = await call(app(), { ...route, token: user.token });
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('GET /api/v1/teachers checks the session in its own statement', () => {
  const app = useTestApp();
  const revoke = async (token: string) => {
    const { sid } = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
    await revokeSession(app().db, sid);
  };
  it('answers in one statement, and a revoked session gets 401 whatever else is wrong', async () => {
    const admin = await adminSession(app());
    await insertTeacher(app().db, { name: 'Session Check' });
    const statements = countStatements(app().db);
    try {
      const res = await call(app(), { method: 'GET', url: '/api/v1/teachers?limit=10', token: admin.token });
      expect(res.statusCode).toBe(200);
      expect(res.body_.data.map((t: { name: string }) => t.name)).toContain('Session Check');
      // The session check is part of the list's statement: one statement in all.
      expect(statements.count()).toBe(1);
    } finally {
      statements.restore();
    }
    await revoke(admin.token);
    for (const url of [
      '/api/v1/teachers',
      '/api/v1/teachers?search=session',
      '/api/v1/teachers?limit=7', // a 422 for a live session
      '/api/v1/teachers?page=0',
    ]) {
      const res = await call(app(), { method: 'GET', url, token: admin.token });
      expect(res.statusCode, url).toBe(401);
      expect(res.body_.message).toBe(HTTP_MESSAGES.sessionExpired);
      expect(res.body).not.toContain('Session Check');
    }
    // A live session with a bad page still gets its 422.
    const live = await adminSession(app());
    expect(
      (await call(app(), { method: 'GET', url: '/api/v1/teachers?limit=7', token: live.token })).statusCode,
    ).toBe(422);
    // Someone who is not an administrator: 401 once signed out, 403 while signed in.
    const teacher = await signUpAndIn(app(), 1);
    expect(
      (await call(app(), { method: 'GET', url: '/api/v1/teachers', token: teacher.token })).statusCode,
    ).toBe(403);
    await revoke(teacher.token);
    expect(
      (await call(app(), { method: 'GET', url: '/api/v1/teachers', token: teacher.token })).statusCode,
    ).toBe(401);
  });
});

describe('GET /api/v1/teachers (admin list)', () => {
  const app = useTestApp();
  let token = '';
  // 23 teachers: 18 active, 5 inactive (every 4th); 7 teach Sanskrit (6 active); 2 are named "Chatterjee".
  beforeAll(async () => {
    token = (await adminSession(app())).token;
    for (let i = 1; i <= 23; i++) {
      await insertTeacher(app().db, {
        name: i % 8 === 0 ? `Rina Chatterjee ${i}` : `Teacher ${String(i).padStart(2, '0')}`,
        isActive: i % 4 !== 0,
        subjects: i % 3 === 0 ? ['Sanskrit', 'Hindi'] : ['Physics'],
        mobile: i === 5 ? '9876512345' : undefined,
        address: i === 7 ? '12 Gariahat Road, Ballygunge, Kolkata' : undefined,
        verificationStatus: i === 2 ? 'verified' : 'pending',
      });
    }
  });
  const list = (query: string) => call(app(), { method: 'GET', url: `/api/v1/teachers?${query}`, token });

  it('pages newest first with the count and pagination', async () => {
    const first = await list('page=1&limit=10&status=all');
    expect(first.statusCode).toBe(200);
    expect(first.body_.status).toBe('success');
    expect(first.body_.teacher_count).toBe(23);
    expect(first.body_.data).toHaveLength(10);
    expect(first.body_.data[0].name).toBe('Teacher 23');
    expect(first.body_.pagination).toEqual({ next: 2, prev: null });
    const last = await list('page=3&limit=10&status=all');
    expect(last.body_.data).toHaveLength(3);
    expect(last.body_.pagination).toEqual({ next: null, prev: 2 });
    expect(last.body_.data.at(-1).name).toBe('Teacher 01');
  });

  it('defaults to page 1 of 10 over all teachers', async () => {
    const res = await list('');
    expect(res.body_.teacher_count).toBe(23);
    expect(res.body_.data).toHaveLength(10);
  });

  it('covers every teacher exactly once across the pages of every page size', async () => {
    for (const limit of [3, 5, 10, 20]) {
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(23 / limit); page++) {
        const res = await list(`page=${page}&limit=${limit}&status=all`);
        seen.push(...res.body_.data.map((t: { id: number }) => t.id));
      }
      expect(new Set(seen).size).toBe(23);
      expect(seen).toHaveLength(23);
    }
  });

  it('answers a page beyond the last with no rows and the right count', async () => {
    const res = await list('page=99&limit=5&status=all');
    expect(res.statusCode).toBe(200);
    expect(res.body_.data).toEqual([]);
    expect(res.body_.teacher_count).toBe(23);
    expect(res.body_.pagination).toEqual({ next: null, prev: 5 });
  });

  it('refuses a limit outside 3, 5, 10, 20 and a bad page with 422', async () => {
    for (const q of ['limit=7', 'limit=100', 'limit=abc', 'page=0', 'page=-1', 'page=1.5', 'status=gone']) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(422);
      expect(res.body_.errors).toBeTruthy();
    }
    expect((await list('limit=7')).body_.errors.limit).toEqual(['Rows per page must be one of 3, 5, 10, 20']);
  });

  it('filters by status on the server, across pages', async () => {
    const active = await list('status=active&limit=20');
    expect(active.body_.teacher_count).toBe(18);
    expect(active.body_.data.every((t: { is_active: boolean }) => t.is_active)).toBe(true);
    const inactive = await list('status=inactive&limit=3');
    expect(inactive.body_.teacher_count).toBe(5);
    expect(inactive.body_.data).toHaveLength(3);
    expect(inactive.body_.pagination).toEqual({ next: 2, prev: null });
    const page2 = await list('status=inactive&limit=3&page=2');
    expect(page2.body_.data).toHaveLength(2);
    expect(page2.body_.data[0].is_active).toBe(false);
  });

  it('searches names, subjects, mobile substrings and addresses, case-insensitively', async () => {
    const byName = await list('status=all&search=CHATTERJEE');
    expect(byName.body_.teacher_count).toBe(2);
    expect(byName.body_.data.map((t: { name: string }) => t.name)).toEqual([
      'Rina Chatterjee 16',
      'Rina Chatterjee 8',
    ]);
    const bySubject = await list('status=all&search=sanskrit&limit=3');
    expect(bySubject.body_.teacher_count).toBe(7);
    expect(bySubject.body_.pagination).toEqual({ next: 2, prev: null });
    const activeSubject = await list('status=active&search=Sanskrit&limit=20');
    expect(activeSubject.body_.teacher_count).toBe(6);
    // A seeded subject by the name a Bengali or Hindi reader sees (সংস্কৃত, संस्कृत): the same teachers.
    for (const name of ['সংস্কৃত', 'संस्कृत']) {
      const translated = await list(`status=all&search=${encodeURIComponent(name)}&limit=3`);
      expect(translated.body_.teacher_count).toBe(7);
    }
    const byMobile = await list('status=all&search=65123');
    expect(byMobile.body_.data.map((t: { mobile_number: string }) => t.mobile_number)).toEqual([
      '9876512345',
    ]);
    const byAddress = await list('status=all&search=ballygunge');
    expect(byAddress.body_.teacher_count).toBe(1);
    const none = await list('status=all&search=zzzz%25');
    expect(none.body_.teacher_count).toBe(0);
    expect(none.body_.data).toEqual([]);
  });

  it('pages a search with a status filter: every match once, the exact total on every page', async () => {
    for (const [status, total] of [
      ['all', 7],
      ['active', 6],
      ['inactive', 1],
    ] as const) {
      const seen: number[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await list(`status=${status}&search=sanskrit&limit=3&page=${page}`);
        expect(res.body_.teacher_count, status).toBe(total);
        seen.push(...res.body_.data.map((t: { id: number }) => t.id));
      }
      expect(new Set(seen).size, status).toBe(total);
      expect(seen, status).toEqual([...seen].sort((a, b) => b - a));
      const beyond = await list(`status=${status}&search=sanskrit&limit=3&page=9`);
      expect(beyond.body_.data).toEqual([]);
      expect(beyond.body_.teacher_count).toBe(total);
      expect(beyond.body_.pagination).toEqual({ next: null, prev: Math.max(1, Math.ceil(total / 3)) });
    }
    // A teacher matched both by name and by subject counts once.
    const both = await list('status=all&search=e');
    expect(both.body_.teacher_count).toBe(23);
    // 'n': Rina Chatterjee 8 and 16 and the Ballygunge address (7) by text; the 7 teachers of
    // Sanskrit AND Hindi (both match) once each; 8, 12 and 16 are inactive.
    for (const [status, ids] of [
      ['all', [21, 18, 16, 15, 12, 9, 8, 7, 6, 3]],
      ['active', [21, 18, 15, 9, 7, 6, 3]],
      ['inactive', [16, 12, 8]],
    ] as const) {
      const res = await list(`status=${status}&search=n&limit=20`);
      expect(res.body_.teacher_count, status).toBe(ids.length);
      expect(
        res.body_.data.map((t: { name: string }) => Number(/\d+/.exec(t.name)?.[0])),
        status,
      ).toEqual(ids);
    }
  });

  it('returns full teacher records with subjects and the verified flag', async () => {
    const res = await list('status=all&search=Teacher 02');
    const t = res.body_.data[0];
    expect(t).toMatchObject({ name: 'Teacher 02', verified: true, verification_status: 'verified' });
    expect(t.subjects).toEqual([{ id: expect.any(Number), name: 'Physics' }]);
  });
});

describe('teacher approvals', () => {
  const app = useTestApp();
  let token = '';
  const ids: Record<string, number> = {};
  /** The notifications of a teacher's account. */
  const toldTeacher = async (teacherId: number) => {
    const [t] = await app()
      .db.select({ userId: teachers.userId })
      .from(teachers)
      .where(eq(teachers.id, teacherId));
    return app()
      .db.select({ kind: notifications.kind, title: notifications.title, params: notifications.params })
      .from(notifications)
      .where(eq(notifications.userId, t.userId));
  };
  beforeAll(async () => {
    token = (await adminSession(app())).token;
    ids.waiting = (await insertTeacher(app().db, { name: 'Waiting Das', documents: true })).id;
    ids.noDocs = (await insertTeacher(app().db, { name: 'No Docs Sen' })).id;
    ids.verified = (
      await insertTeacher(app().db, { name: 'Done Ghosh', documents: true, verificationStatus: 'verified' })
    ).id;
    ids.second = (await insertTeacher(app().db, { name: 'Second Roy', documents: true })).id;
  });

  it('lists pending teachers whose documents are on file, oldest first', async () => {
    const res = await call(app(), { method: 'GET', url: '/api/v1/admin/teacher_approvals', token });
    expect(res.statusCode).toBe(200);
    expect(res.body_.data.map((t: { name: string }) => t.name)).toEqual(['Waiting Das', 'Second Roy']);
    expect(res.body_.total_count).toBe(2);
    expect(res.body_.data[0].teacher_preference.mark_sheet.url).toMatch(/^\/api\/v1\/uploads\/\d+$/);
  });

  it('pages the waiting teachers on the server (offset, limit), counting them all', async () => {
    const page = async (query: string) =>
      call(app(), { method: 'GET', url: `/api/v1/admin/teacher_approvals?${query}`, token });
    const first = await page('limit=1');
    expect(first.body_.data.map((t: { name: string }) => t.name)).toEqual(['Waiting Das']);
    expect(first.body_.total_count).toBe(2);
    const next = await page('offset=1&limit=1');
    expect(next.body_.data.map((t: { name: string }) => t.name)).toEqual(['Second Roy']);
    expect(next.body_.total_count).toBe(2);
    expect((await page('offset=2&limit=1')).body_.data).toEqual([]);
    for (const bad of ['limit=0', 'limit=101', 'offset=-1', 'limit=two'])
      expect((await page(bad)).statusCode, bad).toBe(422);
  });

  it('approval marks the teacher verified and takes them off the list', async () => {
    const res = await call(app(), { method: 'PATCH', url: `/api/v1/teachers/${ids.waiting}/approve`, token });
    expect(res.statusCode).toBe(200);
    expect(res.body_.data).toMatchObject({
      verified: true,
      verification_status: 'verified',
      is_active: true,
    });
    const left = await call(app(), { method: 'GET', url: '/api/v1/admin/teacher_approvals', token });
    expect(left.body_.data.map((t: { name: string }) => t.name)).toEqual(['Second Roy']);
    // The teacher is told (recorded with the decision), as a kind the bell renders in their language.
    expect(await toldTeacher(ids.waiting)).toEqual([
      { kind: 'teacher_verified', title: 'You are verified', params: {} },
    ]);
  });

  it('rejection needs a reason, then deactivates the teacher', async () => {
    const missing = await call(app(), {
      method: 'PATCH',
      url: `/api/v1/teachers/${ids.second}/reject`,
      token,
      payload: { reason: '   ' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.body_.errors).toEqual({ reason: ['Please give a reason for rejecting this teacher'] });
    const res = await call(app(), {
      method: 'PATCH',
      url: `/api/v1/teachers/${ids.second}/reject`,
      token,
      payload: { reason: 'Aadhar photo is unreadable' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body_.data).toMatchObject({
      verified: false,
      verification_status: 'rejected',
      is_active: false,
      rejection_reason: 'Aadhar photo is unreadable',
    });
    expect(await toldTeacher(ids.second)).toEqual([
      {
        kind: 'teacher_rejected',
        title: 'Documents rejected',
        params: { reason: 'Aadhar photo is unreadable' },
      },
    ]);
    const left = await call(app(), { method: 'GET', url: '/api/v1/admin/teacher_approvals', token });
    expect(left.body_.data).toEqual([]);
    const inactive = await call(app(), { method: 'GET', url: '/api/v1/teachers?status=inactive', token });
    expect(inactive.body_.data.map((t: { name: string }) => t.name)).toEqual(['Second Roy']);
  });

  it('answers 404 for a teacher that does not exist', async () => {
    for (const id of ['999999', 'abc']) {
      const res = await call(app(), { method: 'PATCH', url: `/api/v1/teachers/${id}/approve`, token });
      expect(res.statusCode).toBe(404);
    }
  });

  it('records decisions in the activity log, newest first', async () => {
    const res = await call(app(), { method: 'GET', url: '/Activity-Log?limit=2', token });
    expect(res.statusCode).toBe(200);
    expect(res.body_.data.map((e: { action: string }) => e.action)).toEqual([
      'teacher_rejected',
      'teacher_approved',
    ]);
    expect(res.body_.data[0]).toMatchObject({
      actor_type: 'admin',
      subject_type: 'teacher',
      subject_id: ids.second,
      details: { reason: 'Aadhar photo is unreadable' },
      actor_email: expect.stringContaining('admin'),
    });
    expect(res.body_.pagination.prev).toBeNull();
    expect(res.body_.total_count).toBeGreaterThanOrEqual(3);
    const page2 = await call(app(), { method: 'GET', url: '/Activity-Log?limit=2&page=2', token });
    expect(page2.body_.data[0].action).toBe('admin_signed_in');
    const bad = await call(app(), { method: 'GET', url: '/Activity-Log?limit=1000', token });
    expect(bad.statusCode).toBe(422);
  });
});

describe('a decision applies to a teacher pending review only (two administrators)', () => {
  const app = useTestApp();
  let first = '';
  let second = '';
  beforeAll(async () => {
    first = (await adminSession(app())).token;
    second = (await adminSession(app())).token;
  });
  const approve = (id: number, token: string) =>
    call(app(), { method: 'PATCH', url: `/api/v1/teachers/${id}/approve`, token });
  const reject = (id: number, token: string, reason = 'Mark sheet is unreadable') =>
    call(app(), { method: 'PATCH', url: `/api/v1/teachers/${id}/reject`, token, payload: { reason } });
  const stored = async (id: number) => {
    const [row] = await app()
      .db.select({ status: teachers.verificationStatus, reason: teachers.rejectionReason })
      .from(teachers)
      .where(eq(teachers.id, id));
    return row;
  };
  const decisionsLogged = async (id: number) => {
    const res = await call(app(), { method: 'GET', url: '/Activity-Log?limit=100', token: first });
    return res.body_.data.filter(
      (e: { action: string; subject_id: number }) => e.subject_id === id && e.action.startsWith('teacher_'),
    ).length;
  };

  it('the second decision gets a 409 that says so and what is stored now; the first stands', async () => {
    const { id } = await insertTeacher(app().db, { name: 'Twice Decided', documents: true });
    expect((await reject(id, first, 'Certificate is blurred')).statusCode).toBe(200);
    const late = await approve(id, second);
    expect(late.statusCode).toBe(409);
    expect(late.body_).toMatchObject({
      error: 'conflict',
      message: ADMIN_MESSAGES.alreadyDecided,
      verification_status: 'rejected',
      rejection_reason: 'Certificate is blurred',
    });
    const lateReject = await reject(id, second, 'Another reason');
    expect(lateReject.statusCode).toBe(409);
    expect(lateReject.body_.message).toBe(ADMIN_MESSAGES.alreadyDecided);
    expect(await stored(id)).toEqual({ status: 'rejected', reason: 'Certificate is blurred' });
    expect(await decisionsLogged(id)).toBe(1);

    const { id: approved } = await insertTeacher(app().db, { name: 'Approved Once', documents: true });
    expect((await approve(approved, first)).statusCode).toBe(200);
    const again = await reject(approved, second);
    expect(again.statusCode).toBe(409);
    expect(again.body_).toMatchObject({
      message: ADMIN_MESSAGES.alreadyDecided,
      verification_status: 'verified',
    });
    expect(again.body_.rejection_reason).toBeUndefined();
    expect((await approve(approved, second)).statusCode).toBe(409);
    expect(await stored(approved)).toEqual({ status: 'verified', reason: null });
  });

  it('of two decisions sent at once, exactly one wins and the other gets the 409', async () => {
    for (const [a, b] of [
      ['approve', 'reject'],
      ['reject', 'approve'],
      ['approve', 'approve'],
      ['reject', 'reject'],
    ] as const) {
      const { id } = await insertTeacher(app().db, { name: `Raced ${a} ${b}`, documents: true });
      const send = (verb: 'approve' | 'reject', token: string) =>
        verb === 'approve' ? approve(id, token) : reject(id, token, `Refused by ${token.slice(-6)}`);
      const answers = await Promise.all([send(a, first), send(b, second)]);
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes, `${a} ${b}`).toEqual([200, 409]);
      const winner = answers.find((r) => r.statusCode === 200);
      const loser = answers.find((r) => r.statusCode === 409);
      expect(loser?.body_.message).toBe(ADMIN_MESSAGES.alreadyDecided);
      // What is stored is the winner's decision, told once, logged once.
      expect((await stored(id)).status).toBe(winner?.body_.data.verification_status);
      expect(loser?.body_.verification_status).toBe(winner?.body_.data.verification_status);
      expect(await decisionsLogged(id)).toBe(1);
      const [{ userId }] = await app()
        .db.select({ userId: teachers.userId })
        .from(teachers)
        .where(eq(teachers.id, id));
      expect(
        await app().db.select().from(notifications).where(eq(notifications.userId, userId)),
      ).toHaveLength(1);
    }
  });

  it('a teacher without every document can be rejected, not approved (as Teacher Approvals lists them)', async () => {
    const { id } = await insertTeacher(app().db, { name: 'Missing Papers' });
    const refused = await approve(id, first);
    expect(refused.statusCode).toBe(409);
    expect(refused.body_.message).toBe(ADMIN_MESSAGES.documentsMissing);
    expect((await stored(id)).status).toBe('pending');
    const rejected = await reject(id, first, 'Documents missing');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.body_.data).toMatchObject({ verification_status: 'rejected', is_active: false });
  });

  it('a rejected teacher who fixes a document is pending again, and can be decided on again', async () => {
    const { id } = await insertTeacher(app().db, { name: 'Fixed Later', documents: true });
    expect((await reject(id, first)).statusCode).toBe(200);
    // What the teacher's own update of a reviewed field does (server/lib/teacher-review.ts).
    await app()
      .db.update(teachers)
      .set({ verificationStatus: 'pending', reviewChanges: ['mark_sheet'], isActive: true })
      .where(eq(teachers.id, id));
    expect((await approve(id, second)).statusCode).toBe(200);
    expect(await stored(id)).toEqual({ status: 'verified', reason: null });
  });

  it('refuses bad input and unknown teachers before anything else, and non-administrators', async () => {
    const { id } = await insertTeacher(app().db, { name: 'Still Pending', documents: true });
    const empty = await reject(id, first, '  ');
    expect(empty.statusCode).toBe(422);
    const long = await reject(id, first, 'x'.repeat(501));
    expect(long.statusCode).toBe(422);
    expect(long.body_.errors.reason).toEqual([ADMIN_MESSAGES.reasonTooLong]);
    for (const bad of ['0', '-1', '1.5', '99999999999']) {
      const res = await call(app(), {
        method: 'PATCH',
        url: `/api/v1/teachers/${bad}/approve`,
        token: first,
      });
      expect(res.statusCode, bad).toBe(404);
    }
    const missing = await reject(987654, first);
    expect(missing.statusCode).toBe(404);
    expect(missing.body_.message).toBe(ADMIN_MESSAGES.teacherNotFound);
    for (const role of [1, 2] as const) {
      const user = await signUpAndIn(app(), role);
      expect((await approve(id, user.token)).statusCode).toBe(403);
      expect((await reject(id, user.token)).statusCode).toBe(403);
    }
    expect((await stored(id)).status).toBe('pending');
  });
});
