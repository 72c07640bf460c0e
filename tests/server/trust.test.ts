import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { localityOf, MATCH_MESSAGES, servableTeacherModes } from '../../contract/rules/matching';
import { SUBJECT_ADDS_PER_DAY, SUBJECT_MESSAGES } from '../../contract/rules/student-subject';
import { buildApp } from '../../server/app';
import { teachers } from '../../server/db/schema';
import { findMatchingTeachers } from '../../server/services/matching';
import { adminToken, studentWithRecord } from './fixtures/students';
import { insertTeacher, subjectId } from './fixtures/teachers';
import { call, useTestApp } from './helper';
import { createTeacher, fixture, multipart, preferenceParts } from './teacher-helpers';

const URL = '/api/v1/teacher_student_requests';
/** km per degree of latitude on the sphere the server uses (radius 6371 km). */
const KM_PER_DEG = (6371 * Math.PI) / 180;
const HOME = { latitude: 22.5, longitude: 88.3 };
const north = (km: number) => ({ latitude: HOME.latitude + km / KM_PER_DEG, longitude: HOME.longitude });
const names = (body: { data: Array<{ teacher: { name: string } }> }) => body.data.map((m) => m.teacher.name);

describe('honest matching: mode, distance, order, privacy', () => {
  const app = useTestApp();

  async function request(token: string, subjects: string[], extra: Record<string, unknown> = {}) {
    const subject_ids = await Promise.all(subjects.map((n) => subjectId(app().db, n)));
    const res = await call(app(), {
      method: 'POST',
      url: URL,
      token,
      payload: { teacher_student_request: { subject_ids, ...extra } },
    });
    expect(res.statusCode).toBe(201);
    return res.body_.data as { id: number };
  }
  const matches = (token: string, id: number, query = '') =>
    call(app(), { method: 'GET', url: `${URL}/${id}/matching_teachers${query}`, token });

  it('knows which teacher modes can serve a request', () => {
    expect(servableTeacherModes('online', false)).toEqual({ online: false, offline: false });
    expect(servableTeacherModes('online', true)).toEqual({ online: true, offline: false });
    expect(servableTeacherModes('offline', false)).toEqual({ online: false, offline: true });
    expect(servableTeacherModes('both', false)).toEqual({ online: false, offline: true });
    expect(servableTeacherModes('both', true)).toEqual({ online: true, offline: true });
    expect(localityOf('12 Park Street, Ballygunge, Kolkata 700019')).toBe('Kolkata 700019');
    expect(localityOf('Flat 3, Salt Lake, West Bengal')).toBe('Salt Lake');
    expect(localityOf('')).toBe('');
  });

  it('applies the requested mode: online finds nobody while it is unavailable, offline only offline teachers', async () => {
    const db = app().db;
    await insertTeacher(db, {
      name: 'Mode Online',
      subjects: ['Biology'],
      teachingMode: 'online',
      verified: true,
    });
    await insertTeacher(db, { name: 'Mode Offline', subjects: ['Biology'], teachingMode: 'offline' });
    await insertTeacher(db, { name: 'Mode Both', subjects: ['Biology'], teachingMode: 'both' });
    const s = await studentWithRecord(app());
    const online = await request(s.token, ['Biology'], { mode_of_teaching: 'online' });
    const onlineRes = await matches(s.token, online.id);
    expect(onlineRes.statusCode).toBe(200);
    expect(onlineRes.body_).toMatchObject({ data: [], teacher_count: 0, mode_unavailable: true });
    const offline = await request(s.token, ['Biology'], { mode_of_teaching: 'offline' });
    expect(names((await matches(s.token, offline.id)).body_).sort()).toEqual(['Mode Both', 'Mode Offline']);
    const both = await request(s.token, ['Biology'], { mode_of_teaching: 'both' });
    expect(names((await matches(s.token, both.id)).body_).sort()).toEqual(['Mode Both', 'Mode Offline']);

    // With online teaching offered, online requests reach online teachers and 'both' reaches all.
    const ids = [await subjectId(db, 'Biology')];
    const q = { subjectIds: ids, preferredMedium: 'any', filter: 'all' as const, limit: 20, offset: 0 };
    const onlineOn = await findMatchingTeachers(db, {
      ...q,
      modeOfTeaching: 'online',
      onlineAvailable: true,
    });
    expect(onlineOn.rows.map((r) => JSON.parse(r.card.text).name).sort()).toEqual([
      'Mode Both',
      'Mode Online',
    ]);
    const bothOn = await findMatchingTeachers(db, { ...q, modeOfTeaching: 'both', onlineAvailable: true });
    expect(bothOn.rows).toHaveLength(3);
    expect(JSON.parse(bothOn.rows[0].card.text).name).toBe('Mode Online'); // verified first
  });

  it('with a location: only teachers whose radius covers the student, verified first, then nearest first', async () => {
    const db = app().db;
    const subject = ['Computer Science'];
    await insertTeacher(db, { name: 'Just Inside', subjects: subject, location: north(4.9), radiusKm: 5 });
    await insertTeacher(db, { name: 'Just Outside', subjects: subject, location: north(5.1), radiusKm: 5 });
    await insertTeacher(db, { name: 'Near Pending', subjects: subject, location: north(1), radiusKm: 5 });
    await insertTeacher(db, {
      name: 'Far Verified',
      subjects: subject,
      location: north(30),
      radiusKm: 40,
      verified: true,
    });
    await insertTeacher(db, { name: 'No Location', subjects: subject, location: null, radiusKm: 50 });
    await insertTeacher(db, {
      name: 'Near Rejected',
      subjects: subject,
      location: north(0.5),
      status: 'rejected',
    });
    await insertTeacher(db, {
      name: 'Near Inactive',
      subjects: subject,
      location: north(0.5),
      active: false,
    });
    const s = await studentWithRecord(app());
    const req = await request(s.token, subject, { mode_of_teaching: 'offline', ...HOME });
    const res = await matches(s.token, req.id);
    expect(res.statusCode).toBe(200);
    expect(res.body_.using_distance).toBe(true);
    expect(names(res.body_)).toEqual(['Far Verified', 'Near Pending', 'Just Inside']);
    const distances = res.body_.data.map((m: { teacher: { distance_km: number } }) => m.teacher.distance_km);
    expect(distances).toEqual([30, 1, 4.9]);
    expect(MATCH_MESSAGES.away(distances[2])).toBe('4.9 km away');

    // Without a location matching does not use distance (every offline teacher, no distances).
    const plain = await request(s.token, subject, { mode_of_teaching: 'offline' });
    const plainRes = await matches(s.token, plain.id);
    expect(plainRes.body_.using_distance).toBe(false);
    expect(names(plainRes.body_)).toHaveLength(5);
    expect(plainRes.body_.data[0].teacher.distance_km).toBeNull();

    // The location can be changed or cleared on the open request.
    const cleared = await call(app(), {
      method: 'PUT',
      url: `${URL}/${req.id}`,
      token: s.token,
      payload: { teacher_student_request: { latitude: null, longitude: null } },
    });
    expect(cleared.statusCode).toBe(200);
    expect((await matches(s.token, req.id)).body_.using_distance).toBe(false);
    const bad = await call(app(), {
      method: 'POST',
      url: URL,
      token: s.token,
      payload: { teacher_student_request: { subject_ids: [1], latitude: 123, longitude: 88 } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.body_.errors.latitude).toEqual([MATCH_MESSAGES.locationInvalid]);
  });

  it('caps how deep a student can page', async () => {
    const s = await studentWithRecord(app());
    const req = await request(s.token, ['Physics'], { mode_of_teaching: 'offline' });
    const deep = await matches(s.token, req.id, '?page=6');
    expect(deep.statusCode).toBe(422);
    expect(deep.body_.errors.page).toEqual([MATCH_MESSAGES.pageLimit]);
    const big = await matches(s.token, req.id, '?limit=500');
    expect(big.body_.limit).toBe(20);
  });
});

describe('matching pages per student per hour (kept in the database)', () => {
  const app = useTestApp({
    rateLimits: {
      signUpPerAddressPerHour: 100_000,
      refreshPerAddressPerMinute: 100_000,
      uploadsPerAccountPerHour: 100_000,
      uploadsPerAddressPerHour: 100_000,
      matchingPagesPerStudentPerHour: 2,
    },
  });
  let second: FastifyInstance | undefined;
  afterAll(async () => {
    await second?.close();
  });

  async function openRequest(token: string) {
    const res = await call(app(), {
      method: 'POST',
      url: URL,
      token,
      payload: { teacher_student_request: { subject_ids: [await subjectId(app().db, 'Physics')] } },
    });
    expect(res.statusCode).toBe(201);
    return res.body_.data.id as number;
  }
  const page = (server: FastifyInstance, token: string, id: number) =>
    call(server, { method: 'GET', url: `${URL}/${id}/matching_teachers`, token });

  it('refuses a student past the budget, across a restart or a second process, and no one else', async () => {
    const s = await studentWithRecord(app());
    const id = await openRequest(s.token);
    expect((await page(app(), s.token, id)).statusCode).toBe(200);
    expect((await page(app(), s.token, id)).statusCode).toBe(200);
    const refused = await page(app(), s.token, id);
    expect(refused.statusCode).toBe(429);
    expect(refused.body_).toEqual({
      error: 'too_many_requests',
      message: MATCH_MESSAGES.rateLimited,
      message_key: 'matching.rateLimited',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // A server started afresh on the same database (a restart, or a second process) still refuses.
    second = await buildApp(app().config, { database: app().database });
    expect((await page(second, s.token, id)).statusCode).toBe(429);

    // Another student has a budget of their own; administrators are not limited.
    const other = await studentWithRecord(app());
    expect((await page(second, other.token, await openRequest(other.token))).statusCode).toBe(200);
    const admin = await adminToken(app());
    for (let i = 0; i < 3; i++) expect((await page(app(), admin, id)).statusCode).toBe(200);
  });
});

describe('moderated subjects', () => {
  const app = useTestApp();
  const add = (token: string, name: string) =>
    call(app(), { method: 'POST', url: '/api/v1/subjects', token, payload: { subject: { name } } });
  const listNames = async (token?: string) =>
    (await call(app(), { method: 'GET', url: '/api/v1/subjects', token })).body_.data.map(
      (s: { name: string }) => s.name,
    ) as string[];

  it("a student's subject serves their request at once but nobody else sees it until approved", async () => {
    const author = await studentWithRecord(app());
    const other = await studentWithRecord(app());
    const admin = await adminToken(app());
    const added = await add(author.token, 'Astronomy');
    expect(added.statusCode).toBe(201);
    expect(added.body_.data).toMatchObject({ name: 'Astronomy', status: 'pending' });
    const id = added.body_.data.id as number;
    expect(await listNames(author.token)).toContain('Astronomy');
    expect(await listNames(other.token)).not.toContain('Astronomy');
    expect(await listNames()).not.toContain('Astronomy');
    const mine = await call(app(), {
      method: 'POST',
      url: URL,
      token: author.token,
      payload: { teacher_student_request: { subject_ids: [id] } },
    });
    expect(mine.statusCode).toBe(201);
    const theirs = await call(app(), {
      method: 'POST',
      url: URL,
      token: other.token,
      payload: { teacher_student_request: { subject_ids: [id] } },
    });
    expect(theirs.statusCode).toBe(422);
    const again = await add(other.token, 'astronomy');
    expect(again.statusCode).toBe(409);
    expect(again.body_.errors.name).toEqual([SUBJECT_MESSAGES.pendingElsewhere('Astronomy')]);
    // The admin's 'Most Searched Subject' chart counts it as 'Other' until it is approved.
    const searched = async () =>
      (await call(app(), { method: 'GET', url: '/api/v1/admin/overview', token: admin })).body_.data.teaching
        .searched_subjects as Array<{ subject: string; count: number }>;
    const before = await searched();
    expect(before).toContainEqual({ subject: 'Other', count: 1 });
    expect(before.map((s) => s.subject)).not.toContain('Astronomy');

    const pending = await call(app(), { method: 'GET', url: '/api/v1/admin/subjects', token: admin });
    expect(pending.body_.data.map((s: { name: string }) => s.name)).toContain('Astronomy');
    expect(pending.body_.data.find((s: { id: number }) => s.id === id).suggested_by).toBe(author.email);
    expect(
      (await call(app(), { method: 'GET', url: '/api/v1/admin/subjects', token: other.token })).statusCode,
    ).toBe(403);
    const approved = await call(app(), {
      method: 'PATCH',
      url: `/api/v1/admin/subjects/${id}/approve`,
      token: admin,
    });
    expect(approved.body_.data.status).toBe('approved');
    expect(await listNames(other.token)).toContain('Astronomy');
    expect(await searched()).toContainEqual({ subject: 'Astronomy', count: 1 });
  });

  it('merge moves requests onto the existing subject; reject hides it; adding is rate-limited', async () => {
    const author = await studentWithRecord(app());
    const admin = await adminToken(app());
    const typo = await add(author.token, 'Mathematiks');
    const id = typo.body_.data.id as number;
    const req = await call(app(), {
      method: 'POST',
      url: URL,
      token: author.token,
      payload: { teacher_student_request: { subject_ids: [id] } },
    });
    const maths = await subjectId(app().db, 'Mathematics');
    const badMerge = await call(app(), {
      method: 'PATCH',
      url: `/api/v1/admin/subjects/${id}/merge`,
      token: admin,
      payload: { into_id: id },
    });
    expect(badMerge.statusCode).toBe(422);
    const merged = await call(app(), {
      method: 'PATCH',
      url: `/api/v1/admin/subjects/${id}/merge`,
      token: admin,
      payload: { into_id: maths },
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.body_.data.status).toBe('merged');
    const after = await call(app(), {
      method: 'GET',
      url: `${URL}/${req.body_.data.id}`,
      token: author.token,
    });
    expect(after.body_.data.subject_ids).toEqual([maths]);
    expect(await listNames(author.token)).not.toContain('Mathematiks');

    const junk = await add(author.token, 'asdfgh qwerty');
    const rejected = await call(app(), {
      method: 'PATCH',
      url: `/api/v1/admin/subjects/${junk.body_.data.id}/reject`,
      token: admin,
    });
    expect(rejected.body_.data.status).toBe('rejected');
    expect(await listNames(author.token)).not.toContain('asdfgh qwerty');
    const twice = await call(app(), {
      method: 'PATCH',
      url: `/api/v1/admin/subjects/${junk.body_.data.id}/reject`,
      token: admin,
    });
    expect(twice.statusCode).toBe(409);

    // Two added above; the daily budget runs out after SUBJECT_ADDS_PER_DAY.
    for (let i = 2; i < SUBJECT_ADDS_PER_DAY; i++)
      expect((await add(author.token, `Topic ${i}`)).statusCode).toBe(201);
    const over = await add(author.token, 'One Too Many');
    expect(over.statusCode).toBe(429);
    expect(over.body_.errors.name).toEqual([SUBJECT_MESSAGES.tooManyAdded]);
    // Administrators add approved subjects directly.
    const byAdmin = await add(admin, 'Geography');
    expect(byAdmin.body_.data.status).toBe('approved');
  });
});

describe('verification is visible and repeatable', () => {
  const app = useTestApp();

  it('reject with reason -> re-upload -> pending with what changed -> approve -> verified', async () => {
    const admin = await adminToken(app());
    const t = await createTeacher(app());
    const prefs = multipart(preferenceParts());
    const saved = await call(app(), {
      method: 'POST',
      url: `/api/v1/teachers/${t.teacherId}/teacher_preferences`,
      token: t.token,
      ...prefs,
    });
    expect(saved.statusCode).toBe(201);
    const approvals = async () =>
      (await call(app(), { method: 'GET', url: '/api/v1/admin/teacher_approvals', token: admin })).body_
        .data as Array<{
        id: number;
        review_changes: string[];
      }>;
    expect((await approvals()).map((r) => r.id)).toContain(t.teacherId);

    const rejected = await call(app(), {
      method: 'PATCH',
      url: `/api/v1/teachers/${t.teacherId}/reject`,
      token: admin,
      payload: { reason: 'The mark sheet is unreadable' },
    });
    expect(rejected.body_.data).toMatchObject({ verification_status: 'rejected', is_active: false });
    const mine = await call(app(), { method: 'GET', url: `/api/v1/teachers/${t.teacherId}`, token: t.token });
    expect(mine.body_.data).toMatchObject({
      verification_status: 'rejected',
      rejection_reason: 'The mark sheet is unreadable',
    });
    expect((await approvals()).map((r) => r.id)).not.toContain(t.teacherId);
    // The teacher is told in the app, with the reason.
    const bell = async () =>
      (await call(app(), { method: 'GET', url: '/api/v1/notifications', token: t.token })).body_
        .data as Array<{
        kind: string;
        body: string;
      }>;
    expect(await bell()).toContainEqual(
      expect.objectContaining({
        kind: 'teacher_rejected',
        body: expect.stringContaining('The mark sheet is unreadable'),
      }),
    );

    // Re-uploading the mark sheet puts the teacher back in review, active again, with what changed.
    const fix = multipart(
      preferenceParts([
        ['teacher_preference[mark_sheet]', { filename: 'marksheet.png', data: fixture('marksheet.png') }],
        ['teacher_preference[highest_qualification_certificate]', '__omit__'],
        ['teacher_preference[resume]', '__omit__'],
      ]),
    );
    const fixed = await call(app(), {
      method: 'POST',
      url: `/api/v1/teachers/${t.teacherId}/teacher_preferences`,
      token: t.token,
      ...fix,
    });
    expect(fixed.statusCode).toBe(200);
    const [row] = await app().db.select().from(teachers).where(eq(teachers.id, t.teacherId));
    expect(row).toMatchObject({
      verificationStatus: 'pending',
      isActive: true,
      reviewChanges: ['mark_sheet'],
    });
    const back = (await approvals()).find((r) => r.id === t.teacherId);
    expect(back?.review_changes).toEqual(['mark_sheet']);

    const approved = await call(app(), {
      method: 'PATCH',
      url: `/api/v1/teachers/${t.teacherId}/approve`,
      token: admin,
    });
    expect(approved.body_.data).toMatchObject({
      verification_status: 'verified',
      verified: true,
      review_changes: [],
    });
    expect((await bell()).map((n) => n.kind)).toContain('teacher_verified');
  });

  it('a verified teacher changing name, date of birth or Aadhar goes back to pending; other changes do not', async () => {
    const admin = await adminToken(app());
    const t = await createTeacher(app());
    await app()
      .db.update(teachers)
      .set({ verificationStatus: 'verified' })
      .where(eq(teachers.id, t.teacherId));
    const patch = (parts: Array<[string, string | { filename: string; data: Buffer; type?: string }]>) =>
      call(app(), {
        method: 'PATCH',
        url: `/api/v1/teachers/${t.teacherId}`,
        token: t.token,
        ...multipart(parts),
      });
    const address = await patch([['teacher[address]', '7 Lake Road, Kolkata 700029']]);
    expect(address.body_.data.verification_status).toBe('verified');
    const renamed = await patch([
      ['teacher[name]', 'Anita Sen Gupta'],
      ['teacher[aadhar_photo]', { filename: 'aadhar.jpg', data: fixture('aadhar.jpg'), type: 'image/jpeg' }],
    ]);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.body_.data).toMatchObject({
      verification_status: 'pending',
      verified: false,
      is_active: true,
      review_changes: ['name', 'aadhar_photo'],
    });
    // An administrator's own edit does not send the teacher back to review.
    await app()
      .db.update(teachers)
      .set({ verificationStatus: 'verified', reviewChanges: [] })
      .where(eq(teachers.id, t.teacherId));
    const byAdmin = await call(app(), {
      method: 'PATCH',
      url: `/api/v1/teachers/${t.teacherId}`,
      token: admin,
      ...multipart([['teacher[date_of_birth]', '16/08/1990']]),
    });
    expect(byAdmin.body_.data.verification_status).toBe('verified');
    const dob = await patch([['teacher[date_of_birth]', '17/08/1990']]);
    expect(dob.body_.data).toMatchObject({
      verification_status: 'pending',
      review_changes: ['date_of_birth'],
    });
  });
});

describe('limits and refusals name the field and the rule', () => {
  const app = useTestApp();

  it("a 422 never says a bare 'Validation failed': its message names each field refused", async () => {
    const longName = await call(app(), {
      method: 'POST',
      url: '/api/v1/users',
      payload: {
        user: { email: `${'a'.repeat(250)}@example.com`, password: 'password123', user_role_id: 2 },
      },
    });
    expect(longName.statusCode).toBe(422);
    expect(longName.body_.errors.email).toEqual(['must be at most 254 characters']);
    expect(longName.body_.message).toBe('Email must be at most 254 characters');

    const student = await studentWithRecord(app());
    const tooLong = await call(app(), {
      method: 'PUT',
      url: `/api/v1/students/${student.studentId}`,
      token: student.token,
      payload: { student: { name: 'x'.repeat(3000), address: 'y'.repeat(14000) } },
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.body_.message).toBe(
      'Name must be at most 200 characters; Address must be at most 1000 characters',
    );
  });
});
