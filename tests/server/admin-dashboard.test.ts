import { beforeAll, describe, expect, it } from 'vitest';
import { OTHER_SUBJECTS_BAR } from '../../contract/constants';
import { subjects } from '../../server/db/schema';
import { monthBounds, monthOf } from '../../server/services/admin-overview';
import {
  adminSession,
  insertRequest,
  insertStudent,
  insertTeacher,
  readyForReview,
} from './fixtures/admin-teachers';
import { call, useTestApp } from './helper';

/** Mid-month instant of a 'YYYY-MM' month (India). */
const inMonth = (month: string, day = 10) => new Date(monthBounds(month).start.getTime() + day * 86400000);

describe('month overview (D9)', () => {
  const app = useTestApp();
  let token = '';
  const current = monthOf(new Date());
  beforeAll(async () => {
    token = (await adminSession(app())).token;
    const db = app().db;
    // January 2025: 3 teachers (1 inactive), 2 students; March 2025: 1 teacher, 1 student.
    await insertTeacher(db, { createdAt: inMonth('2025-01', 2) });
    await insertTeacher(db, { createdAt: inMonth('2025-01', 5) });
    await insertTeacher(db, { createdAt: inMonth('2025-01', 20), isActive: false });
    await insertTeacher(db, { createdAt: inMonth('2025-03') });
    const school = await insertStudent(db, { degreeId: 3, createdAt: inMonth('2025-01') });
    const college = await insertStudent(db, { degreeId: 5, createdAt: inMonth('2025-01'), isActive: false });
    const worker = await insertStudent(db, { degreeId: 7, createdAt: inMonth('2025-03') });
    // January requests: 2 online, 1 offline, 1 both; Physics x3, Mathematics x2, Hindi x1.
    const r1 = await insertRequest(db, {
      studentId: school.id,
      subjects: ['Physics', 'Mathematics'],
      mode: 'online',
      times: ['morning', 'afternoon'],
      createdAt: inMonth('2025-01', 3),
    });
    await insertRequest(db, {
      studentId: school.id,
      subjects: ['Physics'],
      mode: 'online',
      times: ['morning'],
      createdAt: inMonth('2025-01', 4),
    });
    await insertRequest(db, {
      studentId: college.id,
      subjects: ['Physics', 'Hindi'],
      mode: 'offline',
      times: ['evening'],
      createdAt: inMonth('2025-01', 6),
    });
    await insertRequest(db, {
      studentId: college.id,
      subjects: ['Mathematics'],
      mode: 'both',
      times: ['morning'],
      createdAt: inMonth('2025-01', 7),
    });
    // A copy sent to a teacher (Connect) is not a new search.
    await insertRequest(db, {
      studentId: school.id,
      subjects: ['Physics', 'Mathematics'],
      parentRequestId: r1.id,
      createdAt: inMonth('2025-01', 8),
    });
    await insertRequest(db, {
      studentId: worker.id,
      subjects: ['English'],
      mode: 'offline',
      times: ['evening'],
      createdAt: inMonth('2025-03', 12),
    });
  });
  const overview = (month?: string) =>
    call(app(), { method: 'GET', url: `/api/v1/admin/overview${month ? `?month=${month}` : ''}`, token });

  it('offers the current month first, then the months that have data', async () => {
    const res = await overview();
    expect(res.statusCode).toBe(200);
    expect(res.body_.data.month).toBe(current);
    expect(res.body_.data.months.map((m: { value: string }) => m.value)).toEqual([
      current,
      '2025-03',
      '2025-01',
    ]);
    expect(res.body_.data.months[2].label).toBe('January, 2025');
  });

  it('computes the summary cards for the chosen month', async () => {
    const jan = (await overview('2025-01')).body_.data;
    expect(jan.label).toBe('January, 2025');
    expect(jan.summary).toEqual({
      total_teachers: 3,
      active_teachers: 2,
      total_students: 2,
      active_students: 1,
      active_job_posts: 0,
      job_applications: 0,
    });
    const mar = (await overview('2025-03')).body_.data;
    expect(mar.summary).toMatchObject({
      total_teachers: 4,
      active_teachers: 3,
      total_students: 3,
      active_students: 2,
    });
  });

  it('computes the Teaching charts from the requests students made that month', async () => {
    const jan = (await overview('2025-01')).body_.data;
    expect(jan.teaching.class_modes).toEqual([
      { name: 'Online', value: 2 },
      { name: 'Offline', value: 1 },
      { name: 'Mix', value: 1 },
    ]);
    expect(jan.teaching.busy_hours).toEqual([
      { slot: '8am-12pm', school_students: 2, college_students: 1, working_pro: 0 },
      { slot: '12pm-4pm', school_students: 1, college_students: 0, working_pro: 0 },
      { slot: '4pm-8pm', school_students: 0, college_students: 1, working_pro: 0 },
      { slot: '8pm-12am', school_students: 0, college_students: 0, working_pro: 0 },
    ]);
    expect(jan.teaching.searched_subjects).toEqual([
      { subject: 'Physics', count: 3 },
      { subject: 'Mathematics', count: 2 },
      { subject: 'Hindi', count: 1 },
    ]);
    // No postings or applications that month: every industry and outcome at zero.
    expect(jan.jobs.industry_postings.every((i: { count: number }) => i.count === 0)).toBe(true);
    expect(jan.jobs.industry_postings).toHaveLength(6);
    expect(jan.jobs.hiring_ratio).toEqual([
      { name: 'Hired', value: 0 },
      { name: 'Not selected', value: 0 },
      { name: 'In progress', value: 0 },
    ]);
    const mar = (await overview('2025-03')).body_.data;
    expect(mar.teaching.busy_hours[2]).toEqual({
      slot: '4pm-8pm',
      school_students: 0,
      college_students: 0,
      working_pro: 1,
    });
  });

  it('shows an empty month as zeros, and refuses a malformed month', async () => {
    const empty = (await overview('2024-06')).body_.data;
    expect(empty.teaching.class_modes.every((m: { value: number }) => m.value === 0)).toBe(true);
    expect(empty.teaching.searched_subjects).toEqual([]);
    const bad = await overview('2025-13');
    expect(bad.statusCode).toBe(422);
    expect(bad.body_.errors.month).toEqual(['Month must be given as YYYY-MM']);
  });

  it("counts subjects nobody approved yet under the bar the interface names in each language ('Other')", async () => {
    const db = app().db;
    await db.insert(subjects).values({ name: 'Robotics', status: 'pending' });
    const student = await insertStudent(db, { degreeId: 3, createdAt: inMonth('2024-02') });
    await insertRequest(db, {
      studentId: student.id,
      subjects: ['Robotics', 'Physics'],
      createdAt: inMonth('2024-02'),
    });
    expect((await overview('2024-02')).body_.data.teaching.searched_subjects).toEqual([
      { subject: OTHER_SUBJECTS_BAR, count: 1 },
      { subject: 'Physics', count: 1 },
    ]);
  });
});

