import { any, array, literal, type } from 'superstruct';
import {
  CreatedUser,
  ProgressResponse,
  SignInResponse,
  TokenInfo,
  UserResponse,
} from '../../contract/structs/auth';
import { JobSeekerEducationResponse } from '../../contract/structs/jobs';
import { TeacherResponse } from '../../contract/structs/teacher';
import { session } from '../lib/session';
import { ApiError, request } from './client';

/** Accounts and tokens (docs/product.md#api-conventions). */
export const signIn = (email: string, password: string) =>
  request(SignInResponse, {
    method: 'POST',
    url: '/users/tokens/sign_in',
    data: { email, password },
    auth: false,
  });

export const signUp = (email: string, password: string, user_role_id: number) =>
  request(CreatedUser, {
    method: 'POST',
    url: '/api/v1/users',
    data: { email, password, user_role_id },
    auth: false,
  });

export const fetchUser = (id: number) => request(UserResponse, { url: `/api/v1/users/${id}` });

/** GET /users/tokens/info: who the stored token belongs to (fails when it expired or was revoked). */
export const fetchTokenInfo = () => request(TokenInfo, { url: '/users/tokens/info' });

/** What the signed-in person has completed (the route guard decides from it). */
export const fetchProgress = async () =>
  (await request(ProgressResponse, { url: '/api/v1/me/progress' })).data;

/** D2: revokes the token on the server (best effort) and clears the stored session; drafts stay. */
export async function logout(): Promise<void> {
  try {
    if (session.token()) await request(type({}), { method: 'POST', url: '/users/tokens/revoke' });
  } catch {
    // The session ends on this device whatever the server answered.
  } finally {
    session.clear();
  }
}

// The reads that routing after login needs (machines/auth/postLogin.ts). Student education and
// requests are decoded minimally: routing only asks whether the lists are empty.

const ListResponse = type({ status: literal('success'), data: array(any()) });

/** GET /api/v1/teachers/{id}; null when there is no such teacher (404). */
export async function fetchTeacherProgress(teacherId: number) {
  try {
    return (await request(TeacherResponse, { url: `/api/v1/teachers/${teacherId}` })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const studentHasEducation = async (studentId: number) =>
  (await request(ListResponse, { url: `/api/v1/students/${studentId}/educational_qualifications` })).data
    .length > 0;

/** false: no request; 'following': one pending with or accepted by a teacher; true: otherwise. */
export async function studentHasRequest(studentId: number): Promise<boolean | 'following'> {
  const rows = (
    await request(ListResponse, {
      url: '/api/v1/teacher_student_requests',
      params: { student_id: studentId, limit: 100 },
    })
  ).data as Array<{ teacher_id?: unknown; status?: unknown }>;
  if (!rows.length) return false;
  const following = rows.some(
    (r) => r.teacher_id != null && (r.status === 'request_send' || r.status === 'accepted'),
  );
  return following ? 'following' : true;
}

export const jobSeekerHasEducation = async (jobSeekerId: number) =>
  (await request(JobSeekerEducationResponse, { url: `/api/v1/job_seekers/${jobSeekerId}/education` }))
    .data !== null;
