import * as adminStructs from '../structs/admin';
import * as accountStructs from '../structs/auth';
import * as commonStructs from '../structs/common';
import * as dashboardStructs from '../structs/dashboard';
import * as jobStructs from '../structs/jobs';
import * as notificationStructs from '../structs/notification';
import * as referenceStructs from '../structs/reference';
import * as requestStructs from '../structs/request';
import * as studentStructs from '../structs/student';
import * as teacherStructs from '../structs/teacher';
import { accountRoutes } from './accounts';
import { adminRoutes } from './admin';
import { fileRoutes } from './files';
import { jobRoutes } from './jobs';
import { notificationRoutes } from './notifications';
import { toOpenApi } from './openapi';
import { referenceRoutes } from './reference';
import { requestRoutes } from './requests';
import type { RouteSpec } from './route';
import { studentRoutes } from './students';
import { teacherRoutes } from './teachers';

export * from './route';
export {
  accountRoutes,
  adminRoutes,
  fileRoutes,
  jobRoutes,
  notificationRoutes,
  referenceRoutes,
  requestRoutes,
  studentRoutes,
  teacherRoutes,
};

/**
 * Every API route, grouped by area (the OpenAPI tags). A route the server answers must be declared
 * here: tests/server/contract.test.ts fails otherwise.
 */
export const API_AREAS: Record<string, Record<string, RouteSpec>> = {
  Accounts: accountRoutes,
  'Reference data': referenceRoutes,
  Teachers: teacherRoutes,
  Students: studentRoutes,
  Requests: requestRoutes,
  Notifications: notificationRoutes,
  Jobs: jobRoutes,
  Administration: adminRoutes,
  Files: fileRoutes,
};

export const API_ROUTES: RouteSpec[] = Object.values(API_AREAS).flatMap((area) => Object.values(area));

/** Path prefixes that belong to the API (an unknown path under them answers a JSON 404, never the app). */
export const API_PREFIXES = [
  '/api/',
  '/users/',
  '/admin_users',
  '/admin-sign-in',
  '/Activity-Log',
  '/uploads/',
  '/healthz',
  '/readyz',
];

/** The OpenAPI 3.1 document of every declared route (served at /api/openapi.json). */
export function apiDocument(version = '1.0.0') {
  const tags: Record<string, string> = {};
  for (const [area, routes] of Object.entries(API_AREAS))
    for (const spec of Object.values(routes)) tags[spec.id] = area;
  return toOpenApi(
    API_ROUTES,
    {
      title: 'Bengal Tutors API',
      version,
      description:
        'Every route the server answers, generated from its declaration in contract/api/. ' +
        'Authenticated calls send `Authorization: Bearer <token>`. Errors are JSON: 422 carries `errors` ' +
        '(field -> messages); 401, 403, 404, 409, 413 and 429 carry `message` (and often `error`).',
      components: {
        ...accountStructs,
        ...adminStructs,
        ...referenceStructs,
        ...requestStructs,
        ...studentStructs,
        ...teacherStructs,
        ...commonStructs,
        ...dashboardStructs,
        ...jobStructs,
        ...notificationStructs,
      },
    },
    tags,
  );
}
