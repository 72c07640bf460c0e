import {
  StudentQualificationListResponse,
  StudentQualificationResponse,
  StudentResponse,
} from '../../contract/structs/student';
import { session } from '../lib/session';
import { fetchUser } from './auth';
import { request } from './client';

/** Students and their educational qualifications (docs/product.md#api-conventions). */
export const createStudent = async (student: Record<string, unknown>) =>
  (await request(StudentResponse, { method: 'POST', url: '/api/v1/students', data: { student } })).data;

export const updateStudent = async (id: number, student: Record<string, unknown>) =>
  (await request(StudentResponse, { method: 'PUT', url: `/api/v1/students/${id}`, data: { student } })).data;

export const fetchStudent = async (id: number) =>
  (await request(StudentResponse, { url: `/api/v1/students/${id}` })).data;

export const fetchStudentQualifications = async (studentId: number) =>
  (
    await request(StudentQualificationListResponse, {
      url: `/api/v1/students/${studentId}/educational_qualifications`,
    })
  ).data;

export const createStudentQualification = async (qualification: Record<string, unknown>) =>
  (
    await request(StudentQualificationResponse, {
      method: 'POST',
      url: '/api/v1/student_educational_qualifications',
      data: { student_educational_qualification: qualification },
    })
  ).data;

export const updateStudentQualification = async (id: number, qualification: Record<string, unknown>) =>
  (
    await request(StudentQualificationResponse, {
      method: 'PUT',
      url: `/api/v1/student_educational_qualifications/${id}`,
      data: { student_educational_qualification: qualification },
    })
  ).data;

/**
 * The signed-in student's id: the stored student_id, else the profile of GET /api/v1/users/{id}
 * (stored for next time). Null when the student record does not exist yet.
 */
export async function resolveStudentId(): Promise<number | null> {
  const stored = session.numberOf('studentId');
  if (stored) return stored;
  const userId = session.userId();
  if (!userId || !session.token()) return null;
  const user = await fetchUser(userId);
  const id = user.profile?.[0]?.id ?? null;
  if (id) session.set('studentId', id);
  return id;
}
