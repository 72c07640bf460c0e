import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { maskResponse } from '../../contract/api/route';
import { HTTP_MESSAGES } from '../../contract/rules/http';
import { MatchCard } from '../../contract/structs/request';
import type { Db } from '../../server/db/client';
import {
  subjects,
  teacherPreferences,
  teacherSchedules,
  teacherSubjects,
  teachers,
  timeSlots,
  uploads,
} from '../../server/db/schema';
import { serializeRequest } from '../../server/lib/requests';
import { revokeSession } from '../../server/lib/sessions';
import {
  findMatchingTeachers,
  greatCircleKm,
  loadMatchingContext,
  type MatchQuery,
  type MatchRow,
} from '../../server/services/matching';
import { findRequest } from '../../server/services/requests';
import { requestAndConnect, studentWithRecord } from './fixtures/students';
import { insertTeacher, subjectId } from './fixtures/teachers';
import { call, countStatements, useTestApp } from './helper';

const URL = '/api/v1/teacher_student_requests';

/**
 * The match index (teacher_match, kept by triggers) must always say what the tables say: every
 * (teacher, subject) of an active, not rejected teacher with preferences, with their location,
 * radius, mode, verification, experience and mediums.
 */
describe('the match index follows the tables', () => {
  const app = useTestApp();
  const rowsOf = (r: unknown) => (r as { rows: Record<string, unknown>[] }).rows;

  async function expectInStep() {
    const db = app().db;
    const expected = rowsOf(
      await db.execute(sql`
        SELECT ts.teacher_id, ts.subject_id, t.latitude, t.longitude, p.teaching_mode,
          t.verification_status = 'verified' AS verified, p.prior_experience,
          round(acos(cos(p.teaching_radius_km / 6371.0::float8))::numeric * 6371, 6)::float8 AS radius_km,
          array_to_string(ARRAY(SELECT lower(x) FROM unnest(p.preferred_medium) x), ',') AS mediums
        FROM teacher_subjects ts JOIN teachers t ON t.id = ts.teacher_id
        JOIN teacher_preferences p ON p.teacher_id = ts.teacher_id
        WHERE t.is_active AND t.verification_status <> 'rejected'
        ORDER BY 1, 2`),
    );
    const actual = rowsOf(
      await db.execute(sql`
        SELECT teacher_id, subject_id, latitude, longitude, teaching_mode, verified, prior_experience,
          round(acos(cos_radius)::numeric * 6371, 6)::float8 AS radius_km, array_to_string(mediums, ',') AS mediums
        FROM teacher_match ORDER BY 1, 2`),
    );
    expect(actual).toEqual(expected);
    // The unit vector is the location's.
    const off = rowsOf(
      await db.execute(sql`
        SELECT count(*)::int AS n FROM teacher_match m
        WHERE abs(m.uz - sin(radians(m.latitude))) > 1e-12
          OR abs(m.ux - cos(radians(m.latitude)) * cos(radians(m.longitude))) > 1e-12`),
    );
    expect(off[0].n).toBe(0);
    await expectSubsetsInStep(db);
    return actual.length;
  }

  it('after inserts, preference, location, status and subject changes, merges and deletes', async () => {
    const db = app().db;
    const a = await insertTeacher(db, {
      name: 'Index A',
      subjects: ['Physics', 'Chemistry'],
      mediums: ['English'],
    });
    const b = await insertTeacher(db, { name: 'Index B', subjects: ['Physics'], verified: true });
    await insertTeacher(db, { name: 'Index C', subjects: ['Biology'], status: 'rejected' });
    await insertTeacher(db, { name: 'Index D', subjects: ['Biology'], active: false });
    expect(await expectInStep()).toBeGreaterThanOrEqual(3);

    await db
      .update(teacherPreferences)
      .set({
        teachingMode: 'online',
        teachingRadiusKm: 12,
        priorExperience: 9,
        preferredMedium: ['Hindi', 'BENGALI'],
      })
      .where(eq(teacherPreferences.teacherId, a.teacherId));
    await db.update(teachers).set({ latitude: 23.1, longitude: 87.9 }).where(eq(teachers.id, a.teacherId));
    await db.update(teachers).set({ verificationStatus: 'verified' }).where(eq(teachers.id, a.teacherId));
    await expectInStep();

    // Deactivated, rejected, back again; unrelated columns change nothing.
    await db.update(teachers).set({ isActive: false }).where(eq(teachers.id, b.teacherId));
    await db
      .update(teachers)
      .set({ isActive: true, verificationStatus: 'rejected' })
      .where(eq(teachers.id, a.teacherId));
    await expectInStep();
    await db
      .update(teachers)
      .set({ verificationStatus: 'pending', name: 'Index A2' })
      .where(eq(teachers.id, a.teacherId));
    await db.update(teachers).set({ isActive: true }).where(eq(teachers.id, b.teacherId));
    await expectInStep();

    // Subjects replaced (as the preference step does), moved by a merge, a preference removed.
    await db.delete(teacherSubjects).where(eq(teacherSubjects.teacherId, a.teacherId));
    await db
      .insert(teacherSubjects)
      .values({ teacherId: a.teacherId, subjectId: await subjectId(db, 'Biology') });
    await expectInStep();
    await db.execute(sql`UPDATE teacher_subjects SET subject_id = ${await subjectId(db, 'Chemistry')}::int
      WHERE teacher_id = ${b.teacherId}::int`);
    await expectInStep();
    await db.delete(teacherPreferences).where(eq(teacherPreferences.teacherId, b.teacherId));
    await expectInStep();

    // A deleted teacher leaves nothing behind.
    await db.delete(teachers).where(eq(teachers.id, a.teacherId));
    await expectInStep();
  });

  it('loads the request, its wire shape and the caller in one statement, as the separate reads do', async () => {
    const db = app().db;
    const s = await studentWithRecord(app());
    const res = await call(app(), {
      method: 'POST',
      url: URL,
      token: s.token,
      payload: {
        teacher_student_request: {
          subject_ids: [await subjectId(db, 'Physics'), await subjectId(db, 'Chemistry')],
          latitude: 22.5,
          longitude: 88.3,
        },
      },
    });
    expect(res.statusCode).toBe(201);
    const id = res.body_.data.id as number;
    const ctx = await loadMatchingContext(
      db,
      { requestId: id },
      { studentUserId: s.userId, teacherUserId: null },
      { count: false, windowSeconds: 3600 },
    );
    const row = await findRequest(db, id);
    expect(ctx.request).toEqual(row);
    expect(ctx.asked).toEqual(row);
    expect(ctx.serialized).toEqual(await serializeRequest(db, row));
    expect(ctx.callerStudentId).toBe(row.studentId);
    expect(ctx.hit).toBeNull();
    const latest = await loadMatchingContext(
      db,
      { latestOfCaller: true },
      { studentUserId: s.userId, teacherUserId: null },
      { count: true, windowSeconds: 3600 },
    );
    expect(latest.request).toEqual(row);
    expect(latest.hit?.hits).toBe(1);
  });

  it('answers a matching page in one statement when it served the same request before (the session check included)', async () => {
    const db = app().db;
    await insertTeacher(db, { name: 'Counted', subjects: ['Geography'], teachingMode: 'offline' });
    const s = await studentWithRecord(app());
    const made = await call(app(), {
      method: 'POST',
      url: URL,
      token: s.token,
      payload: {
        teacher_student_request: {
          subject_ids: [await subjectId(db, 'Geography')],
          mode_of_teaching: 'offline',
        },
      },
    });
    // The same request with the student's location (the distance cuts the candidates).
    const located = await call(app(), {
      method: 'POST',
      url: URL,
      token: s.token,
      payload: {
        teacher_student_request: {
          subject_ids: [await subjectId(db, 'Geography')],
          mode_of_teaching: 'offline',
          latitude: 22.57,
          longitude: 88.36,
        },
      },
    });
    expect(located.statusCode).toBe(201);
    const statements = countStatements(db);
    try {
      // The first time: the context (with the session check), then the page; a card whose record this
      // process has not read yet is read in a statement of its own (the first page here). The second
      // time the page is read in the context's statement, and answers the same bytes.
      const first = new Map<string, string>();
      for (const [url, once, again] of [
        [`${URL}/${made.body_.data.id}/matching_teachers`, 3, 1],
        [`${URL}/${located.body_.data.id}/matching_teachers`, 2, 1],
        ['/api/v1/students/me/finder', 2, 1],
        [`${URL}/${made.body_.data.id}/matching_teachers`, 1, 1],
      ] as const)
        for (const most of [once, again]) {
          statements.reset();
          const res = await call(app(), { method: 'GET', url, token: s.token });
          expect(res.statusCode).toBe(200);
          if (url.endsWith('matching_teachers'))
            expect(res.body_.data.map((m: { teacher: { name: string } }) => m.teacher.name)).toEqual([
              'Counted',
            ]);
          expect(statements.count(), url).toBeLessThanOrEqual(most);
          if (!first.has(url)) first.set(url, res.body);
          expect(res.body, url).toBe(first.get(url));
        }
      // Changed since this process read it: the page is the one the request as stored asks for.
      const changed = await call(app(), {
        method: 'PATCH',
        url: `${URL}/${made.body_.data.id}`,
        token: s.token,
        payload: { teacher_student_request: { mode_of_teaching: 'online' } },
      });
      expect(changed.statusCode).toBe(200);
      const online = await call(app(), {
        method: 'GET',
        url: `${URL}/${made.body_.data.id}/matching_teachers`,
        token: s.token,
      });
      expect(online.body_).toMatchObject({ data: [], teacher_count: 0, mode_unavailable: true });
    } finally {
      statements.restore();
    }
    // A revoked session gets 401 and no page, and its pages are not counted against the student.
    const hits = async () =>
      rowsOf(
        await db.execute(sql`SELECT hits FROM rate_limits WHERE key = ${`matching:student:${s.studentId}`}`),
      )[0]?.hits;
    const counted = await hits();
    expect(counted).toBe(9);
    const { sid } = JSON.parse(Buffer.from(s.token.split('.')[1] as string, 'base64url').toString());
    await revokeSession(db, sid);
    for (const url of [
      `${URL}/${made.body_.data.id}/matching_teachers`,
      `${URL}/${made.body_.data.id}/matching_teachers?filter=unknown`,
      `${URL}/999999/matching_teachers`,
      '/api/v1/students/me/finder',
    ]) {
      const res = await call(app(), { method: 'GET', url, token: s.token });
      expect(res.statusCode, url).toBe(401);
      expect(res.body_.message).toBe(HTTP_MESSAGES.sessionExpired);
      expect(res.body).not.toContain('Counted');
    }
    expect(await hits()).toBe(counted);
  });

  /**
   * A page answered before is sent again while the generation of migration 0036 stays the same: each
   * thing a page is made from is changed between two views here, and the next view must be the page
   * as made now (a page with a limit no view of that page asked for is made afresh: with fewer than
   * three teachers, the same but for its limit).
   */
  it('sends a page answered before again only while nothing it was made from has changed', async () => {
    const db = app().db;
    const a = await insertTeacher(db, { name: 'Again A', subjects: ['History'], teachingMode: 'offline' });
    const b = await insertTeacher(db, {
      name: 'Again B',
      subjects: ['History'],
      teachingMode: 'both',
      experience: 5,
      slotGroup: 'individual',
    });
    const s = await studentWithRecord(app());
    const history = await subjectId(db, 'History');
    const made = await call(app(), {
      method: 'POST',
      url: URL,
      token: s.token,
      payload: { teacher_student_request: { subject_ids: [history], mode_of_teaching: 'offline' } },
    });
    expect(made.statusCode).toBe(201);
    const id = made.body_.data.id as number;
    const pages = [
      `${URL}/${id}/matching_teachers`,
      `${URL}/${id}/matching_teachers?filter=group`,
      '/api/v1/students/me/finder',
    ];
    const view = async (url: string, token = s.token) => {
      const res = await call(app(), { method: 'GET', url, token });
      expect(res.statusCode, url).toBe(200);
      return res;
    };
    const withoutLimit = (body: { limit: unknown; pagination: unknown }) => ({
      ...body,
      limit: null,
      pagination: null,
    });
    const pageOf = (url: string, body: Record<string, unknown>) =>
      withoutLimit((url.endsWith('finder') ? body.data : body) as { limit: unknown; pagination: unknown });
    const madeNow = async (url: string, unasked: number) =>
      pageOf(url, (await view(`${url}${url.includes('?') ? '&' : '?'}limit=${unasked}`)).body_);
    const unlimited = () =>
      db.execute(sql`DELETE FROM rate_limits WHERE key = ${`matching:student:${s.studentId}`}`);
    const changes: Array<[string, () => Promise<unknown>]> = [
      [
        'a teacher’s name (their stored record)',
        () => db.update(teachers).set({ name: 'Again A, renamed' }).where(eq(teachers.id, a.teacherId)),
      ],
      [
        'a teacher’s experience (the order)',
        () =>
          db
            .update(teacherPreferences)
            .set({ priorExperience: 9 })
            .where(eq(teacherPreferences.teacherId, a.teacherId)),
      ],
      [
        'a teacher’s slots (the group filter)',
        () =>
          db.execute(sql`UPDATE time_slots SET preferred_group = 'group' WHERE teacher_schedule_id IN
          (SELECT id FROM teacher_schedules WHERE teacher_id = ${b.teacherId})`),
      ],
      [
        'the request',
        () =>
          db.execute(sql`UPDATE teacher_student_requests SET preferred_time = '{evening}' WHERE id = ${id}`),
      ],
      [
        'a connection (the request sent to a teacher)',
        async () => {
          const res = await call(app(), {
            method: 'POST',
            url: `${URL}/${id}/connect`,
            token: s.token,
            payload: { teacher_id: a.teacherId },
          });
          expect(res.statusCode).toBe(201);
        },
      ],
      [
        'a subject’s name',
        () => db.update(subjects).set({ name: 'History of Bengal' }).where(eq(subjects.id, history)),
      ],
      [
        'the student',
        () => db.execute(sql`UPDATE students SET name = 'Renamed Student' WHERE id = ${s.studentId}`),
      ],
      ['a teacher deleted', () => db.delete(teachers).where(eq(teachers.id, b.teacherId))],
    ];
    const statements = countStatements(db);
    try {
      for (const [i, [what, change]] of changes.entries()) {
        await unlimited();
        const before = new Map<string, string>();
        for (const url of pages) {
          const first = await view(url);
          statements.reset();
          const again = await view(url);
          expect(statements.count(), `${what}, before: ${url}`).toBe(1);
          expect(again.body, `${what}, before: ${url}`).toBe(first.body);
          before.set(url, first.body);
        }
        await change();
        let shown = false;
        for (const url of pages) {
          const after = await view(url);
          expect(pageOf(url, after.body_), `${what}, after: ${url}`).toEqual(await madeNow(url, 3 + i));
          shown ||= after.body !== before.get(url);
        }
        expect(shown, what).toBe(true);
      }
      await db.update(subjects).set({ name: 'History' }).where(eq(subjects.id, history));
      // Who may see a page and how many pages they asked for are checked afresh on every view.
      await unlimited();
      await view(pages[0] as string);
      await view(pages[0] as string);
      const other = await studentWithRecord(app());
      const refused = await call(app(), { method: 'GET', url: pages[0] as string, token: other.token });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).not.toContain('Again A');
      await db.execute(
        sql`UPDATE rate_limits SET hits = 100000 WHERE key = ${`matching:student:${s.studentId}`}`,
      );
      const limited = await call(app(), { method: 'GET', url: pages[0] as string, token: s.token });
      expect(limited.statusCode).toBe(429);
    } finally {
      statements.restore();
      await unlimited();
    }
  });

  /**
   * A page's cards are read from the stored teacher records (teacher_record_cache): each must say
   * what the tables say, as a card built from them would, after each kind of write a card shows.
   */
  it('gives the cards the tables give, after photo, name, subject, schedule and preference changes', async () => {
    const db = app().db;
    const physics = await subjectId(db, 'Physics');
    const maths = await subjectId(db, 'Mathematics');
    const near = { latitude: 22.58, longitude: 88.37 };
    const a = await insertTeacher(db, {
      name: 'Card A',
      subjects: ['Physics', 'Mathematics', 'Chemistry'],
      verified: true,
      mediums: ['English', 'Bengali'],
      location: near,
      radiusKm: 20,
      schedule: { 0: ['morning', 'evening'], 4: ['afternoon'] },
    });
    const b = await insertTeacher(db, {
      name: 'Card B',
      subjects: ['Mathematics'],
      experience: 7,
      location: near,
    });
    await insertTeacher(db, {
      name: 'Card C',
      subjects: ['Physics'],
      teachingMode: 'both',
      mediums: ['Hindi'],
    });
    const s = await studentWithRecord(app());
    const { parentId } = await requestAndConnect(app(), s.token, [a.teacherId]);
    const queries: MatchQuery[] = [
      {
        subjectIds: [physics, maths],
        modeOfTeaching: 'offline',
        preferredMedium: 'english',
        filter: 'all',
        limit: 20,
        offset: 0,
      },
      {
        subjectIds: [maths, physics],
        modeOfTeaching: 'both',
        preferredMedium: 'hindi',
        filter: 'all',
        limit: 2,
        offset: 1,
        location: { latitude: 22.57, longitude: 88.36 },
        requestId: parentId,
        onlineAvailable: true,
      },
      {
        subjectIds: [physics, maths],
        modeOfTeaching: 'offline',
        preferredMedium: 'any',
        filter: 'group',
        limit: 20,
        offset: 0,
        requestId: parentId,
      },
      {
        subjectIds: [maths],
        modeOfTeaching: 'offline',
        preferredMedium: 'english',
        filter: 'all',
        limit: 20,
        offset: 50,
      },
    ];
    const check = async () => {
      for (const q of queries) {
        const found = (await findMatchingTeachers(db, q)).rows.map(withCard);
        const expected = await cardsFromTables(
          db,
          q,
          found.map((r) => r.teacherId),
        );
        expect(found).toEqual(expected);
        shown.push(...found);
      }
    };
    const shown: ReturnType<typeof withCard>[] = [];
    await check();

    const [photo] = await db
      .insert(uploads)
      .values({
        kind: 'profile_photo',
        storedName: 'a.jpg',
        originalName: 'a.jpg',
        contentType: 'image/jpeg',
        byteSize: 1,
        isPublic: true,
      })
      .returning({ id: uploads.id });
    await db
      .update(teachers)
      .set({ profilePhotoId: photo.id, name: 'Card A2', address: 'Salt Lake, Kolkata 700091' })
      .where(eq(teachers.id, a.teacherId));
    await check();
    await db.update(uploads).set({ storedName: 'b.jpg' }).where(eq(uploads.id, photo.id));
    await db.update(subjects).set({ name: 'Maths' }).where(eq(subjects.id, maths));
    await check();
    await db.update(subjects).set({ name: 'Mathematics' }).where(eq(subjects.id, maths));
    await db.delete(teacherSubjects).where(eq(teacherSubjects.teacherId, b.teacherId));
    await db.insert(teacherSubjects).values([
      { teacherId: b.teacherId, subjectId: physics },
      { teacherId: b.teacherId, subjectId: maths },
    ]);
    const [schedule] = await db
      .insert(teacherSchedules)
      .values({ teacherId: b.teacherId, weekDay: 6 })
      .returning({ id: teacherSchedules.id });
    await db
      .insert(timeSlots)
      .values({ teacherScheduleId: schedule.id, timeOfDay: 'morning', preferredGroup: 'group' });
    await db
      .update(teacherPreferences)
      .set({ priorExperience: 12, preferredMedium: ['Hindi'], teachingMode: 'both' })
      .where(eq(teacherPreferences.teacherId, b.teacherId));
    await check();
    await db.update(teachers).set({ verificationStatus: 'verified' }).where(eq(teachers.id, b.teacherId));
    await check();
    // The checks saw every part of a card: a photo, a connection, a distance, several schedules.
    expect(shown.some((r) => r.card.profile_photo === '/uploads/profile_photos/b.jpg')).toBe(true);
    expect(shown.some((r) => r.connection !== null && r.distanceKm !== null)).toBe(true);
    expect(shown.some((r) => r.card.teacher_schedules.length === 3 && r.coveredSubjectIds.length === 2)).toBe(
      true,
    );
  });
});

