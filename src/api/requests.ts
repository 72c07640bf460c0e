import {
  FinderResponse,
  MatchingTeachersResponse,
  RequestPageResponse,
  RequestResponse,
} from '../../contract/structs/request';
import { session } from '../lib/session';
import { firstScreen, firstScreenBack, request } from './client';

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

const FINDER_URL = '/api/v1/students/me/finder';

/**
 * The finder's first screen in one call (GET /api/v1/students/me/finder): the first page of
 * teachers matching the signed-in student's latest request, or null when they have made none.
 * Remembers the student id as resolveStudentId does.
 */
export async function fetchMyFinder() {
  const { data } =
    (await firstScreen(FinderResponse, FINDER_URL)) ?? (await request(FinderResponse, { url: FINDER_URL }));
  if (data) session.set('studentId', data.request.student_id);
  return data;
}

/**
 * The finder's first screen when the page's HTML already has it back (`firstScreenBack`): the first
 * page of matches, or null when the student has made no request. Undefined when it is not back.
 */
export function myFinderBack() {
  const answer = firstScreenBack(FinderResponse, FINDER_URL);
  if (answer?.data) session.set('studentId', answer.data.request.student_id);
  return answer?.data;
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

const MY_REQUESTS_URL = '/api/v1/teacher_student_requests?limit=100';

/** Every request of the signed-in student (made and sent to teachers), newest first. */
export async function fetchMyRequests() {
  // The page's HTML may already have asked for it (contract/api/first-screen.ts).
  const page =
    (await firstScreen(RequestPageResponse, MY_REQUESTS_URL)) ??
    (await request(RequestPageResponse, { url: MY_REQUESTS_URL }));
  return page.data;
}

/** /requests' list when the page's HTML already has it back (`firstScreenBack`), else undefined. */
export const myRequestsBack = () => firstScreenBack(RequestPageResponse, MY_REQUESTS_URL)?.data;

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
