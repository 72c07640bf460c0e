import { array, literal, type } from 'superstruct';
import { TEACHER_DASHBOARD_MESSAGES } from '../../contract/rules/teacher-dashboard';
import { TeacherDashboardResponse } from '../../contract/structs/dashboard';
import { RequestListResponse } from '../../contract/structs/request';
import {
  TeacherEducationalQualification,
  TeacherPreference,
  TeacherResponse,
  TeacherSchedule,
} from '../../contract/structs/teacher';
import { clientConfig } from '../lib/config';
import { session } from '../lib/session';
import { fetchUser } from './auth';
import { ApiError, download, firstScreen, firstScreenBack, request, toFormData } from './client';

/** Teacher calls of docs/product.md#api-conventions (teachers, qualifications, preferences, schedules, requests). */

export const fetchTeacher = async (id: number) =>
  (await request(TeacherResponse, { url: `/api/v1/teachers/${id}` })).data;

/** The signed-in teacher's id: the stored teacher_id, else the profile of GET /api/v1/users/{id} (stored). */
export async function resolveTeacherId(): Promise<number | null> {
  const stored = session.numberOf('teacherId');
  if (stored) return stored;
  const userId = session.userId();
  if (!userId) return null;
  const id = (await fetchUser(userId)).profile?.[0]?.id ?? null;
  if (id) session.set('teacherId', id);
  return id;
}

/** The signed-in teacher's full record (dashboard, profile). */
export async function fetchMyTeacher() {
  const id = await resolveTeacherId();
  if (!id)
    throw new ApiError(
      'response',
      404,
      { message: TEACHER_DASHBOARD_MESSAGES.profileNotFound },
      TEACHER_DASHBOARD_MESSAGES.profileNotFound,
    );
  return fetchTeacher(id);
}

const DASHBOARD_URL = '/api/v1/teachers/me/dashboard';

/**
 * The dashboard's first screen in one call: the signed-in teacher's record and the newest requests
 * sent to them (GET /api/v1/teachers/me/dashboard). Remembers the teacher id like resolveTeacherId.
 */
export async function fetchMyDashboard() {
  const { data } =
    (await firstScreen(TeacherDashboardResponse, DASHBOARD_URL)) ??
    (await request(TeacherDashboardResponse, { url: DASHBOARD_URL }));
  session.set('teacherId', data.teacher.id);
  return data;
}

/** The dashboard's first screen when the page's HTML already has it back (`firstScreenBack`), else undefined. */
export function myDashboardBack() {
  const answer = firstScreenBack(TeacherDashboardResponse, DASHBOARD_URL);
  if (answer) session.set('teacherId', answer.data.teacher.id);
  return answer?.data;
}

export interface TeacherFields {
  user_id: number;
  name: string;
  email: string;
  mobile_number: string;
  whatsapp_number: string;
  gender: string;
  /** DD/MM/YYYY */
  date_of_birth: string;
  address: string;
  latitude: string;
  longitude: string;
  aadhar_photo?: Blob | null;
  profile_photo?: Blob | null;
}

/**
 * Creates the teacher (multipart POST /api/v1/teachers), or updates it (POST /api/v1/teachers/{id})
 * when an id is known. A create answered 409 with the existing id becomes an update of that record.
 */
export async function saveTeacher(teacherId: number | null, fields: TeacherFields) {
  if (teacherId) {
    const form = toFormData('teacher', fields as unknown as Record<string, unknown>);
    return (
      await request(TeacherResponse, { method: 'POST', url: `/api/v1/teachers/${teacherId}`, data: form })
    ).data;
  }
  try {
    const form = toFormData('teacher', { ...fields, is_active: true } as unknown as Record<string, unknown>);
    return (await request(TeacherResponse, { method: 'POST', url: '/api/v1/teachers', data: form })).data;
  } catch (error) {
    const existing = error instanceof ApiError && error.status === 409 ? Number(error.data.teacher_id) : 0;
    if (existing > 0) return saveTeacher(existing, fields);
    throw error;
  }
}

const QualificationResponse = type({ status: literal('success'), data: TeacherEducationalQualification });

export interface QualificationFields {
  degree_id: number | null;
  degree_name: string | null;
  subject_id: number;
  year_of_passing: string;
  school_name: string;
  college_name: string;
  university_name: string;
  school_education_board: string;
}

export const createQualification = async (teacherId: number, fields: QualificationFields) =>
  (
    await request(QualificationResponse, {
      method: 'POST',
      url: `/api/v1/teachers/${teacherId}/teacher_educational_qualifications`,
      data: { teacher_educational_qualification: fields },
    })
  ).data;

/** PUT /api/v1/teacher_educational_qualifications/{id}: a revisit updates the saved qualification. */
export const updateQualification = async (id: number, fields: QualificationFields) =>
  (
    await request(QualificationResponse, {
      method: 'PUT',
      url: `/api/v1/teacher_educational_qualifications/${id}`,
      data: { teacher_educational_qualification: fields },
    })
  ).data;

/** The teacher's saved record for prefilling a step on a revisit (null without a teacher id). */
export const fetchSavedTeacher = async (teacherId: number | null) =>
  teacherId ? fetchTeacher(teacherId) : null;

const PreferenceResponse = type({ status: literal('success'), data: TeacherPreference });

export interface PreferenceFields {
  teaching_radius_km: number;
  preferred_teaching_type: 'individual';
  prior_experience: number;
  teaching_mode: string;
  teaching_school: boolean;
  special_need_children: boolean;
  special_attention_children: boolean;
  subject_ids: number[];
  preferred_medium: string[];
  mark_sheet?: Blob | null;
  highest_qualification_certificate?: Blob | null;
  resume?: Blob | null;
}

/** Multipart POST /api/v1/teachers/{id}/teacher_preferences (arrays as teacher_preference[subject_ids][]). */
export const createPreference = async (teacherId: number, fields: PreferenceFields) =>
  (
    await request(PreferenceResponse, {
      method: 'POST',
      url: `/api/v1/teachers/${teacherId}/teacher_preferences`,
      data: toFormData('teacher_preference', fields as unknown as Record<string, unknown>),
    })
  ).data;

const SchedulesResponse = type({ status: literal('success'), data: array(TeacherSchedule) });

export interface ScheduleDay {
  week_day: number;
  time_slots_attributes: Array<{ time_of_day: string; preferred_group: 'any' }>;
}

export const importSchedule = async (teacherId: number, days: ScheduleDay[]) =>
  (
    await request(SchedulesResponse, {
      method: 'POST',
      url: `/api/v1/teachers/${teacherId}/teacher_schedules/import_schedule`,
      data: { teacher_id: teacherId, teacher_schedules: days },
    })
  ).data;

/** This teacher's requests (D9): GET /api/v1/teacher_student_requests?teacher_id=... */
export const fetchTeacherRequests = async (teacherId: number) =>
  (
    await request(RequestListResponse, {
      url: '/api/v1/teacher_student_requests',
      params: { teacher_id: teacherId },
    })
  ).data;

/** Public profile photo URL: the API host plus the profile_photo path (docs/product.md#teacher-dashboard). */
export const profilePhotoUrl = (path: string | null | undefined) =>
  path ? `${clientConfig().apiBaseUrl}${path}` : null;

/**
 * Opens a private document (D8): downloaded with the stored token (src/api/client.ts), then a blob
 * URL the browser can show. The caller revokes the URL when done.
 */
export async function fetchDocumentBlobUrl(path: string): Promise<string> {
  return URL.createObjectURL(await download({ url: path }));
}
