import { array, type Infer, literal, optional, type } from 'superstruct';
import { TeacherStudentRequest } from './request';
import { TeacherRecord } from './teacher';

/**
 * GET /api/v1/teachers/me/dashboard: everything the teacher dashboard's first screen shows, in one
 * call — the signed-in teacher's record and the newest requests sent to them (newest first).
 * `requests` is optional in the contract: a client that gets none loads them itself.
 */
export const TeacherDashboard = type({
  teacher: TeacherRecord,
  requests: optional(array(TeacherStudentRequest)),
});
export type TeacherDashboard = Infer<typeof TeacherDashboard>;

export const TeacherDashboardResponse = type({ status: literal('success'), data: TeacherDashboard });
