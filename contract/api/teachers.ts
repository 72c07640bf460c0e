import { optional } from 'superstruct';
import { Deleted } from '../structs/common';
import { TeacherDashboardResponse } from '../structs/dashboard';
import {
  TeacherPreferenceList,
  TeacherPreferenceListResponse,
  TeacherPreferenceResponse,
  TeacherQualificationListResponse,
  TeacherQualificationResponse,
  TeacherResponse,
  TeacherScheduleListResponse,
  TeacherScheduleResponse,
} from '../structs/teacher';
import { IdParams, MAX } from './common';
import { fields, formList, formText, listOf, wrapped } from './fields';
import { imageFile, pdfFile, route } from './route';

const form = (max: number = MAX.name) => optional(formText(max));

/** The personal details (multipart `teacher[...]` or JSON `teacher`); the product rules check them. */
const TeacherFields = fields({
  user_id: form(12),
  name: form(),
  email: form(MAX.email),
  mobile_number: form(MAX.phone),
  whatsapp_number: form(MAX.phone),
  alt_mobile: form(MAX.phone),
  gender: form(MAX.short),
  date_of_birth: form(MAX.short),
  address: form(MAX.address),
  latitude: form(MAX.short),
  longitude: form(MAX.short),
});
const TeacherFiles = { profile_photo: imageFile(), aadhar_photo: imageFile() };

const QualificationFields = fields({
  degree_id: form(12),
  degree_name: form(),
  subject_id: form(12),
  school_name: form(),
  school_education_board: form(MAX.short),
  college_name: form(),
  university_name: form(),
  year_of_passing: form(MAX.short),
});

const PreferenceFields = fields({
  subject_ids: optional(formList(12, 100)),
  preferred_medium: optional(formList(MAX.short, 20)),
  teaching_mode: form(MAX.short),
  teaching_radius_km: form(MAX.short),
  prior_experience: form(MAX.short),
  teaching_school: form(MAX.short),
  special_need_children: form(MAX.short),
  special_attention_children: form(MAX.short),
  teaching_location_preference: form(MAX.text),
});

const TimeSlotInput = fields({ time_of_day: form(MAX.short), preferred_group: form(MAX.short) });
const ScheduleDayFields = {
  week_day: form(12),
  time_slots_attributes: optional(listOf(TimeSlotInput, 10)),
  time_slots: optional(listOf(TimeSlotInput, 10)),
};

