import { optional } from 'superstruct';
import { APPROVALS_FIRST } from '../constants';
import { ID_MAX } from '../rules/input';
import {
  ActivityLogPage,
  AdminDashboard,
  AdminNotifications,
  AdminTeacherFileResponse,
  AdminTeacherList,
  MonthOverview,
  SuccessMessage,
  TeacherApprovals,
  TeacherDecision,
} from '../structs/admin';
import { IdParams, MAX } from './common';
import { fields, int, queryInt, text, wrapped } from './fields';
import { route } from './route';

/** Query values a product rule checks with its own messages (page, limit, filters, search). */
const ruleText = () => optional(text(MAX.query));

/**
 * What a decision's screen showed: the teacher's `review_version` as it was loaded. Optional (a caller
 * without it is not checked for a stale screen); our client always sends it.
 */
const shownVersion = () => optional(int(0, ID_MAX));
const STALE_409 =
  '409 when the teacher changed their documents or details since the screen showed them: `review_version` was sent and ' +
  'is no longer the one stored (`verification_status`, `review_version` and `review_changes` say what is stored now).';

/** The administrators' dashboard: teachers, approvals, the month overview, notifications, the log. */
export const adminRoutes = {
  listTeachers: route({
    id: 'adminTeachers.list',
    method: 'GET',
    path: '/api/v1/teachers',
    summary: 'Teachers, filtered and searched on the server (administrators)',
    access: 'admin',
    query: fields({ page: ruleText(), limit: ruleText(), status: ruleText(), search: ruleText() }),
    response: AdminTeacherList,
  }),
  teacherFile: route({
    id: 'adminTeachers.show',
    method: 'GET',
    path: '/api/v1/admin/teachers/:id',
    summary: 'One teacher’s full record: documents, education, preferences, schedule, requests, activity',
    access: 'admin',
    params: IdParams,
    response: AdminTeacherFileResponse,
  }),
  teacherApprovals: route({
    id: 'adminTeachers.approvals',
    method: 'GET',
    path: '/api/v1/admin/teacher_approvals',
    summary:
      'Pending teachers whose documents are on file, oldest first, a page at a time (`offset`, `limit`: 20 by default), and how many wait in all',
    access: 'admin',
    query: fields({ limit: optional(queryInt(1, 100)), offset: optional(queryInt(0, 1_000_000)) }),
    response: TeacherApprovals,
  }),
  approveTeacher: route({
    id: 'adminTeachers.approve',
    method: 'PATCH',
    path: '/api/v1/teachers/:id/approve',
    summary: 'Approve a teacher (verified, active again)',
    description:
      'Only a teacher pending review with the Aadhar photo, mark sheet and certificate on file (as Teacher Approvals lists them). ' +
      '409 when another administrator has decided first (`verification_status` and any `rejection_reason` say what is stored now) ' +
      'or when a document is missing. ' +
      STALE_409,
    access: 'admin',
    params: IdParams,
    body: wrapped('teacher', fields({ review_version: shownVersion() })),
    response: TeacherDecision,
    errors: [409],
  }),
  rejectTeacher: route({
    id: 'adminTeachers.reject',
    method: 'PATCH',
    path: '/api/v1/teachers/:id/reject',
    summary: 'Reject a teacher with a reason (deactivates them)',
    description:
      'Only a teacher pending review (documents missing is a fair reason). 409 when another administrator has decided first ' +
      '(`verification_status` and any `rejection_reason` say what is stored now). ' +
      STALE_409,
    access: 'admin',
    params: IdParams,
    body: wrapped('teacher', fields({ reason: optional(text(5000)), review_version: shownVersion() })),
    response: TeacherDecision,
    errors: [409],
  }),
  dashboard: route({
    id: 'adminDashboard.show',
    method: 'GET',
    path: '/api/v1/admin/dashboard',
    summary: 'The dashboard’s first screen in one answer',
    description:
      'This month’s overview, the first teacher approvals, the subjects waiting for review with the approved list, and the ' +
      'first page of notifications: each part as its own call answers it with no query (approvals: the first ' +
      `${APPROVALS_FIRST}). A phone on a slow network waits for one answer instead of five.`,
    access: 'admin',
    response: AdminDashboard,
  }),
  overview: route({
    id: 'adminDashboard.overview',
    method: 'GET',
    path: '/api/v1/admin/overview',
    summary: 'Every figure of the dashboard for one month (`month=YYYY-MM`, default this month)',
    access: 'admin',
    query: fields({ month: ruleText() }),
    response: MonthOverview,
  }),
  notifications: route({
    id: 'adminDashboard.notifications',
    method: 'GET',
    path: '/api/v1/admin/notifications',
    summary: 'Events since the administrator last marked notifications read, a page at a time',
    access: 'admin',
    query: fields({ limit: optional(queryInt(0, 1000)), offset: optional(queryInt(0, 1_000_000)) }),
    response: AdminNotifications,
  }),
  notificationsSeen: route({
    id: 'adminDashboard.notificationsSeen',
    method: 'POST',
    path: '/api/v1/admin/notifications/seen',
    summary: 'Mark notifications read',
    access: 'admin',
    response: SuccessMessage,
  }),
  activityLog: route({
    id: 'activityLog.list',
    method: 'GET',
    path: '/Activity-Log',
    summary: 'The audit log, newest first (administrators)',
    access: 'admin',
    query: fields({ page: ruleText(), limit: ruleText() }),
    response: ActivityLogPage,
  }),
};
