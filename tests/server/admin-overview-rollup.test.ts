import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/client';
import {
  studentEducationalQualifications,
  students,
  teacherStudentRequests,
  users,
} from '../../server/db/schema';
import { monthBounds, monthOf } from '../../server/services/admin-overview';
import { adminSession, insertRequest, insertStudent, subjectIds } from './fixtures/admin-teachers';
import { call, useTestApp } from './helper';

const inMonth = (month: string, day = 10) => new Date(monthBounds(month).start.getTime() + day * 86400000);
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/**
 * The Teaching figures computed straight from the tables (what the overview answered before the
 * rollups of migration 0006): the rollups must always give the same.
 */
async function fromTables(db: Db, month: string) {
  const { start, end } = monthBounds(month);
  const inRange = sql`r.parent_request_id is null and r.created_at >= ${start.toISOString()}::timestamptz
    and r.created_at < ${end.toISOString()}::timestamptz`;
  const modes = rowsOf<{ mode: string; n: number }>(
    await db.execute(sql`select r.mode_of_teaching as mode, count(*)::int as n
      from teacher_student_requests r where ${inRange} group by 1`),
  );
  const busy = rowsOf<{ time: string; grp: string; n: number }>(
    await db.execute(sql`select t.slot as time,
        case when l.degree_id <= 3 then 'school_students' when l.degree_id <= 6 then 'college_students'
             else 'working_pro' end as grp, count(*)::int as n
      from teacher_student_requests r
      join lateral (select q.degree_id from student_educational_qualifications q
                     where q.student_id = r.student_id order by q.id desc limit 1) l on true
      cross join lateral unnest(r.preferred_time) as t(slot)
      where ${inRange} group by 1, 2`),
  );
  const subjects = rowsOf<{ subject: string; count: number }>(
    await db.execute(sql`select s.name as subject, count(*)::int as count
      from teacher_student_requests r cross join lateral unnest(r.subject_ids) as x(id)
      join subjects s on s.id = x.id where ${inRange}
      group by s.name order by count desc, s.name asc limit 10`),
  );
  const band = { morning: '8am-12pm', afternoon: '12pm-4pm', evening: '4pm-8pm' } as Record<string, string>;
  const mode = { online: 'Online', offline: 'Offline', both: 'Mix' } as Record<string, string>;
  const of = (slot: string, grp: string) =>
    busy.filter((b) => band[b.time] === slot && b.grp === grp).reduce((s, b) => s + b.n, 0);
  return {
    class_modes: ['Online', 'Offline', 'Mix'].map((name) => ({
      name,
      value: modes.filter((m) => mode[m.mode] === name).reduce((s, m) => s + m.n, 0),
    })),
    busy_hours: ['8am-12pm', '12pm-4pm', '4pm-8pm', '8pm-12am'].map((slot) => ({
      slot,
      school_students: of(slot, 'school_students'),
      college_students: of(slot, 'college_students'),
      working_pro: of(slot, 'working_pro'),
    })),
    searched_subjects: subjects,
  };
}

