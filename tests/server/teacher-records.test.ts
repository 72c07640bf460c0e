import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toWireDate } from '../../contract/rules/common';
import type { Db } from '../../server/db/client';
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
import { insertTeacher } from './fixtures/admin-teachers';
import { useTestApp } from './helper';

/**
 * The database builds the full teacher records as JSON (migration 0028, teacher_records_json). Here
 * they are assembled again from the tables, row by row in JavaScript, the way the server did it
 * before: both must give the same records, field for field.
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
    expect(page.records).toHaveLength(2);
    expect(page.records).toEqual(
      await assembled(
        db,
        page.records.map((r) => r.id),
      ),
    );
    const past = await listTeachersPage(db, { page: 1000, limit: 2, status: 'all', search: '' });
    expect(past).toEqual({ records: [], count: page.count });
    const searched = await listTeachersPage(db, {
      page: 1000,
      limit: 2,
      status: 'active',
      search: 'physics',
    });
    expect(searched.records).toEqual([]);
    expect(searched.count).toBeGreaterThan(0);
  });
});