/**
 * Pages without a location are read from what is ranked ahead (teacher_match_subset and its counts,
 * migration 0034): every page, its order and its total must be what ranking the tables gives, after
 * every kind of write that changes who matches or where they rank.
 */
describe('pages without a location follow the tables', () => {
  const app = useTestApp();
  const NAMES = ['Physics', 'Mathematics', 'Chemistry', 'Biology'] as const;

  it('gives the pages and totals the tables give, after each kind of write', async () => {
    const db = app().db;
    const ids = Object.fromEntries(
      await Promise.all(NAMES.map(async (n) => [n, await subjectId(db, n)] as const)),
    ) as Record<(typeof NAMES)[number], number>;
    const modes = ['online', 'offline', 'both'] as const;
    const teachersMade: number[] = [];
    // Every non-empty set of the four subjects, with ties on verification, experience and medium.
    for (let i = 0; i < 30; i++) {
      const mask = (i % 15) + 1;
      const { teacherId } = await insertTeacher(db, {
        name: `Ranked ${i}`,
        subjects: NAMES.filter((_, b) => mask & (1 << b)),
        teachingMode: modes[i % 3],
        experience: [0, 3, 3, 7][i % 4],
        mediums: [['English'], ['Hindi', 'Bengali'], ['bengali', 'ENGLISH'], []][(i >> 1) % 4],
        verified: i % 5 < 2,
        status: i === 29 ? 'rejected' : undefined,
        active: i !== 28,
      });
      teachersMade.push(teacherId);
    }
    const { Physics: ph, Mathematics: ma, Chemistry: ch, Biology: bi } = ids;
    const check = async () => {
      await expectSubsetsInStep(db);
      let compared = 0;
      const candidates = await matchableFromTables(db);
      // Every set of subjects with a turn of the request's mode, the filter and the medium.
      const kinds = [] as Array<{
        modeOfTeaching: string;
        filter: MatchQuery['filter'];
        preferredMedium: string;
      }>;
      for (const modeOfTeaching of ['offline', 'both', 'online'])
        for (const filter of ['all', 'online', 'offline'] as const)
          for (const preferredMedium of ['any', 'English', 'hindi'])
            kinds.push({ modeOfTeaching, filter, preferredMedium });
      const sets = [
        [ph],
        [ma],
        [ph, ma],
        [ma, ph, ph],
        [ph, ch],
        [ph, ma, ch],
        [ch, bi, ma],
        [ph, ma, ch, bi],
      ];
      for (const [i, subjectIds] of sets.entries())
        for (const kind of kinds.filter((_, k) => k % sets.length === i || k % 9 === i))
          for (const offset of [0, 4, 12]) {
            const q = { subjectIds, ...kind, limit: 4, offset, onlineAvailable: true };
            const expected = rankedFromTables(candidates, q);
            const found = await findMatchingTeachers(db, q);
            expect({ q, total: found.total, ids: found.rows.map((r) => r.teacherId) }).toEqual({
              q,
              total: expected.length,
              ids: expected.slice(offset, offset + 4),
            });
            compared += found.rows.length;
          }
      expect(compared).toBeGreaterThan(100);
    };
    await check();

    const [t0, t1, t2, t3, t4] = teachersMade;
    // Subjects replaced, added, moved by a merge.
    await db.delete(teacherSubjects).where(eq(teacherSubjects.teacherId, t0));
    await db.insert(teacherSubjects).values([
      { teacherId: t0, subjectId: ch },
      { teacherId: t0, subjectId: bi },
      { teacherId: t0, subjectId: ph },
    ]);
    await db.execute(sql`UPDATE teacher_subjects SET subject_id = ${bi}::int
      WHERE teacher_id = ${t1}::int AND subject_id = ${ph}::int`);
    await check();
    // Mode, experience and mediums; verification; deactivation and rejection; back again.
    await db
      .update(teacherPreferences)
      .set({ teachingMode: 'both', priorExperience: 11, preferredMedium: ['Hindi'] })
      .where(eq(teacherPreferences.teacherId, t2));
    await db.update(teachers).set({ verificationStatus: 'verified' }).where(eq(teachers.id, t3));
    await db.update(teachers).set({ isActive: false }).where(eq(teachers.id, t4));
    await db.update(teachers).set({ verificationStatus: 'rejected' }).where(eq(teachers.id, t1));
    await check();
    await db.update(teachers).set({ isActive: true }).where(eq(teachers.id, t4));
    await db.update(teachers).set({ verificationStatus: 'pending' }).where(eq(teachers.id, t1));
    // Location and radius, and a schedule slot, change nothing here.
    await db.update(teachers).set({ latitude: 23.2, longitude: 87.8 }).where(eq(teachers.id, t2));
    await db
      .update(teacherPreferences)
      .set({ teachingRadiusKm: 3 })
      .where(eq(teacherPreferences.teacherId, t3));
    const [schedule] = await db
      .insert(teacherSchedules)
      .values({ teacherId: t0, weekDay: 5 })
      .returning({ id: teacherSchedules.id });
    await db
      .insert(timeSlots)
      .values({ teacherScheduleId: schedule.id, timeOfDay: 'morning', preferredGroup: 'group' });
    await check();
    // Preferences removed (no mode: not matched), a teacher deleted, all of a subject's rows at once.
    await db.delete(teacherPreferences).where(eq(teacherPreferences.teacherId, t3));
    await db.delete(teachers).where(eq(teachers.id, t4));
    await db.update(teacherPreferences).set({ priorExperience: 3 });
    await db.delete(teacherSubjects).where(eq(teacherSubjects.subjectId, ch));
    await check();
    // About 700 pages compared, each against a ranking from the tables: seconds, more on a busy machine.
  }, 120_000);
});