describe('notifications since the last visit', () => {
  const app = useTestApp();
  it('lists new teachers and requests until marked read', async () => {
    const admin = await adminSession(app());
    const db = app().db;
    const get = () => call(app(), { method: 'GET', url: '/api/v1/admin/notifications', token: admin.token });
    expect((await get()).body_.data).toEqual([]);
    await insertTeacher(db, { name: 'Moumita Bose' });
    const student = await insertStudent(db, { name: 'Arka Pal', degreeId: 3 });
    await insertRequest(db, { studentId: student.id, subjects: ['Physics', 'Chemistry'] });
    const res = await get();
    expect(res.body_.data.map((n: { message: string }) => n.message)).toEqual([
      'New request from Arka Pal for Chemistry, Physics',
      'New teacher registered: Moumita Bose',
    ]);
    // Their values, for a client that words them in the administrator's language.
    expect(res.body_.data.map((n: { kind: string; params: unknown }) => [n.kind, n.params])).toEqual([
      ['request_created', { name: 'Arka Pal', subjects: ['Chemistry', 'Physics'] }],
      ['teacher_registered', { name: 'Moumita Bose' }],
    ]);
    const seen = await call(app(), {
      method: 'POST',
      url: '/api/v1/admin/notifications/seen',
      token: admin.token,
    });
    expect(seen.statusCode).toBe(200);
    expect((await get()).body_.data).toEqual([]);
    await insertTeacher(db, { name: 'Sayan Kar' });
    expect((await get()).body_.data.map((n: { message: string }) => n.message)).toEqual([
      'New teacher registered: Sayan Kar',
    ]);
  });

  it('pages the notifications: the latest ten, then the next page on request', async () => {
    const admin = await adminSession(app());
    const db = app().db;
    for (let i = 1; i <= 12; i++)
      await insertTeacher(db, { name: `Paged Teacher ${String(i).padStart(2, '0')}` });
    const page = async (query: string) =>
      (await call(app(), { method: 'GET', url: `/api/v1/admin/notifications${query}`, token: admin.token }))
        .body_;
    const first = await page('');
    expect(first.data).toHaveLength(10);
    expect(first.has_more).toBe(true);
    const rest = await page('?offset=10');
    expect(rest.has_more).toBe(false);
    const all = [...first.data, ...rest.data].map((n: { message: string }) => n.message);
    expect(all.filter((m: string) => m.startsWith('New teacher registered: Paged'))).toHaveLength(12);
    expect(new Set(all).size).toBe(all.length);
    const small = await page('?limit=3&offset=0');
    expect(small.data).toHaveLength(3);
    expect(small.has_more).toBe(true);
    const bad = await call(app(), {
      method: 'GET',
      url: '/api/v1/admin/notifications?offset=-1',
      token: admin.token,
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('the first screen in one answer', () => {
  const app = useTestApp();
  it('answers each part as its own call does: the overview, approvals, new subjects and notifications', async () => {
    const admin = await adminSession(app());
    const db = app().db;
    for (const name of ['Rina Das', 'Tapas Ghosh', 'Mou Sen', 'Arup Pal'])
      await readyForReview(db, (await insertTeacher(db, { name })).id);
    await db.insert(subjects).values({ name: 'Astronomy', status: 'pending' });
    const get = async (url: string) => {
      const res = await call(app(), { method: 'GET', url, token: admin.token });
      expect(res.statusCode, url).toBe(200);
      return res.body_;
    };
    const whole = await get('/api/v1/admin/dashboard');
    expect(whole.status).toBe('success');
    expect(whole.overview).toEqual(await get('/api/v1/admin/overview'));
    // The first few waiting, and how many wait in all.
    expect(whole.teacher_approvals).toEqual(await get('/api/v1/admin/teacher_approvals?offset=0&limit=3'));
    expect(whole.teacher_approvals.data).toHaveLength(3);
    expect(whole.teacher_approvals.total_count).toBe(4);
    expect(whole.subject_suggestions).toEqual(await get('/api/v1/admin/subjects?status=pending'));
    expect(whole.subject_suggestions.data.map((s: { name: string }) => s.name)).toEqual(['Astronomy']);
    expect(whole.subjects).toEqual(await get('/api/v1/subjects'));
    // (`since` is a moment in time when this administrator never marked any read.)
    const sinceAside = (body: Record<string, unknown>) => ({ ...body, since: typeof body.since });
    expect(sinceAside(whole.notifications)).toEqual(sinceAside(await get('/api/v1/admin/notifications')));
    expect(whole.notifications.data.length).toBeGreaterThan(0);
  });
});
