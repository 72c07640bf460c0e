import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { toWireDate } from '../../contract/rules/common';
import type { TeacherRecord } from '../../contract/structs/teacher';
import type { Db } from '../db/client';
import { jsonOf } from '../db/rows';
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
import { forbidden, notFound } from '../lib/http';
import { privateUploadPath, publicUploadPath } from '../lib/uploads';

interface DocumentJson {
  id: number;
  file_name: string;
  content_type: string;
}
const documentRef = (d: DocumentJson | null) => (d ? { ...d, url: privateUploadPath(d.id) } : null);

interface QualificationJson {
  id: number;
  degree_id: number | null;
  degree_name: string | null;
  subject_id: number | null;
  subject_name: string | null;
  year_of_passing: string;
  school_name: string;
  college_name: string;
  university_name: string;
  school_education_board: string;
}
interface PreferenceJson {
  id: number;
  teaching_radius_km: number;
  preferred_teaching_type: string;
  prior_experience: number;
  teaching_mode: string;
  teaching_location_preference: string | null;
  teaching_school: boolean;
  special_need_children: boolean;
  special_attention_children: boolean;
  preferred_medium: string[];
  mark_sheet: DocumentJson | null;
  highest_qualification_certificate: DocumentJson | null;
  resume: DocumentJson | null;
}
interface ScheduleJson {
  id: number;
  week_day: number;
  time_slots: Array<{ id: number; time_of_day: string; preferred_group: string }>;
}

/** A private document (uploads row) as JSON, or null. */
const documentJson = (column: SQL) =>
  sql`(SELECT json_build_object('id', u.id, 'file_name', u.original_name, 'content_type', u.content_type)
       FROM ${uploads} u WHERE u.id = ${column})`;

/**
 * Loads full teacher records (the shape of contract/structs/teacher.ts) for the given ids, in that
 * order, in one query whatever the count: the teacher rows, each with its latest qualification and
 * preference, taught subjects, weekly schedule and documents aggregated as JSON. Missing ids are
 * skipped.
 */
export async function loadTeacherRecords(db: Db, ids: number[]): Promise<TeacherRecord[]> {
  if (!ids.length) return [];
  const p = sql.raw('p');
  // Qualified by hand: drizzle names columns without their table in a one-table select.
  const teacherId = sql.raw('"teachers"."id"');
  const photoId = sql.raw('"teachers"."profile_photo_id"');
  const rows = await db
    .select({
      t: teachers,
      photo: sql<string | null>`(SELECT u.stored_name FROM ${uploads} u WHERE u.id = ${photoId})`,
      qualification: sql<QualificationJson | null>`(
        SELECT json_build_object('id', q.id, 'degree_id', q.degree_id, 'degree_name', q.degree_name,
          'subject_id', q.subject_id, 'subject_name', s.name, 'year_of_passing', q.year_of_passing,
          'school_name', q.school_name, 'college_name', q.college_name, 'university_name', q.university_name,
          'school_education_board', q.school_education_board)
        FROM ${teacherEducationalQualifications} q LEFT JOIN ${subjects} s ON s.id = q.subject_id
        WHERE q.teacher_id = ${teacherId} ORDER BY q.id DESC LIMIT 1)`,
      preference: sql<PreferenceJson | null>`(
        SELECT json_build_object('id', p.id, 'teaching_radius_km', p.teaching_radius_km,
          'preferred_teaching_type', p.preferred_teaching_type, 'prior_experience', p.prior_experience,
          'teaching_mode', p.teaching_mode, 'teaching_location_preference', p.teaching_location_preference,
          'teaching_school', p.teaching_school, 'special_need_children', p.special_need_children,
          'special_attention_children', p.special_attention_children, 'preferred_medium', p.preferred_medium,
          'mark_sheet', ${documentJson(sql`${p}.mark_sheet_id`)},
          'highest_qualification_certificate', ${documentJson(sql`${p}.highest_qualification_certificate_id`)},
          'resume', ${documentJson(sql`${p}.resume_id`)})
        FROM ${teacherPreferences} p WHERE p.teacher_id = ${teacherId} ORDER BY p.id DESC LIMIT 1)`,
      subjects: sql<Array<{ id: number; name: string }>>`(
        SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name) ORDER BY s.name, s.id), '[]'::json)
        FROM ${teacherSubjects} ts JOIN ${subjects} s ON s.id = ts.subject_id WHERE ts.teacher_id = ${teacherId})`,
      schedules: sql<ScheduleJson[]>`(
        SELECT coalesce(json_agg(json_build_object('id', sc.id, 'week_day', sc.week_day, 'time_slots', (
          SELECT coalesce(json_agg(json_build_object('id', sl.id, 'time_of_day', sl.time_of_day,
            'preferred_group', sl.preferred_group) ORDER BY sl.id), '[]'::json)
          FROM ${timeSlots} sl WHERE sl.teacher_schedule_id = sc.id)) ORDER BY sc.week_day, sc.id), '[]'::json)
        FROM ${teacherSchedules} sc WHERE sc.teacher_id = ${teacherId})`,
    })
    .from(teachers)
    .where(inArray(teachers.id, ids));

  const byId = new Map(rows.map((r) => [r.t.id, r]));
  return ids
    .filter((id) => byId.has(id))
    .map((id) => {
      const {
        t,
        photo,
        qualification: qual,
        preference: pref,
        subjects: taughtJson,
        schedules,
      } = byId.get(id)!;
      const taught = (jsonOf(taughtJson) ?? []) as Array<{ id: number; name: string }>;
      const q = jsonOf(qual) as QualificationJson | null;
      const pr = jsonOf(pref) as PreferenceJson | null;
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
        profile_photo: photo ? publicUploadPath(photo) : null,
        aadhar_photo: t.aadharPhotoId ? privateUploadPath(t.aadharPhotoId) : null,
        is_active: t.isActive,
        verification_status: t.verificationStatus,
        verified: t.verificationStatus === 'verified',
        rejection_reason: t.rejectionReason,
        review_changes: t.reviewChanges,
        created_at: t.createdAt.toISOString(),
        teacher_educational_qualification: q ? { ...q, teacher_id: id } : null,
        teacher_preference: pr
          ? {
              ...pr,
              teacher_id: id,
              subject_ids: taught.map((s) => s.id),
              subjects: taught,
              mark_sheet: documentRef(pr.mark_sheet),
              highest_qualification_certificate: documentRef(pr.highest_qualification_certificate),
              resume: documentRef(pr.resume),
            }
          : null,
        teacher_schedules: ((jsonOf(schedules) ?? []) as ScheduleJson[]).map((s) => ({
          ...s,
          teacher_id: id,
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
