import {
  FinderResponse,
  MatchingTeachersResponse,
  RequestPageResponse,
  RequestResponse,
} from '../../contract/structs/request';
import { session } from '../lib/session';
import { firstScreen, request } from './client';

/** Teacher-student requests (docs/product.md#api-conventions) and the matching / Connect calls of /teacherfinder. */
export interface RequestBody {
  student_id: number;
  subject_ids: number[];
  status: string;
  mode_of_teaching: string;
  preferred_group: string;
  preferred_medium: string;
  teacher_assignment_preference: string;
  preferred_time: readonly string[];
  /** The student's location, when they chose to share it. */
  latitude?: number | null;
  longitude?: number | null;
}

export const createRequest = async (body: RequestBody) =>
  (
    await request(RequestResponse, {
      method: 'POST',
      url: '/api/v1/teacher_student_requests',
      data: { teacher_student_request: body },
    })
  ).data;

export const fetchRequest = async (id: number) =>
  (await request(RequestResponse, { url: `/api/v1/teacher_student_requests/${id}` })).data;

/**
 * The finder's first screen in one call (GET /api/v1/students/me/finder): the first page of
 * teachers matching the signed-in student's latest request, or null when they have made none.
 * Remembers the student id as resolveStudentId does.
 */
export async function fetchMyFinder() {
  const url = '/api/v1/students/me/finder';
  const { data } = (await firstScreen(FinderResponse, url)) ?? (await request(FinderResponse, { url }));
  if (data) session.set('studentId', data.request.student_id);
  return data;
}

export const fetchMatchingTeachers = (requestId: number, filter: string, page: number) =>
  request(MatchingTeachersResponse, {
    url: `/api/v1/teacher_student_requests/${requestId}/matching_teachers`,
    params: { filter, page, limit: 20 },
  });

export const connectTeacher = async (requestId: number, teacherId: number) =>
  (
    await request(RequestResponse, {
      method: 'POST',
      url: `/api/v1/teacher_student_requests/${requestId}/connect`,
      data: { teacher_id: teacherId },
    })
  ).data;

/** The one call that moves a request on: a student cancels; the teacher accepts, declines (with an optional reason) or ends. */
/** A status change; a decline may carry a preset's key (`reasonKey`) or the teacher's own words. */
export const updateRequestStatus = async (
  id: number,
  status: string,
  reason?: string,
  reasonKey?: string | null,
) =>
  (
    await request(RequestResponse, {
      method: 'PATCH',
      url: `/api/v1/teacher_student_requests/${id}/update_status`,
      data: {
        status,
        ...(reasonKey ? { reason_key: reasonKey } : {}),
        // A preset's words are the server's; only the teacher's own words travel.
        ...(reason && (!reasonKey || reasonKey === 'other') ? { reason } : {}),
      },
    })
  ).data;

/** Changes the open request to offline teaching (online is not offered yet). */
export const switchRequestToOffline = async (id: number) =>
  (
    await request(RequestResponse, {
      method: 'PATCH',
      url: `/api/v1/teacher_student_requests/${id}`,
      data: { teacher_student_request: { mode_of_teaching: 'offline' } },
    })
  ).data;

/** Every request of the signed-in student (made and sent to teachers), newest first. */
export async function fetchMyRequests() {
  // The page's HTML may already have asked for it (contract/api/first-screen.ts).
  const url = '/api/v1/teacher_student_requests?limit=100';
  const page = (await firstScreen(RequestPageResponse, url)) ?? (await request(RequestPageResponse, { url }));
  return page.data;
}

/** PUT: the student changes their open request (subjects and preferences). */
export const updateRequest = async (
  id: number,
  body: Omit<RequestBody, 'student_id' | 'status' | 'preferred_time'>,
) =>
  (
    await request(RequestResponse, {
      method: 'PUT',
      url: `/api/v1/teacher_student_requests/${id}`,
      data: { teacher_student_request: body },
    })
  ).data;
