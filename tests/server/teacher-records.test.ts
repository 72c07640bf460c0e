import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toWireDate } from '../../contract/rules/common';
import type { Db } from '../../server/db/client';
import { rowsOf } from '../../server/db/rows';
import {
  subjects,
  teacherEducationalQualifications,
  teacherPreferences,
  teacherSchedules,
  teacherSubjects,
  teachers,
  timeSlots,
  uploads,
} from '../../server/db/schema';
import { privateUploadPath, publicUploadPath } from '../../server/lib/uploads';
import { listTeachersPage } from '../../server/services/admin-teacher-list';
import { loadTeacherRecords } from '../../server/services/teacher-records';
import { insertTeacher, readyForReview } from './fixtures/admin-teachers';
import { call, useTestApp } from './helper';
import { adminToken, createTeacher, fixture, multipart, preferenceParts } from './teacher-helpers';

/**
 * The database keeps every teacher's full record as JSON (migration 0029, teacher_record_cache, kept
 * by triggers; built as migration 0028 built them). Here they are assembled again from the tables,
 * row by row in JavaScript, the way the server did it before: both must give the same records,
 * field for field, after every kind of write.
 */
async function assembled(db: Db, ids: number[]) {
  const rows = await db.select().from(teachers).where(inArray(teachers.id, ids));
  const doc = async (id: number | null) => {
    if (!id) return null;
    const [u] = await db.select().from(uploads).where(eq(uploads.id, id));
    return u
      ? { id: u.id, file_name: u.originalName, content_type: u.contentType, url: privateUploadPath(u.id) }
      : null;
  };
  const out = [];
  for (const id of ids) {
    const t = rows.find((r) => r.id === id);
    if (!t) continue;
    const photo = t.profilePhotoId
      ? (await db.select().from(uploads).where(eq(uploads.id, t.profilePhotoId)))[0]?.storedName
      : null;
    const taught = (
      await db
        .select({ id: subjects.id, name: subjects.name })
        .from(teacherSubjects)
        .innerJoin(subjects, eq(subjects.id, teacherSubjects.subjectId))
        .where(eq(teacherSubjects.teacherId, id))
    ).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
    const [q] = await db
      .select()
      .from(teacherEducationalQualifications)
      .where(eq(teacherEducationalQualifications.teacherId, id))
      .orderBy(sql`${teacherEducationalQualifications.id} desc`)
      .limit(1);
    const [p] = await db
      .select()
      .from(teacherPreferences)
      .where(eq(teacherPreferences.teacherId, id))
      .orderBy(sql`${teacherPreferences.id} desc`)
      .limit(1);
    const schedules = await db
      .select()
      .from(teacherSchedules)
      .where(eq(teacherSchedules.teacherId, id))
      .orderBy(teacherSchedules.weekDay, teacherSchedules.id);
    const subjectName = q?.subjectId
      ? ((await db.select().from(subjects).where(eq(subjects.id, q.subjectId)))[0]?.name ?? null)
      : null;
    out.push({
      id: t.id,
      user_id: t.userId,
      name: t.name,
      email: t.email,
      mobile_number: t.mobileNumber,
      whatsapp_number: t.whatsappNumber,
      alt_mobile: t.altMobile,
      gender: t.gender,
      date_of_birth: toWireDate(t.dateOfBirth),
      address: t.address,
      latitude: t.latitude,
      longitude: t.longitude,
      profile_photo: photo ? publicUploadPath(photo) : null,
      aadhar_photo: t.aadharPhotoId ? privateUploadPath(t.aadharPhotoId) : null,
      is_active: t.isActive,
      verification_status: t.verificationStatus,
      verified: t.verificationStatus === 'verified',
      rejection_reason: t.rejectionReason,
      review_changes: t.reviewChanges,
      review_version: t.reviewVersion,
      created_at: t.createdAt.toISOString(),
      teacher_educational_qualification: q
        ? {
            id: q.id,
            teacher_id: id,
            degree_id: q.degreeId,
            degree_name: q.degreeName,
            subject_id: q.subjectId,
            subject_name: subjectName,
            year_of_passing: q.yearOfPassing,
            school_name: q.schoolName,
            college_name: q.collegeName,
            university_name: q.universityName,
            school_education_board: q.schoolEducationBoard,
          }
        : null,
      teacher_preference: p
        ? {
            id: p.id,
            teacher_id: id,
            teaching_radius_km: p.teachingRadiusKm,
            preferred_teaching_type: p.preferredTeachingType,
            prior_experience: p.priorExperience,
            teaching_mode: p.teachingMode,
            teaching_location_preference: p.teachingLocationPreference,
            teaching_school: p.teachingSchool,
            special_need_children: p.specialNeedChildren,
            special_attention_children: p.specialAttentionChildren,
            preferred_medium: p.preferredMedium,
            subject_ids: taught.map((s) => s.id),
            subjects: taught,
            mark_sheet: await doc(p.markSheetId),
            highest_qualification_certificate: await doc(p.highestQualificationCertificateId),
            resume: await doc(p.resumeId),
          }
        : null,
      teacher_schedules: await Promise.all(
        schedules.map(async (s) => ({
          id: s.id,
          teacher_id: id,
          week_day: s.weekDay,
          time_slots: (
            await db
              .select()
              .from(timeSlots)
              .where(eq(timeSlots.teacherScheduleId, s.id))
              .orderBy(timeSlots.id)
          ).map((sl) => ({ id: sl.id, time_of_day: sl.timeOfDay, preferred_group: sl.preferredGroup })),
        })),
      ),
      subjects: taught,
    });
  }
  return out;
}

