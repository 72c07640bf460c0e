import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teacherPreferences, teacherSubjects, teachers } from '../../server/db/schema';
import { loadMatchingContext } from '../../server/lib/matching';
import { serializeRequest } from '../../server/lib/requests';
import { findRequest } from '../../server/services/requests';
import { studentWithRecord } from './fixtures/students';
import { insertTeacher, subjectId } from './fixtures/teachers';
import { call, useTestApp } from './helper';

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

  it('answers a matching page in at most three statements (the session check included)', async () => {
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
    const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } })
      .$client;
    const original = client.query;
    let statements = 0;
    client.query = function (this: unknown, ...args: unknown[]) {
      statements += 1;
      return original.apply(this, args);
    };
    try {
      for (const url of [`${URL}/${made.body_.data.id}/matching_teachers`, '/api/v1/students/me/finder']) {
        statements = 0;
        const res = await call(app(), { method: 'GET', url, token: s.token });
        expect(res.statusCode).toBe(200);
        expect(statements).toBeLessThanOrEqual(3);
      }
    } finally {
      client.query = original;
    }
  });
});
