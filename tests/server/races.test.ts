import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../contract/rules/auth';
import { REQUEST_MESSAGES } from '../../contract/rules/request';
import { SUBJECT_MESSAGES } from '../../contract/rules/student-subject';
import { TEACHER_PERSONAL_MESSAGES } from '../../contract/rules/teacher-personal';
import {
  subjects,
  teacherPreferences,
  teacherSchedules,
  teacherStudentRequests,
  teacherSubjects,
  teachers,
  timeSlots,
  uploads,
  users,
} from '../../server/db/schema';
import { studentWithRecord } from './fixtures/students';
import { insertTeacher, subjectId } from './fixtures/teachers';
import { call, signUpAndIn, uniqueEmail, useTestApp } from './helper';
import { createTeacher, multipart, personalFields, photoParts, preferenceParts } from './teacher-helpers';

const URL = '/api/v1/teacher_student_requests';

/** The same write sent ten times at once: one success, clear 409s, no 500, no duplicate rows. */
describe('concurrent writes', () => {
  const app = useTestApp();

  const statuses = (list: Array<{ statusCode: number }>) => list.map((r) => r.statusCode).sort();

  it('ten identical sign-ups: one account', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(app(), {
          method: 'POST',
          url: '/api/v1/users',
          payload: { email, password: 'secret123', user_role_id: 2 },
        }),
      ),
    );
    expect(statuses(results)).toEqual([201, ...Array(9).fill(409)]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.body_.message).toBe(AUTH_MESSAGES.emailTaken);
    const rows = await app()
      .db.select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email));
    expect(rows).toHaveLength(1);
  });

  it('ten identical teacher creations: one record', async () => {
    const user = await signUpAndIn(app(), 1);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(app(), {
          method: 'POST',
          url: '/api/v1/teachers',
          token: user.token,
          ...multipart([...personalFields(), ...photoParts()]),
        }),
      ),
    );
    expect(statuses(results)).toEqual([201, ...Array(9).fill(409)]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.body_.message).toBe(TEACHER_PERSONAL_MESSAGES.profileExists);
    expect(await app().db.select().from(teachers).where(eq(teachers.userId, user.userId))).toHaveLength(1);
    // The refused creations' photos were removed again: only the winner's two documents remain.
    expect(await app().db.select().from(uploads).where(eq(uploads.ownerUserId, user.userId))).toHaveLength(2);
  });

  it('ten identical preference saves: one record, every document kept or removed, no 500', async () => {
    const t = await createTeacher(app());
    const url = `/api/v1/teachers/${t.teacherId}/teacher_preferences`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(app(), { method: 'POST', url, token: t.token, ...multipart(preferenceParts()) }),
      ),
    );
    // Saves take turns: the first creates the record, the others replace it.
    expect(statuses(results)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const rows = await app()
      .db.select()
      .from(teacherPreferences)
      .where(eq(teacherPreferences.teacherId, t.teacherId));
    expect(rows).toHaveLength(1);
    expect(
      await app().db.select().from(teacherSubjects).where(eq(teacherSubjects.teacherId, t.teacherId)),
    ).toHaveLength(2);
    // The replaced documents were removed: the teacher's two photos and the record's three documents.
    const kept = await app().db.select().from(uploads).where(eq(uploads.ownerUserId, t.userId));
    expect(kept.map((u) => u.kind).sort()).toEqual([
      'aadhar_photo',
      'highest_qualification_certificate',
      'mark_sheet',
      'profile_photo',
      'resume',
    ]);
    const byKind = Object.fromEntries(kept.map((u) => [u.kind, u.id]));
    expect([rows[0].markSheetId, rows[0].highestQualificationCertificateId, rows[0].resumeId]).toEqual([
      byKind.mark_sheet,
      byKind.highest_qualification_certificate,
      byKind.resume,
    ]);
  });

  it('ten identical schedule imports: one week, no 500', async () => {
    const t = await createTeacher(app());
    const payload = {
      teacher_id: t.teacherId,
      teacher_schedules: [
        { week_day: 0, time_slots_attributes: [{ time_of_day: 'morning', preferred_group: 'any' }] },
        { week_day: 2, time_slots_attributes: [{ time_of_day: 'evening', preferred_group: 'any' }] },
      ],
    };
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(app(), {
          method: 'POST',
          url: `/api/v1/teachers/${t.teacherId}/teacher_schedules/import_schedule`,
          token: t.token,
          payload,
        }),
      ),
    );
    // Imports take turns: each replaces the week.
    expect(statuses(results)).toEqual(Array(10).fill(201));
    const days = await app()
      .db.select()
      .from(teacherSchedules)
      .where(eq(teacherSchedules.teacherId, t.teacherId));
    expect(days.map((d) => d.weekDay).sort()).toEqual([0, 2]);
    for (const day of days)
      expect(
        await app().db.select().from(timeSlots).where(eq(timeSlots.teacherScheduleId, day.id)),
      ).toHaveLength(1);
  });

  it('ten identical subject additions: one subject', async () => {
    const student = await signUpAndIn(app(), 2);
    const name = `Race Subject ${Date.now() % 100000}`;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(app(), { method: 'POST', url: '/api/v1/subjects', token: student.token, payload: { name } }),
      ),
    );
    expect(statuses(results)).toEqual([201, ...Array(9).fill(409)]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.body_.message).toBe(SUBJECT_MESSAGES.duplicate(name));
    expect(
      await app()
        .db.select()
        .from(subjects)
        .where(eq(sql`lower(${subjects.name})`, name.toLowerCase())),
    ).toHaveLength(1);
  });

  it('ten identical Connects: one request sent', async () => {
    const user = await signUpAndIn(app(), 1);
    const { teacherId } = await insertTeacher(app().db, {
      name: 'Race Teacher',
      subjects: ['Physics'],
      teachingMode: 'both',
      userId: user.userId,
    });
    const s = await studentWithRecord(app());
    const made = await call(app(), {
      method: 'POST',
      url: URL,
      token: s.token,
      payload: { subject_ids: [await subjectId(app().db, 'Physics')], mode_of_teaching: 'both' },
    });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(app(), {
          method: 'POST',
          url: `${URL}/${made.body_.data.id}/connect`,
          token: s.token,
          payload: { teacher_id: teacherId },
        }),
      ),
    );
    expect(statuses(results)).toEqual([201, ...Array(9).fill(409)]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.body_.message).toBe(REQUEST_MESSAGES.alreadySent);
    const sent = await app()
      .db.select()
      .from(teacherStudentRequests)
      .where(eq(teacherStudentRequests.parentRequestId, made.body_.data.id));
    expect(sent).toHaveLength(1);
  });

  it('two teachers accepting a single-teacher request at once: exactly one wins', async () => {
    const physics = await subjectId(app().db, 'Physics');
    const teacherUsers = await Promise.all([signUpAndIn(app(), 1), signUpAndIn(app(), 1)]);
    const ids = [];
    for (const [i, u] of teacherUsers.entries())
      ids.push(
        (
          await insertTeacher(app().db, {
            name: `Single ${i}`,
            subjects: ['Physics'],
            teachingMode: 'both',
            userId: u.userId,
          })
        ).teacherId,
      );
    const s = await studentWithRecord(app());
    for (let trial = 0; trial < 5; trial++) {
      const made = await call(app(), {
        method: 'POST',
        url: URL,
        token: s.token,
        payload: {
          subject_ids: [physics],
          mode_of_teaching: 'both',
          teacher_assignment_preference: 'single',
        },
      });
      const sent = [];
      for (const teacherId of ids)
        sent.push(
          await call(app(), {
            method: 'POST',
            url: `${URL}/${made.body_.data.id}/connect`,
            token: s.token,
            payload: { teacher_id: teacherId },
          }),
        );
      const results = await Promise.all(
        sent.map((r, i) =>
          call(app(), {
            method: 'PATCH',
            url: `${URL}/${r.body_.data.id}/update_status`,
            token: teacherUsers[i].token,
            payload: { status: 'accepted' },
          }),
        ),
      );
      expect(statuses(results)).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.body_.message).toBe(
        REQUEST_MESSAGES.singleAlreadyAccepted,
      );
      const accepted = await app()
        .db.select()
        .from(teacherStudentRequests)
        .where(
          and(
            eq(teacherStudentRequests.parentRequestId, made.body_.data.id),
            eq(teacherStudentRequests.status, 'accepted'),
          ),
        );
      expect(accepted).toHaveLength(1);
    }
  });
});