/** Modes a request and a filter on mode admit (online taught here, as the test's queries ask). */
function modesFor(mode: string, filter: string): string[] {
  const admitted = new Set<string>();
  if (mode !== 'offline') for (const m of ['online', 'both']) admitted.add(m);
  if (mode !== 'online') for (const m of ['offline', 'both']) admitted.add(m);
  if (filter === 'online') admitted.delete('offline');
  if (filter === 'offline') admitted.delete('online');
  return [...admitted];
}

/** Every teacher who can be matched (active, not rejected, preferences saved), from the tables. */
async function matchableFromTables(db: Db) {
  return (
    (await db.execute(sql`
      SELECT t.id, t.verification_status = 'verified' AS verified, p.teaching_mode, p.prior_experience,
        p.preferred_medium, ARRAY(SELECT ts.subject_id FROM teacher_subjects ts WHERE ts.teacher_id = t.id) AS taught
      FROM teachers t JOIN teacher_preferences p ON p.teacher_id = t.id
      WHERE t.is_active AND t.verification_status <> 'rejected'`)) as unknown as {
      rows: Array<{
        id: number;
        verified: boolean;
        teaching_mode: string;
        prior_experience: number;
        preferred_medium: string[] | null;
        taught: number[];
      }>;
    }
  ).rows;
}