describe('month overview rollups (migration 0006) stay right after new writes', () => {
  const app = useTestApp();
  let token = '';
  const current = monthOf(new Date());
  const months = ['2025-01', '2025-02', current];
  const overview = async (month: string) =>
    (await call(app(), { method: 'GET', url: `/api/v1/admin/overview?month=${month}`, token })).body_.data;
  const expectSameAsTables = async () => {
    for (const month of months) {
      const data = await overview(month);
      expect(data.teaching, month).toEqual(await fromTables(app().db, month));
    }
    const [counted] = rowsOf<{ total: number; active: number }>(
      await app().db.execute(
        sql`select count(*)::int as total, (count(*) filter (where is_active))::int as active from students`,
      ),
    );
    expect((await overview(current)).summary).toMatchObject({
      total_students: counted.total,
      active_students: counted.active,
    });
  };

  let school = { id: 0, userId: 0 };
  let worker = { id: 0, userId: 0 };
  beforeAll(async () => {
    token = (await adminSession(app())).token;
    const db = app().db;
    school = await insertStudent(db, { degreeId: 3, createdAt: inMonth('2025-01', 1) });
    worker = await insertStudent(db, { degreeId: 7, createdAt: inMonth('2025-01', 1) });
    await insertRequest(db, {
      studentId: school.id,
      subjects: ['Physics', 'Mathematics'],
      mode: 'online',
      times: ['morning', 'evening'],
      createdAt: inMonth('2025-01', 3),
    });
    await insertRequest(db, {
      studentId: worker.id,
      subjects: ['English'],
      mode: 'both',
      times: ['afternoon'],
      createdAt: inMonth('2025-02', 3),
    });
  });

  it('counts new requests (and not the copies sent to teachers) in their month', async () => {
    const db = app().db;
    const r = await insertRequest(db, {
      studentId: school.id,
      subjects: ['Physics'],
      mode: 'offline',
      times: ['afternoon'],
    });
    await insertRequest(db, { studentId: school.id, subjects: ['Physics'], parentRequestId: r.id });
    // Many at once (one statement), as the demo seed writes them.
    const ids = await subjectIds(db, ['Hindi', 'Physics']);
    await db.insert(teacherStudentRequests).values(
      Array.from({ length: 5 }, (_, i) => ({
        studentId: i % 2 ? school.id : worker.id,
        subjectIds: ids.slice(0, 1 + (i % 2)),
        modeOfTeaching: 'online' as const,
        preferredGroup: 'individual',
        preferredMedium: 'english',
        teacherAssignmentPreference: 'multiple',
        preferredTime: ['morning'],
      })),
    );
    const data = await overview(current);
    expect(data.teaching.class_modes).toEqual([
      { name: 'Online', value: 5 },
      { name: 'Offline', value: 1 },
      { name: 'Mix', value: 0 },
    ]);
    expect(data.teaching.searched_subjects).toEqual([
      { subject: 'Hindi', count: 5 },
      { subject: 'Physics', count: 3 },
    ]);
    await expectSameAsTables();
  });

  it('follows a request that changes or is deleted', async () => {
    const db = app().db;
    await db
      .update(teacherStudentRequests)
      .set({ modeOfTeaching: 'both', createdAt: inMonth('2025-02', 9) })
      .where(eq(teacherStudentRequests.studentId, worker.id));
    await expectSameAsTables();
    const [first] = await db
      .select({ id: teacherStudentRequests.id })
      .from(teacherStudentRequests)
      .where(eq(teacherStudentRequests.studentId, school.id))
      .limit(1);
    await db.delete(teacherStudentRequests).where(eq(teacherStudentRequests.id, first.id));
    await expectSameAsTables();
  });

  it("moves a student's requests to the group of their new latest qualification", async () => {
    const db = app().db;
    // The school student goes to college: every month's busy hours follow the new qualification.
    const [added] = await db
      .insert(studentEducationalQualifications)
      .values({ studentId: school.id, degreeId: 5 })
      .returning();
    await expectSameAsTables();
    expect((await overview(current)).teaching.busy_hours[1]).toMatchObject({
      school_students: 0,
      college_students: 1,
    });
    await db
      .update(studentEducationalQualifications)
      .set({ degreeId: 8 })
      .where(eq(studentEducationalQualifications.id, added.id));
    await expectSameAsTables();
    await db
      .delete(studentEducationalQualifications)
      .where(eq(studentEducationalQualifications.id, added.id));
    await expectSameAsTables();
    expect((await overview(current)).teaching.busy_hours[1]).toMatchObject({ school_students: 1 });
    // Without any qualification the student's requests drop out of the busy hours.
    await db
      .delete(studentEducationalQualifications)
      .where(eq(studentEducationalQualifications.studentId, worker.id));
    await expectSameAsTables();
  });

  it('forgets a deleted student (their account removed with everything they made)', async () => {
    const db = app().db;
    await db.update(students).set({ isActive: false }).where(eq(students.id, worker.id));
    await expectSameAsTables();
    await db.delete(users).where(eq(users.id, school.userId));
    await expectSameAsTables();
    const jan = await overview('2025-01');
    expect(jan.teaching.searched_subjects).toEqual([]);
  });
});