/** Teachers: the record, education, preferences and weekly schedule. */
export const teacherRoutes = {
  createTeacher: route({
    id: 'teachers.create',
    method: 'POST',
    path: '/api/v1/teachers',
    summary: 'Create the teacher record (multipart, with the profile and Aadhar photos)',
    description:
      'A teacher (role 1) for themselves; administrators name `user_id`. Photos are JPG or PNG by content, under 500 KB (413 otherwise). Starts `verification_status: pending`.',
    access: 'teacher',
    body: TeacherFields,
    multipart: { wrapper: 'teacher', files: TeacherFiles },
    status: 201,
    response: TeacherResponse,
    errors: [409, 413],
  }),
  dashboard: route({
    id: 'teachers.dashboard',
    method: 'GET',
    path: '/api/v1/teachers/me/dashboard',
    summary: 'The signed-in teacher’s dashboard in one call: their record and newest requests',
    access: 'teacher',
    response: TeacherDashboardResponse,
  }),
  showTeacher: route({
    id: 'teachers.show',
    method: 'GET',
    path: '/api/v1/teachers/:id',
    summary: 'A teacher record (owner or administrator)',
    access: 'signed_in',
    params: IdParams,
    response: TeacherResponse,
  }),
  updateTeacher: route({
    id: 'teachers.update',
    method: ['POST', 'PATCH'],
    path: '/api/v1/teachers/:id',
    summary: 'Update the teacher record (multipart or JSON `teacher`); photos on file are kept unless sent',
    access: 'signed_in',
    params: IdParams,
    body: TeacherFields,
    multipart: { wrapper: 'teacher', files: TeacherFiles },
    response: TeacherResponse,
    errors: [413],
  }),
  removeTeacher: route({
    id: 'teachers.remove',
    method: 'DELETE',
    path: '/api/v1/teachers/:id',
    summary: 'Delete a teacher record (owner or administrator)',
    access: 'signed_in',
    params: IdParams,
    response: Deleted,
  }),
  listQualifications: route({
    id: 'teacherQualifications.list',
    method: 'GET',
    path: '/api/v1/teachers/:id/teacher_educational_qualifications',
    summary: 'A teacher’s educational qualifications',
    access: 'signed_in',
    params: IdParams,
    response: TeacherQualificationListResponse,
  }),
  createQualification: route({
    id: 'teacherQualifications.create',
    method: 'POST',
    path: '/api/v1/teachers/:id/teacher_educational_qualifications',
    summary: 'Add an educational qualification (wrapper `teacher_educational_qualification`)',
    description: '`degree_id` empty with a `degree_name` is Other. Year of passing 1900 … this year + 4.',
    access: 'signed_in',
    params: IdParams,
    body: QualificationFields,
    multipart: { wrapper: 'teacher_educational_qualification', files: {} },
    status: 201,
    response: TeacherQualificationResponse,
  }),
  updateQualification: route({
    id: 'teacherQualifications.update',
    method: 'PUT',
    path: '/api/v1/teacher_educational_qualifications/:id',
    summary: 'Change an educational qualification',
    access: 'signed_in',
    params: IdParams,
    body: QualificationFields,
    multipart: { wrapper: 'teacher_educational_qualification', files: {} },
    response: TeacherQualificationResponse,
  }),
  removeQualification: route({
    id: 'teacherQualifications.remove',
    method: 'DELETE',
    path: '/api/v1/teacher_educational_qualifications/:id',
    summary: 'Delete an educational qualification',
    access: 'signed_in',
    params: IdParams,
    response: Deleted,
  }),
  listPreferences: route({
    id: 'teacherPreferences.list',
    method: 'GET',
    path: '/api/v1/teachers/:id/preferences',
    summary: 'The teacher’s preference as a bare list (at most one item)',
    access: 'signed_in',
    params: IdParams,
    response: TeacherPreferenceList,
  }),
  showPreferences: route({
    id: 'teacherPreferences.show',
    method: 'GET',
    path: '/api/v1/teachers/:id/teacher_preferences',
    summary: 'The teacher’s preference in `{status, data: [..]}`',
    access: 'signed_in',
    params: IdParams,
    response: TeacherPreferenceListResponse,
  }),
  savePreferences: route({
    id: 'teacherPreferences.save',
    method: 'POST',
    path: '/api/v1/teachers/:id/teacher_preferences',
    summary: 'Save the teacher’s preference and subjects (multipart; replaces the previous one)',
    description:
      'Mark sheet and certificate are images (under 500 KB), the resume a PDF (under 5 MB); documents on file need not be sent again. 201 the first time, 200 after.',
    access: 'signed_in',
    params: IdParams,
    body: PreferenceFields,
    multipart: {
      wrapper: 'teacher_preference',
      files: { mark_sheet: imageFile(), highest_qualification_certificate: imageFile(), resume: pdfFile() },
    },
    status: 201,
    alsoStatus: [200],
    response: TeacherPreferenceResponse,
    errors: [413],
  }),
  importSchedule: route({
    id: 'teacherSchedules.import',
    method: 'POST',
    path: '/api/v1/teachers/:id/teacher_schedules/import_schedule',
    summary: 'Replace the teacher’s week: days 0-6, each with morning/afternoon/evening slots',
    access: 'signed_in',
    params: IdParams,
    body: fields({
      teacher_id: optional(formText(12)),
      teacher_schedules: optional(listOf(fields(ScheduleDayFields), 50)),
    }),
    status: 201,
    response: TeacherScheduleListResponse,
  }),
  teacherSchedules: route({
    id: 'teacherSchedules.listForTeacher',
    method: 'GET',
    path: '/api/v1/teachers/:id/teacher_schedules',
    summary: 'A teacher’s weekly schedule',
    access: 'signed_in',
    params: IdParams,
    response: TeacherScheduleListResponse,
  }),
  listSchedules: route({
    id: 'teacherSchedules.list',
    method: 'GET',
    path: '/api/v1/teacher_schedules',
    summary: 'Schedules: a teacher’s own, or every one for administrators',
    access: 'teacher',
    response: TeacherScheduleListResponse,
  }),
  showSchedule: route({
    id: 'teacherSchedules.show',
    method: 'GET',
    path: '/api/v1/teacher_schedules/:id',
    summary: 'One day of a schedule',
    access: 'signed_in',
    params: IdParams,
    response: TeacherScheduleResponse,
  }),
  updateSchedule: route({
    id: 'teacherSchedules.update',
    method: 'PUT',
    path: '/api/v1/teacher_schedules/:id',
    summary: 'Change one day (wrapper `teacher_schedule`); moving onto a day that has a row replaces it',
    access: 'signed_in',
    params: IdParams,
    body: wrapped('teacher_schedule', fields(ScheduleDayFields)),
    response: TeacherScheduleResponse,
  }),
  removeSchedule: route({
    id: 'teacherSchedules.remove',
    method: 'DELETE',
    path: '/api/v1/teacher_schedules/:id',
    summary: 'Delete one day of a schedule',
    access: 'signed_in',
    params: IdParams,
    response: Deleted,
  }),
};