/**
 * The ids of every teacher matching a request without a location, in a page's order, ranked from the
 * tables' rows: with preferences in an admitted mode and at least one requested subject; verified
 * first, then more requested subjects, more experience, medium fit, id.
 */
function rankedFromTables(
  rows: Awaited<ReturnType<typeof matchableFromTables>>,
  q: { subjectIds: number[]; modeOfTeaching: string; preferredMedium: string; filter: string },
): number[] {
  const wanted = new Set(q.subjectIds);
  const modes = modesFor(q.modeOfTeaching, q.filter);
  const medium = q.preferredMedium.toLowerCase();
  return rows
    .map((r) => ({
      ...r,
      covered: r.taught.map(Number).filter((id) => wanted.has(id)).length,
      fit: medium === 'any' || (r.preferred_medium ?? []).some((m) => m.toLowerCase() === medium),
    }))
    .filter((r) => r.covered > 0 && modes.includes(r.teaching_mode))
    .sort(
      (a, b) =>
        Number(b.verified) - Number(a.verified) ||
        b.covered - a.covered ||
        b.prior_experience - a.prior_experience ||
        Number(b.fit) - Number(a.fit) ||
        a.id - b.id,
    )
    .map((r) => r.id);
}

/**
 * teacher_match_subset holds, for every teacher in teacher_match, one row per set of one to three of
 * their subjects, and teacher_match_count the number of such rows per (set, mode): both as the tables say.
 */
