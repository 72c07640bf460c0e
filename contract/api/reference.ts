import { optional } from 'superstruct';
import { AppConfigResponse, Liveness, OpenApiDocument, Readiness } from '../structs/common';
import {
  DegreesResponse,
  SubjectCreated,
  SubjectResponse,
  SubjectReviewed,
  SubjectSuggestionsResponse,
  SubjectsResponse,
} from '../structs/reference';
import { IdParams, MAX } from './common';
import { fields, flag, formText, text, wrapped } from './fields';
import { route } from './route';

const SubjectBody = wrapped(
  'subject',
  fields({ name: optional(text(MAX.name)), is_active: optional(flag()) }),
);

/** Reference data, subjects, the client's runtime settings and this API's own description. */
export const referenceRoutes = {
  degrees: route({
    id: 'degrees.list',
    method: 'GET',
    path: '/api/v1/degrees',
    summary: 'Degrees, in order (ids fixed: 1 No formal education … 8 Doctorate)',
    access: 'public',
    response: DegreesResponse,
  }),
  appConfig: route({
    id: 'appConfig.show',
    method: 'GET',
    path: '/api/v1/app_config',
    summary: 'Runtime settings the client reads (support email, maintenance target, visualiser switch)',
    access: 'public',
    response: AppConfigResponse,
  }),
  openApi: route({
    id: 'openapi.show',
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This document: the OpenAPI 3.1 description generated from the route declarations',
    access: 'public',
    response: OpenApiDocument,
  }),
  healthz: route({
    id: 'health.live',
    method: 'GET',
    path: '/healthz',
    summary: 'Liveness: answers while the process runs',
    access: 'public',
    response: Liveness,
  }),
  readyz: route({
    id: 'health.ready',
    method: 'GET',
    path: '/readyz',
    summary: 'Readiness: the database answers and every migration is applied (503 otherwise)',
    access: 'public',
    response: Readiness,
    errors: [503],
  }),
  listSubjects: route({
    id: 'subjects.list',
    method: 'GET',
    path: '/api/v1/subjects',
    summary: 'Approved subjects by name (a signed-in student also sees those they added, pending review)',
    access: 'optional',
    response: SubjectsResponse,
  }),
  showSubject: route({
    id: 'subjects.show',
    method: 'GET',
    path: '/api/v1/subjects/:id',
    summary: 'One subject (pending ones only to the student who added them)',
    access: 'optional',
    params: IdParams,
    response: SubjectResponse,
  }),
  createSubject: route({
    id: 'subjects.create',
    method: 'POST',
    path: '/api/v1/subjects',
    summary: 'Suggest a subject (any signed-in user; pending until reviewed) or add one (administrators)',
    description:
      'Names are unique case-insensitively: 409 with the existing subject in `data`. A removed or refused name comes back; 429 after too many suggestions a day.',
    access: 'signed_in',
    body: SubjectBody,
    status: 201,
    response: SubjectCreated,
    errors: [409, 429],
  }),
  updateSubject: route({
    id: 'subjects.update',
    method: 'PUT',
    path: '/api/v1/subjects/:id',
    summary: 'Rename a subject or switch it on or off (administrators)',
    access: 'admin',
    params: IdParams,
    body: SubjectBody,
    response: SubjectResponse,
    errors: [409],
  }),
  subjectSuggestions: route({
    id: 'subjects.suggestions',
    method: 'GET',
    path: '/api/v1/admin/subjects',
    summary: 'Suggested subjects by review status (administrators; default pending)',
    access: 'admin',
    query: fields({ status: optional(text(MAX.short)) }),
    response: SubjectSuggestionsResponse,
  }),
  approveSubject: route({
    id: 'subjects.approve',
    method: 'PATCH',
    path: '/api/v1/admin/subjects/:id/approve',
    summary: 'Approve a suggested subject, optionally with a corrected name',
    description:
      'Only a suggestion still pending review. 409 when another administrator has decided on it first ' +
      '(`data` is the subject as stored now: its `status`, and `merged_into_id` when it was merged).',
    access: 'admin',
    params: IdParams,
    body: wrapped('subject', fields({ name: optional(text(MAX.name)) })),
    response: SubjectReviewed,
    errors: [409],
  }),
  rejectSubject: route({
    id: 'subjects.reject',
    method: 'PATCH',
    path: '/api/v1/admin/subjects/:id/reject',
    summary: 'Refuse a suggested subject',
    description:
      'Only a suggestion still pending review. 409 when another administrator has decided on it first ' +
      '(`data` is the subject as stored now: its `status`, and `merged_into_id` when it was merged).',
    access: 'admin',
    params: IdParams,
    response: SubjectReviewed,
    errors: [409],
  }),
  mergeSubject: route({
    id: 'subjects.merge',
    method: 'PATCH',
    path: '/api/v1/admin/subjects/:id/merge',
    summary: 'Merge a suggested subject into an approved one (its requests and teachers follow)',
    description:
      'Only a suggestion still pending review. 409 when another administrator has decided on it first ' +
      '(`data` is the subject as stored now: its `status`, and `merged_into_id` when it was merged), ' +
      'and 409 when the subject to merge into was removed or merged meanwhile (the suggestion still waits).',
    access: 'admin',
    params: IdParams,
    body: wrapped(
      'subject',
      fields({ into_id: optional(formText(12)), merge_into_id: optional(formText(12)) }),
    ),
    response: SubjectReviewed,
    errors: [409],
  }),
  removeSubject: route({
    id: 'subjects.remove',
    method: 'DELETE',
    path: '/api/v1/subjects/:id',
    summary: 'Hide a subject (administrators); history keeps it',
    access: 'admin',
    params: IdParams,
    response: SubjectResponse,
  }),
};
