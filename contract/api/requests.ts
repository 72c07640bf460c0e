import { nullable, optional } from 'superstruct';
import { DECLINE_REASON_KEY_MAX, DECLINE_REASON_KEYS } from '../rules/request';
import { Deleted } from '../structs/common';
import {
  FinderResponse,
  MatchingTeachersResponse,
  RequestPageResponse,
  RequestResponse,
} from '../structs/request';
import { IdParams, MAX } from './common';
import { fields, formText, id, queryInt, text, wrapped } from './fields';
import { route } from './route';
import { RequestPreferenceFields } from './students';

const W = 'teacher_student_request';

/** The student's location (optional; null or blank clears it on a change). */
const Location = {
  latitude: optional(formText(MAX.short)),
  longitude: optional(formText(MAX.short)),
};

/** Teacher-student requests: the student's request, Connect, and each side's decisions. */
export const requestRoutes = {
  listRequests: route({
    id: 'requests.list',
    method: 'GET',
    path: '/api/v1/teacher_student_requests',
    summary: 'Requests: a student’s own, those sent to a teacher, or all for administrators',
    description: '`sent=false` lists the requests students made, `sent=true` those sent to teachers.',
    access: 'signed_in',
    query: fields({
      page: optional(queryInt(1, 1_000_000)),
      limit: optional(queryInt(1, 1000)),
      student_id: optional(id()),
      teacher_id: optional(id()),
      status: optional(text(MAX.short)),
      sent: optional(text(MAX.short)),
    }),
    response: RequestPageResponse,
  }),
  createRequest: route({
    id: 'requests.create',
    method: 'POST',
    path: '/api/v1/teacher_student_requests',
    summary: 'A student asks for teachers (the request of /subject; no teacher yet)',
    access: 'signed_in',
    body: wrapped(
      W,
      fields({
        ...RequestPreferenceFields,
        ...Location,
        student_id: optional(nullable(id())),
        status: optional(text(MAX.short)),
      }),
    ),
    status: 201,
    response: RequestResponse,
  }),
  showRequest: route({
    id: 'requests.show',
    method: 'GET',
    path: '/api/v1/teacher_student_requests/:id',
    summary: 'One request (its student, the teacher it was sent to, administrators)',
    access: 'signed_in',
    params: IdParams,
    response: RequestResponse,
  }),
  updateRequest: route({
    id: 'requests.update',
    method: ['PUT', 'PATCH'],
    path: '/api/v1/teacher_student_requests/:id',
    summary: 'Change an open request that is not sent yet (its student)',
    access: 'signed_in',
    params: IdParams,
    body: wrapped(W, fields({ ...RequestPreferenceFields, ...Location, status: optional(text(MAX.short)) })),
    response: RequestResponse,
    errors: [409],
  }),
  removeRequest: route({
    id: 'requests.remove',
    method: 'DELETE',
    path: '/api/v1/teacher_student_requests/:id',
    summary: 'Delete a request and the copies sent to teachers (none accepted)',
    access: 'signed_in',
    params: IdParams,
    response: Deleted,
    errors: [409],
  }),
  updateRequestStatus: route({
    id: 'requests.updateStatus',
    method: 'PATCH',
    path: '/api/v1/teacher_student_requests/:id/update_status',
    summary:
      'The student cancels; the teacher it was sent to accepts or declines (with an optional reason); either of them ends an accepted one',
    access: 'signed_in',
    params: IdParams,
    description:
      '`ended`: the teacher it was sent to or its student, only while it is accepted (409 otherwise, also to the second of two ending at once); the other side is told. ' +
      'For a request to one teacher only, the database lets one teacher accept: the others get 409. A decline may carry `reason_key` (a preset: ' +
      DECLINE_REASON_KEYS.map((k) => `\`${k}\``).join(', ') +
      '; the student reads a preset in their language) and `reason` (free text, with `other`); an unknown key is 422.',
    body: wrapped(
      W,
      fields({
        status: optional(text(MAX.short)),
        reason: optional(nullable(text(5000))),
        reason_key: optional(nullable(text(DECLINE_REASON_KEY_MAX))),
      }),
    ),
    response: RequestResponse,
    errors: [409],
  }),
  matchingTeachers: route({
    id: 'requests.matchingTeachers',
    method: 'GET',
    path: '/api/v1/teacher_student_requests/:id/matching_teachers',
    summary: 'Teachers who match a student’s request (contact details, address and documents withheld)',
    errors: [429],
    access: 'signed_in',
    params: IdParams,
    query: fields({
      filter: optional(text(MAX.short)),
      page: optional(queryInt(1, 1_000_000)),
      limit: optional(queryInt(1, 1000)),
    }),
    response: MatchingTeachersResponse,
  }),
  finder: route({
    id: 'requests.finder',
    method: 'GET',
    path: '/api/v1/students/me/finder',
    summary: 'The teacher finder’s first screen in one call: the student’s latest request and its matches',
    description:
      'The same page `matching_teachers` answers for the signed-in student’s latest request (not yet sent to a teacher), or `data: null` when they have made none. Counts against the same hourly limit of match pages.',
    errors: [429],
    access: 'student',
    query: fields({
      filter: optional(text(MAX.short)),
      page: optional(queryInt(1, 1_000_000)),
      limit: optional(queryInt(1, 1000)),
    }),
    response: FinderResponse,
  }),
  connect: route({
    id: 'requests.connect',
    method: 'POST',
    path: '/api/v1/teacher_student_requests/:id/connect',
    summary: 'Send the student’s request to one teacher (once per teacher)',
    access: 'signed_in',
    params: IdParams,
    body: wrapped(W, fields({ teacher_id: optional(id()) })),
    status: 201,
    response: RequestResponse,
    errors: [409],
  }),
};