describe('teacher records built by the database', () => {
  const app = useTestApp();

  it('equal the records assembled from the tables, in the order asked, missing ids skipped', async () => {
    const db = app().db;
    const full = await insertTeacher(db, {
      name: `O'Brien "Babu" \\ দত্ত 😀`,
      documents: true,
      subjects: ['Physics', 'Environmental Science', 'Mathematics'],
    });
    const bare = await insertTeacher(db, { isActive: false, verificationStatus: 'rejected' });
    const plain = await insertTeacher(db, { subjects: ['Physics'], verificationStatus: 'verified' });
    const [photo] = await db
      .insert(uploads)
      .values({
        ownerUserId: full.userId,
        kind: 'profile_photo',
        storedName: 'abc.png',
        originalName: 'me.png',
        contentType: 'image/png',
        byteSize: 1,
        isPublic: true,
      })
      .returning();
    await db.execute(sql`update teachers set profile_photo_id = ${photo.id}, latitude = 22.572646,
      longitude = 88.363895, whatsapp_number = '9830098300', review_changes = '{name,aadhar_photo}',
      created_at = '2026-03-04 05:06:07.999999+00' where id = ${full.id}`);
    await db.execute(sql`update teachers set rejection_reason = 'Blurred ''Aadhar''',
      created_at = '2026-03-04 05:06:07.1234+05:30' where id = ${bare.id}`);
    await db.execute(
      sql`update teacher_preferences set resume_id = mark_sheet_id where teacher_id = ${full.id}`,
    );
    const [physics] = await db.select().from(subjects).where(eq(subjects.name, 'Physics'));
    await db.execute(sql`insert into teacher_educational_qualifications
      (teacher_id, degree_id, degree_name, subject_id, year_of_passing, school_name, college_name, university_name)
      values (${full.id}, null, 'M.Sc.', ${physics.id}, '2012', 'Hindu School', 'Presidency', 'CU'),
             (${full.id}, 5, null, null, '2014', '', 'Jadavpur', 'JU'),
             (${plain.id}, 3, null, null, '2008', 'Ballygunge Govt', '', '')`);
    for (const day of [3, 1]) {
      const [schedule] = await db
        .insert(teacherSchedules)
        .values({ teacherId: full.id, weekDay: day })
        .returning();
      await db.insert(timeSlots).values([
        { teacherScheduleId: schedule.id, timeOfDay: 'evening', preferredGroup: 'any' },
        { teacherScheduleId: schedule.id, timeOfDay: 'morning', preferredGroup: 'school' },
      ]);
    }

    const ids = [plain.id, 999999, full.id, bare.id, plain.id];
    const built = await loadTeacherRecords(db, ids);
    expect(built.map((r) => r.id)).toEqual([plain.id, full.id, bare.id, plain.id]);
    expect(built).toEqual(await assembled(db, ids));
    const record = built[1];
    expect(record).toMatchObject({
      name: `O'Brien "Babu" \\ দত্ত 😀`,
      created_at: '2026-03-04T05:06:07.999Z',
      date_of_birth: '01/05/1990',
      profile_photo: '/uploads/profile_photos/abc.png',
      teacher_educational_qualification: { degree_id: 5, subject_name: null },
    });
    expect(record?.teacher_schedules.map((s) => s.week_day)).toEqual([1, 3]);
    expect(await loadTeacherRecords(db, [])).toEqual([]);
    expect(await loadTeacherRecords(db, [999999])).toEqual([]);
  });

  it('make the admin list page with its exact total, also past the last page', async () => {
    const db = app().db;
    const page = await listTeachersPage(db, { page: 1, limit: 2, status: 'all', search: '' });
    const records = page.texts.map((text) => JSON.parse(text) as { id: number });
    expect(records).toHaveLength(2);
    expect(records).toEqual(
      await assembled(
        db,
        records.map((r) => r.id),
      ),
    );
    await expectAllStoredCurrent(db);
    const past = await listTeachersPage(db, { page: 1000, limit: 2, status: 'all', search: '' });
    expect(past).toEqual({ texts: [], count: page.count });
    const searched = await listTeachersPage(db, {
      page: 1000,
      limit: 2,
      status: 'active',
      search: 'physics',
    });
    expect(searched.texts).toEqual([]);
    expect(searched.count).toBeGreaterThan(0);
  });

  it('stay equal to the tables after each kind of write through the routes', async () => {
    const db = app().db;
    const admin = await adminToken(app());
    const t = await createTeacher(app());
    const id = t.teacherId;
    /** The stored record, as loadTeacherRecords and the admin list answer it, equals the tables. */
    const check = async (what: string) => {
      const tables = await assembled(db, [id]);
      expect(await loadTeacherRecords(db, [id]), what).toEqual(tables);
      const listed = await call(app(), {
        method: 'GET',
        url: `/api/v1/teachers?search=${encodeURIComponent(t.email)}`,
        token: admin,
      });
      expect(listed.statusCode, what).toBe(200);
      expect(listed.body_.data, what).toEqual(tables);
      await expectAllStoredCurrent(db);
    };
    await check('created with photos');

    const patched = await call(app(), {
      method: 'PATCH',
      url: `/api/v1/teachers/${id}`,
      token: t.token,
      payload: {
        teacher: { alt_mobile: '9123456780', date_of_birth: '01/02/1985', name: 'Anita "Rani" Sen' },
      },
    });
    expect(patched.statusCode).toBe(200);
    await check('profile edited');

    const photo = await call(app(), {
      method: 'POST',
      url: `/api/v1/teachers/${id}`,
      token: t.token,
      ...multipart([
        ['teacher[name]', 'Anita Sen Gupta'],
        ['teacher[profile_photo]', { filename: 'new.png', data: fixture('photo.png'), type: 'image/png' }],
      ]),
    });
    expect(photo.statusCode).toBe(200);
    await check('profile photo replaced');

    const created = await call(app(), {
      method: 'POST',
      url: '/api/v1/subjects',
      token: admin,
      payload: { subject: { name: 'Astrophysics', is_active: true } },
    });
    expect(created.statusCode).toBe(201);
    const subject = created.body_.data.id as number;
    const preferences = `/api/v1/teachers/${id}/teacher_preferences`;
    const saved = await call(app(), {
      method: 'POST',
      url: preferences,
      token: t.token,
      ...multipart(
        preferenceParts([
          ['teacher_preference[subject_ids][]', String(subject)],
          ['teacher_preference[teaching_radius_km]', '7'],
        ]),
      ),
    });
    expect(saved.statusCode).toBe(201);
    await check('preferences, subjects and documents saved');
    const resaved = await call(app(), {
      method: 'POST',
      url: preferences,
      token: t.token,
      ...multipart(
        preferenceParts([
          ['teacher_preference[subject_ids][]', '3'],
          ['teacher_preference[prior_experience]', '4'],
        ]),
      ),
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    await check('subjects changed, documents replaced');

    const qualifications = `/api/v1/teachers/${id}/teacher_educational_qualifications`;
    const qualification = {
      degree_id: 5,
      degree_name: null,
      subject_id: subject,
      year_of_passing: '2012',
      school_name: 'Hindu School',
      college_name: 'Presidency College',
      university_name: 'University of Calcutta',
      school_education_board: 'state',
    };
    const added = await call(app(), {
      method: 'POST',
      url: qualifications,
      token: t.token,
      payload: { teacher_educational_qualification: qualification },
    });
    expect(added.statusCode).toBe(201);
    await check('qualification added');
    const qualificationUrl = `/api/v1/teacher_educational_qualifications/${added.body_.data.id}`;
    const changed = await call(app(), {
      method: 'PUT',
      url: qualificationUrl,
      token: t.token,
      payload: { teacher_educational_qualification: { ...qualification, university_name: 'Jadavpur' } },
    });
    expect(changed.statusCode).toBe(200);
    await check('qualification changed');

    const renamed = await call(app(), {
      method: 'PUT',
      url: `/api/v1/subjects/${subject}`,
      token: admin,
      payload: { subject: { name: 'Astronomy and Astrophysics' } },
    });
    expect(renamed.statusCode).toBe(200);
    await check('a subject of the qualification renamed');

    const schedule = `/api/v1/teachers/${id}/teacher_schedules/import_schedule`;
    const week = (days: number[]) => ({
      teacher_id: id,
      teacher_schedules: days.map((day) => ({
        week_day: day,
        time_slots_attributes: [
          { time_of_day: 'morning', preferred_group: 'any' },
          { time_of_day: 'evening', preferred_group: 'school' },
        ],
      })),
    });
    const imported = await call(app(), {
      method: 'POST',
      url: schedule,
      token: t.token,
      payload: week([0, 6]),
    });
    expect(imported.statusCode).toBe(201);
    await check('schedule imported');
    const replaced = await call(app(), { method: 'POST', url: schedule, token: t.token, payload: week([2]) });
    expect(replaced.statusCode).toBe(201);
    await check('schedule replaced');

    const removed = await call(app(), { method: 'DELETE', url: qualificationUrl, token: t.token });
    expect(removed.statusCode).toBe(200);
    await check('qualification removed');

    // Approval needs a teacher pending review with every document on file.
    await readyForReview(db, id);
    await check('documents sent for review');
    const approved = await call(app(), {
      method: 'PATCH',
      url: `/api/v1/teachers/${id}/approve`,
      token: admin,
    });
    expect(approved.statusCode).toBe(200);
    await check('approved by an administrator');
    await readyForReview(db, id);
    const rejected = await call(app(), {
      method: 'PATCH',
      url: `/api/v1/teachers/${id}/reject`,
      token: admin,
      payload: { reason: 'Blurred documents' },
    });
    expect(rejected.statusCode).toBe(200);
    await check('rejected (and deactivated) by an administrator');

    const gone = await call(app(), { method: 'DELETE', url: `/api/v1/teachers/${id}`, token: admin });
    expect(gone.statusCode).toBeLessThan(300);
    const stored = await db.execute(
      sql`select teacher_id from teacher_record_cache where teacher_id = ${id}`,
    );
    expect(rowsOf(stored)).toEqual([]);
    await expectAllStoredCurrent(db);
  });
});

/** Every stored record is the record the tables give now (and every teacher has one). */
async function expectAllStoredCurrent(db: Db) {
  const result = await db.execute(sql`select coalesce(c.teacher_id, b.teacher_id) as id
      from teacher_record_cache c
      full join teacher_records_build(array(select id from teachers)) b on b.teacher_id = c.teacher_id
     where c.record is distinct from b.record`);
  expect(rowsOf(result)).toEqual([]);
}
