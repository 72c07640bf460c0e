import { optional } from 'superstruct';
import { AppConfigResponse, OpenApiDocument } from '../structs/common';
import { DegreesResponse, SubjectCreated, SubjectResponse, SubjectsResponse } from '../structs/reference';
import { IdParams, MAX } from './common';
import { fields, flag, text, wrapped } from './fields';
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
  listSubjects: route({
    id: 'subjects.list',
    method: 'GET',
    path: '/api/v1/subjects',
    summary: 'Active subjects by name',
    access: 'public',
    response: SubjectsResponse,
  }),
  showSubject: route({
    id: 'subjects.show',
    method: 'GET',
    path: '/api/v1/subjects/:id',
    summary: 'One subject',
    access: 'public',
    params: IdParams,
    response: SubjectResponse,
  }),
  createSubject: route({
    id: 'subjects.create',
    method: 'POST',
    path: '/api/v1/subjects',
    summary: 'Add a subject (any signed-in user); a removed one of that name comes back',
    description: 'Names are unique case-insensitively: 409 with the existing subject in `data`.',
    access: 'signed_in',
    body: SubjectBody,
    status: 201,
    response: SubjectCreated,
    errors: [409],
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
