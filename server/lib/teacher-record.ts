import { asc, eq, inArray } from 'drizzle-orm';
import { toWireDate } from '../../contract/rules/common';
import type { TeacherRecord } from '../../contract/structs/teacher';
import type { Db } from '../db/client';
import {
  subjects,
  teacherEducationalQualifications,
  teacherPreferences,
  teacherSchedules,
  teacherSubjects,
  teachers,
  timeSlots,
  uploads,
} from '../db/schema';
import { forbidden, notFound } from './http';

/** Public URL path of a profile photo (served without a token, loaded from the API host by the client). */
export const publicUploadPath = (storedName: string) => `/uploads/profile_photos/${storedName}`;
/** URL of a private document: served only to its owner and administrators (D8). */
export const privateUploadPath = (id: number) => `/api/v1/uploads/${id}`;

type UploadRow = typeof uploads.$inferSelect;
const documentRef = (u: UploadRow | undefined) =>
  u
    ? { id: u.id, url: privateUploadPath(u.id), file_name: u.originalName, content_type: u.contentType }
    : null;

/**
 * Loads full teacher records (the shape of contract/structs/teacher.ts) for the given ids, in that
 * order, with a fixed number of queries whatever the count. Missing ids are skipped.
 */
export async function loadTeacherRecords(db: Db, ids: number[]): Promise<TeacherRecord[]> {
  if (!ids.length) return [];
  const [rows, quals, prefs, subjectRows, schedules] = await Promise.all([
    db.select().from(teachers).where(inArray(teachers.id, ids)),
    db
      .select({ q: teacherEducationalQualifications, subjectName: subjects.name })
      .from(teacherEducationalQualifications)
      .leftJoin(subjects, eq(subjects.id, teacherEducationalQualifications.subjectId))
      .where(inArray(teacherEducationalQualifications.teacherId, ids))
      .orderBy(asc(teacherEducationalQualifications.id)),
    db
      .select()
      .from(teacherPreferences)
      .where(inArray(teacherPreferences.teacherId, ids))
      .orderBy(asc(teacherPreferences.id)),
    db
      .select({ teacherId: teacherSubjects.teacherId, id: subjects.id, name: subjects.name })
      .from(teacherSubjects)
      .innerJoin(subjects, eq(subjects.id, teacherSubjects.subjectId))
      .where(inArray(teacherSubjects.teacherId, ids))
      .orderBy(asc(subjects.name)),
    db
      .select()
      .from(teacherSchedules)
      .where(inArray(teacherSchedules.teacherId, ids))
      .orderBy(asc(teacherSchedules.weekDay)),
  ]);
  const scheduleIds = schedules.map((s) => s.id);
  const slots = scheduleIds.length
    ? await db
        .select()
        .from(timeSlots)
        .where(inArray(timeSlots.teacherScheduleId, scheduleIds))
        .orderBy(asc(timeSlots.id))
    : [];
  const uploadIds = [
    ...rows.flatMap((t) => [t.profilePhotoId, t.aadharPhotoId]),
    ...prefs.flatMap((p) => [p.markSheetId, p.highestQualificationCertificateId, p.resumeId]),
  ].filter((id): id is number => typeof id === 'number');
  const files = uploadIds.length ? await db.select().from(uploads).where(inArray(uploads.id, uploadIds)) : [];
  const fileById = new Map(files.map((f) => [f.id, f]));

  const byId = new Map(rows.map((t) => [t.id, t]));
  return ids
    .filter((id) => byId.has(id))
    .map((id) => {
      const t = byId.get(id)!;
      const taught = subjectRows
        .filter((s) => s.teacherId === id)
        .map(({ id: sid, name }) => ({ id: sid, name }));
      const qual = quals.filter((q) => q.q.teacherId === id).at(-1);
      const pref = prefs.filter((p) => p.teacherId === id).at(-1);
      const photo = t.profilePhotoId ? fileById.get(t.profilePhotoId) : undefined;
      return {
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
        profile_photo: photo ? publicUploadPath(photo.storedName) : null,
        aadhar_photo: t.aadharPhotoId ? privateUploadPath(t.aadharPhotoId) : null,
        is_active: t.isActive,
        verification_status: t.verificationStatus,
        verified: t.verificationStatus === 'verified',
        rejection_reason: t.rejectionReason,
        review_changes: t.reviewChanges,
        created_at: t.createdAt.toISOString(),
        teacher_educational_qualification: qual
          ? {
              id: qual.q.id,
              teacher_id: id,
              degree_id: qual.q.degreeId,
              degree_name: qual.q.degreeName,
              subject_id: qual.q.subjectId,
              subject_name: qual.subjectName,
              year_of_passing: qual.q.yearOfPassing,
              school_name: qual.q.schoolName,
              college_name: qual.q.collegeName,
              university_name: qual.q.universityName,
              school_education_board: qual.q.schoolEducationBoard,
            }
          : null,
        teacher_preference: pref
          ? {
              id: pref.id,
              teacher_id: id,
              teaching_radius_km: pref.teachingRadiusKm,
              preferred_teaching_type: pref.preferredTeachingType,
              prior_experience: pref.priorExperience,
              teaching_mode: pref.teachingMode,
              teaching_location_preference: pref.teachingLocationPreference,
              teaching_school: pref.teachingSchool,
              special_need_children: pref.specialNeedChildren,
              special_attention_children: pref.specialAttentionChildren,
              preferred_medium: pref.preferredMedium,
              subject_ids: taught.map((s) => s.id),
              subjects: taught,
              mark_sheet: documentRef(pref.markSheetId ? fileById.get(pref.markSheetId) : undefined),
              highest_qualification_certificate: documentRef(
                pref.highestQualificationCertificateId
                  ? fileById.get(pref.highestQualificationCertificateId)
                  : undefined,
              ),
              resume: documentRef(pref.resumeId ? fileById.get(pref.resumeId) : undefined),
            }
          : null,
        teacher_schedules: schedules
          .filter((s) => s.teacherId === id)
          .map((s) => ({
            id: s.id,
            teacher_id: id,
            week_day: s.weekDay,
            time_slots: slots
              .filter((slot) => slot.teacherScheduleId === s.id)
              .map((slot) => ({
                id: slot.id,
                time_of_day: slot.timeOfDay,
                preferred_group: slot.preferredGroup,
              })),
          })),
        subjects: taught,
      };
    });
}

export async function loadTeacherRecord(db: Db, id: number): Promise<TeacherRecord | null> {
  const [record] = await loadTeacherRecords(db, [id]);
  return record ?? null;
}

/**
 * The teacher row `id` if the caller may read and change it: its own teacher (teachers.user_id is
 * the caller) or an administrator. 404 when missing, 403 for anyone else.
 */
export async function loadAccessibleTeacher(
  db: Db,
  principal: { type: 'user' | 'admin'; id: number },
  id: number,
): Promise<typeof teachers.$inferSelect> {
  const [row] = await db.select().from(teachers).where(eq(teachers.id, id));
  if (!row) throw notFound('Teacher not found');
  if (principal.type !== 'admin' && row.userId !== principal.id)
    throw forbidden('You may only access your own teacher profile.');
  return row;
}