async function expectSubsetsInStep(db: Db) {
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  const teachersNow = rows<{
    id: number;
    verified: boolean;
    teaching_mode: string;
    prior_experience: number;
    mediums: string[];
    taught: number[];
  }>(
    await db.execute(sql`
      SELECT t.id, t.verification_status = 'verified' AS verified, p.teaching_mode, p.prior_experience,
        ARRAY(SELECT lower(x) FROM unnest(p.preferred_medium) x) AS mediums,
        ARRAY(SELECT ts.subject_id FROM teacher_subjects ts WHERE ts.teacher_id = t.id ORDER BY 1) AS taught
      FROM teachers t JOIN teacher_preferences p ON p.teacher_id = t.id
      WHERE t.is_active AND t.verification_status <> 'rejected'`),
  );
  const expected: string[] = [];
  const counts = new Map<string, number>();
  for (const t of teachersNow) {
    const taught = t.taught.map(Number);
    const sets: number[][] = [];
    for (let i = 0; i < taught.length; i++) {
      sets.push([taught[i]]);
      for (let j = i + 1; j < taught.length; j++) {
        sets.push([taught[i], taught[j]]);
        for (let k = j + 1; k < taught.length; k++) sets.push([taught[i], taught[j], taught[k]]);
      }
    }
    for (const set of sets) {
      const key = set.join(',');
      expected.push(
        JSON.stringify([t.id, key, t.verified, t.prior_experience, t.teaching_mode, t.mediums, taught]),
      );
      counts.set(`${key}|${t.teaching_mode}`, (counts.get(`${key}|${t.teaching_mode}`) ?? 0) + 1);
    }
  }
  const actual = rows<Record<string, unknown>>(
    await db.execute(sql`SELECT teacher_id, subset, verified, prior_experience, teaching_mode, mediums, subject_ids
      FROM teacher_match_subset`),
  ).map((r) =>
    JSON.stringify([
      r.teacher_id,
      r.subset,
      r.verified,
      r.prior_experience,
      r.teaching_mode,
      r.mediums,
      (r.subject_ids as number[]).map(Number),
    ]),
  );
  expect(actual.sort()).toEqual(expected.sort());
  const countRows = rows<{ subset: string; teaching_mode: string; n: number }>(
    await db.execute(sql`SELECT subset, teaching_mode, n FROM teacher_match_count WHERE n <> 0`),
  );
  expect(new Map(countRows.map((r) => [`${r.subset}|${r.teaching_mode}`, Number(r.n)]))).toEqual(counts);
}

