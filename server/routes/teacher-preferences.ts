import type { FastifyInstance } from 'fastify';
import { teacherRoutes } from '../../contract/api';
import { isBlank } from '../../contract/rules/common';
import {
  experienceYears,
  TEACHER_PREFERENCE_MESSAGES,
  type TeacherPreferenceInput,
  validateTeacherPreference,
} from '../../contract/rules/teacher-preferences';
import { assertValid } from '../lib/http';
import { serve } from '../lib/route';
import type { ReviewedField } from '../lib/teacher-review';
import { assertImageSize, discardUploads, factsOf, storeUpload } from '../lib/uploads';
import { isAdmin, principalOf } from '../plugins/auth';
import { loadAccessibleTeacher, loadTeacherRecord } from '../services/teacher-records';
import { allApprovedSubjects, preferenceOf, savePreference } from '../services/teachers';

const list = (value: unknown): string[] =>
  value === undefined || value === null
    ? []
    : (Array.isArray(value) ? value : String(value).split(',')).map((v) => String(v).trim()).filter(Boolean);

function yesNo(value: unknown): boolean | null {
  const v = String(value ?? '')
    .trim()
    .toLowerCase();
  if (['true', 'yes', '1'].includes(v)) return true;
  if (['false', 'no', '0'].includes(v)) return false;
  return null;
}

/** Teacher preferences (docs/product.md#api-conventions): two read paths and the multipart create. */
export default async function teacherPreferencesRoutes(app: FastifyInstance) {
  const preferencesOf = async (teacherId: number) => {
    const record = await loadTeacherRecord(app.db, teacherId);
    return record?.teacher_preference ? [record.teacher_preference] : [];
  };

  // 'list of preferences' (first reading) and { status, data: list } (second reading).
  serve(app, teacherRoutes.listPreferences, async ({ params: { id: teacherId } }, request) => {
    await loadAccessibleTeacher(app.db, principalOf(request), teacherId);
    return preferencesOf(teacherId);
  });
  serve(app, teacherRoutes.showPreferences, async ({ params: { id: teacherId } }, request) => {
    await loadAccessibleTeacher(app.db, principalOf(request), teacherId);
    return { status: 'success', data: await preferencesOf(teacherId) };
  });

  /** Saves the teacher's preference (one per teacher: a second POST replaces it) and their subjects. */
  serve(app, teacherRoutes.savePreferences, async ({ params: { id: teacherId }, body }, request, reply) => {
    const principal = principalOf(request);
    const teacher = await loadAccessibleTeacher(app.db, principal, teacherId);
    const { fields, files } = body;
    assertImageSize('mark_sheet', files.mark_sheet);
    assertImageSize('highest_qualification_certificate', files.highest_qualification_certificate);
    const existing = await preferenceOf(app.db, teacherId);

    const subjectIds = [...new Set(list(fields.subject_ids).map(Number))];
    const input: TeacherPreferenceInput = {
      subject_ids: subjectIds.every((n) => Number.isInteger(n) && n > 0) ? subjectIds : [],
      teaching_mode: String(fields.teaching_mode ?? '').trim(),
      teaching_radius_km: String(fields.teaching_radius_km ?? '').trim(),
      prior_experience: String(fields.prior_experience ?? '').trim(),
      preferred_medium: list(fields.preferred_medium).map((m) => m.toLowerCase()),
      teaching_school: yesNo(fields.teaching_school),
      special_need_children: yesNo(fields.special_need_children),
      special_attention_children: yesNo(fields.special_attention_children),
    };
    const errors = validateTeacherPreference(input, {
      mark_sheet: files.mark_sheet ? factsOf(files.mark_sheet) : existing?.markSheetId ? 'on_file' : null,
      highest_qualification_certificate: files.highest_qualification_certificate
        ? factsOf(files.highest_qualification_certificate)
        : existing?.highestQualificationCertificateId
          ? 'on_file'
          : null,
      resume: files.resume ? factsOf(files.resume) : null,
    });
    if (!errors.subject_ids && !(await allApprovedSubjects(app.db, input.subject_ids)))
      errors.subject_ids = TEACHER_PREFERENCE_MESSAGES.subjectsRequired;
    assertValid(errors);

    const owner = teacher.userId;
    // New documents are stored first (a failed save removes them again with its request).
    const upload = async (kind: 'mark_sheet' | 'highest_qualification_certificate' | 'resume') =>
      files[kind] ? (await storeUpload(app, { ownerUserId: owner, kind, file: files[kind] })).id : null;
    const sent = {
      markSheetId: await upload('mark_sheet'),
      highestQualificationCertificateId: await upload('highest_qualification_certificate'),
      resumeId: await upload('resume'),
    };
    const columns = {
      teachingRadiusKm: Number(input.teaching_radius_km),
      preferredTeachingType: 'individual',
      priorExperience: experienceYears(input.prior_experience),
      teachingMode: input.teaching_mode as 'offline' | 'both',
      teachingLocationPreference: isBlank(fields.teaching_location_preference)
        ? null
        : String(fields.teaching_location_preference).trim(),
      teachingSchool: input.teaching_school!,
      specialNeedChildren: input.special_need_children!,
      specialAttentionChildren: input.special_attention_children!,
      preferredMedium: input.preferred_medium,
      updatedAt: new Date(),
    };
    // Re-uploading the mark sheet or certificate puts a reviewed teacher back in review (D13).
    const changed: ReviewedField[] = isAdmin(principal)
      ? []
      : (['mark_sheet', 'highest_qualification_certificate'] as const).filter((k) => files[k]);
    const { previous, replaced } = await savePreference(app.db, {
      teacherId,
      columns,
      subjectIds: input.subject_ids,
      sent,
      review: { userId: principal.id, changed },
    });
    // Their files go once the save is committed.
    if (previous) await discardUploads(app, replaced);
    const [data] = await preferencesOf(teacherId);
    reply.code(previous ? 200 : 201);
    return { status: 'success', data, id: data.id };
  });
}