/**
 * The page's rows as built from the tables for these teachers (in the order given): the card from
 * teachers, uploads, teacher_preferences, teacher_subjects, subjects, teacher_schedules and
 * time_slots, the requested subjects covered, the medium fit and the request sent from this one.
 */
async function cardsFromTables(db: Db, q: MatchQuery, ids: number[]) {
  const { localityOf } = await import('../../contract/rules/matching');
  const rows = [];
  for (const id of ids) {
    const [r] = (
      (await db.execute(sql`
        SELECT t.id, t.name, t.address, t.latitude, t.longitude, t.verification_status, ph.stored_name AS photo,
          p.teaching_mode, p.prior_experience, p.preferred_medium,
          ARRAY(SELECT ts.subject_id FROM teacher_subjects ts WHERE ts.teacher_id = t.id
            AND ts.subject_id = ANY(${sql.raw(`ARRAY[${q.subjectIds.join(',')}]::int[]`)}) ORDER BY 1) AS covered,
          (SELECT json_build_object('id', r.id, 'status', r.status) FROM teacher_student_requests r
            WHERE r.parent_request_id = ${q.requestId ?? null}::int AND r.teacher_id = t.id) AS connection,
          (SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.name), '[]'::json)
             FROM teacher_subjects ts2 JOIN subjects s ON s.id = ts2.subject_id WHERE ts2.teacher_id = t.id) AS subjects,
          (SELECT coalesce(json_agg(json_build_object('id', sc.id, 'teacher_id', sc.teacher_id, 'week_day', sc.week_day,
              'time_slots', (SELECT coalesce(json_agg(json_build_object('id', sl.id, 'time_of_day', sl.time_of_day,
                  'preferred_group', sl.preferred_group) ORDER BY sl.id), '[]'::json)
                FROM time_slots sl WHERE sl.teacher_schedule_id = sc.id)) ORDER BY sc.week_day), '[]'::json)
             FROM teacher_schedules sc WHERE sc.teacher_id = t.id) AS schedules
        FROM teachers t
        LEFT JOIN teacher_preferences p ON p.teacher_id = t.id
        LEFT JOIN uploads ph ON ph.id = t.profile_photo_id
        WHERE t.id = ${id}`)) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    const json = <T>(v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as T;
    const distanceKm =
      q.location && r.latitude !== null
        ? greatCircleKm(q.location, { latitude: Number(r.latitude), longitude: Number(r.longitude) })
        : null;
    const medium = q.preferredMedium.toLowerCase();
    const mediums = (r.preferred_medium as string[]).map((m) => m.toLowerCase());
    rows.push({
      teacherId: id,
      coveredSubjectIds: (r.covered as number[]).map(Number),
      modeFit: true,
      mediumFit: medium === 'any' || mediums.includes(medium),
      distanceKm,
      connection: r.connection ? json<{ id: number; status: string }>(r.connection) : null,
      // As the response writes it: only what the contract declares.
      card: maskResponse(
        {
          id,
          name: r.name,
          profile_photo: r.photo ? `/uploads/profile_photos/${r.photo}` : null,
          verified: r.verification_status === 'verified',
          verification_status: r.verification_status,
          locality: localityOf(String(r.address ?? '')),
          distance_km: distanceKm === null ? null : Math.round(distanceKm * 10) / 10,
          subjects: json(r.subjects),
          teacher_preference: {
            teaching_mode: r.teaching_mode,
            prior_experience: r.prior_experience,
            preferred_medium: r.preferred_medium ?? [],
          },
          teacher_schedules: json(r.schedules),
        },
        MatchCard,
      ),
    });
  }
  return rows;
}

/** A matching row with its card's checked text read back (what the response carries). */
const withCard = (row: MatchRow) => ({ ...row, card: JSON.parse(row.card.text) as MatchCard });
