import type { Struct } from 'superstruct';
import { ADMIN_DASHBOARD_CALL } from '../../contract/api/first-screen';
import { APPROVALS_FIRST, NOTIFICATIONS_PAGE_SIZE, ROLE } from '../../contract/constants';
import type { TeacherListQuery } from '../../contract/rules/admin';
import {
  AdminDashboard,
  AdminNotifications,
  AdminRegistered,
  AdminSignInResponse,
  AdminTeacherFileResponse,
  AdminTeacherList,
  MonthOverview,
  SuccessMessage,
  TeacherApprovals,
  TeacherDecision,
} from '../../contract/structs/admin';
import {
  SubjectReviewed,
  SubjectSuggestionsResponse,
  SubjectsResponse,
} from '../../contract/structs/reference';
import { session } from '../lib/session';
import { ApiError, download, firstScreen, firstScreenBack, type RequestOptions, request } from './client';

/**
 * An administrator-only call (D3). A 403 means the stored session is not an administrator's (a
 * teacher's or student's token): the session ends and the browser goes to /adminsignin.
 */
async function adminRequest<T, S>(struct: Struct<T, S>, options: RequestOptions): Promise<T> {
  try {
    return await request(struct, options);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      session.clear();
      window.location.assign('/adminsignin');
    }
    throw error;
  }
}

/** The administrator side's calls (docs/product.md#administration). */
export const adminLogIn = (email: string, password: string) =>
  request(AdminSignInResponse, {
    method: 'POST',
    url: '/admin_users/tokens/sign_in',
    data: { email, password },
    auth: false,
  });

export const adminRegister = (email: string, password: string) =>
  request(AdminRegistered, {
    method: 'POST',
    url: '/admin_users',
    data: { admin_user: { email, password } },
    auth: false,
  });

export const fetchAdminTeachers = (query: TeacherListQuery) =>
  adminRequest(AdminTeacherList, {
    url: '/api/v1/teachers',
    params: {
      page: query.page,
      limit: query.limit,
      status: query.status,
      search: query.search || undefined,
    },
  });

type DashboardParts = Omit<typeof AdminDashboard.TYPE, 'status'>;
type DashboardPart = keyof DashboardParts;
/** The answer's parts, as its struct declares them. */
const DASHBOARD_PARTS = Object.keys(AdminDashboard.schema).filter(
  (key): key is DashboardPart => key !== 'status',
);

/**
 * A part of the dashboard's first screen (asked for in one call by the page's HTML) when the answer
 * is already back: the same to every part of the page's first render (`firstScreenBack`).
 */
const dashboardBack = <K extends DashboardPart>(part: K): DashboardParts[K] | undefined =>
  firstScreenBack(AdminDashboard, ADMIN_DASHBOARD_CALL)?.[part];

/** The dashboard's first-screen answer on its way, and the parts no part of the page has taken yet. */
let dashboardOnItsWay:
  | { answer: Promise<typeof AdminDashboard.TYPE | undefined>; left: Set<DashboardPart> }
  | undefined;

/**
 * A part of the dashboard's first screen while the answer is on its way: each part of the page takes
 * its own part once (as its machine starts). Taken already, or no answer usable (not asked for, not
 * 2xx, not of the expected shape), and undefined: the caller asks the server.
 */
async function dashboardPart<K extends DashboardPart>(part: K): Promise<DashboardParts[K] | undefined> {
  if (typeof window !== 'undefined' && window.__FIRST_SCREEN__?.url === ADMIN_DASHBOARD_CALL) {
    const taking = {
      answer: firstScreen(AdminDashboard, ADMIN_DASHBOARD_CALL),
      left: new Set(DASHBOARD_PARTS),
    };
    dashboardOnItsWay = taking;
    // Parts nobody asked for while it travelled are not kept for a later visit of the page.
    void taking.answer.finally(() => {
      if (dashboardOnItsWay === taking) dashboardOnItsWay = undefined;
    });
  }
  const taking = dashboardOnItsWay;
  if (!taking?.left.delete(part)) return undefined;
  return (await taking.answer)?.[part];
}

export const fetchMonthOverview = async (month: string | null) =>
  // This month's figures may already be on their way (asked for by the page's HTML).
  (
    (month === null ? await dashboardPart('overview') : undefined) ??
    (await adminRequest(MonthOverview, {
      url: '/api/v1/admin/overview',
      params: { month: month ?? undefined },
    }))
  ).data;

const notificationsPage = (res: typeof AdminNotifications.TYPE) => ({
  items: res.data,
  hasMore: res.has_more ?? false,
});

/** One page of notifications (the latest ten first; `offset` skips the ones already shown). */
export const fetchAdminNotifications = async (offset = 0) =>
  notificationsPage(
    // The first page may already be on its way (asked for by the dashboard's HTML).
    (offset === 0 ? await dashboardPart('notifications') : undefined) ??
      (await adminRequest(AdminNotifications, {
        url: '/api/v1/admin/notifications',
        params: { offset, limit: NOTIFICATIONS_PAGE_SIZE },
      })),
  );

/**
 * The dashboard's month overview and first page of notifications when the first screen's answer is
 * already back (asked for by the page's HTML), for its first render; else null, and the page loads them.
 */
export function adminDashboardBack() {
  const overview = dashboardBack('overview')?.data;
  const notifications = dashboardBack('notifications');
  return overview && notifications ? { overview, notifications: notificationsPage(notifications) } : null;
}

export const markAdminNotificationsRead = () =>
  adminRequest(SuccessMessage, { method: 'POST', url: '/api/v1/admin/notifications/seen' });

const approvalsPage = (res: typeof TeacherApprovals.TYPE) => ({ teachers: res.data, total: res.total_count });

/** A page of the teachers waiting for review (oldest first) and how many wait in all. */
export const fetchTeacherApprovals = async (page?: { offset: number; limit: number }) =>
  approvalsPage(
    // The dashboard's first page may already be on its way (asked for by its HTML).
    (page?.offset === 0 && page.limit === APPROVALS_FIRST
      ? await dashboardPart('teacher_approvals')
      : undefined) ??
      (await adminRequest(TeacherApprovals, {
        url: '/api/v1/admin/teacher_approvals',
        params: page,
      })),
  );

/** The dashboard's first page of teacher approvals when it is already back (as `adminDashboardBack`). */
export function teacherApprovalsBack() {
  const res = dashboardBack('teacher_approvals');
  return res && approvalsPage(res);
}

/**
 * A decision on a teacher, with the review version the screen showed (`review_version`): the server
 * refuses it (409) when the teacher has changed what is reviewed since.
 */
export const approveTeacher = (teacherId: number, reviewVersion: number | undefined) =>
  adminRequest(TeacherDecision, {
    method: 'PATCH',
    url: `/api/v1/teachers/${teacherId}/approve`,
    data: { review_version: reviewVersion },
  });

export const rejectTeacher = (teacherId: number, reason: string, reviewVersion: number | undefined) =>
  adminRequest(TeacherDecision, {
    method: 'PATCH',
    url: `/api/v1/teachers/${teacherId}/reject`,
    data: { reason, review_version: reviewVersion },
  });

const newSubjects = (
  pending: typeof SubjectSuggestionsResponse.TYPE,
  approved: typeof SubjectsResponse.TYPE,
) => ({
  subjects: pending.data.map((s) => ({
    id: s.id,
    name: s.name,
    created_at: s.created_at,
    suggested_by: s.suggested_by,
  })),
  approved: approved.data
    .filter((s) => (s.status ?? 'approved') === 'approved')
    .map((s) => ({ id: s.id, name: s.name })),
});

/** New subjects (D14): the suggestions waiting for review and the shared list they may merge into. */
export const fetchNewSubjects = async () => {
  // Both may already be on their way (asked for by the dashboard's HTML).
  const [pending, approved] = await Promise.all([
    dashboardPart('subject_suggestions').then(
      (started) =>
        started ??
        adminRequest(SubjectSuggestionsResponse, {
          url: '/api/v1/admin/subjects',
          params: { status: 'pending' },
        }),
    ),
    dashboardPart('subjects').then(
      (started) => started ?? adminRequest(SubjectsResponse, { url: '/api/v1/subjects' }),
    ),
  ]);
  return newSubjects(pending, approved);
};

/** New subjects when the first screen's answer is already back (as `adminDashboardBack`); else undefined. */
export function newSubjectsBack() {
  const pending = dashboardBack('subject_suggestions');
  const approved = dashboardBack('subjects');
  return pending && approved ? newSubjects(pending, approved) : undefined;
}

export const approveSubject = (subjectId: number) =>
  adminRequest(SubjectReviewed, { method: 'PATCH', url: `/api/v1/admin/subjects/${subjectId}/approve` });

export const rejectSubject = (subjectId: number) =>
  adminRequest(SubjectReviewed, { method: 'PATCH', url: `/api/v1/admin/subjects/${subjectId}/reject` });

export const mergeSubject = (subjectId: number, intoId: number) =>
  adminRequest(SubjectReviewed, {
    method: 'PATCH',
    url: `/api/v1/admin/subjects/${subjectId}/merge`,
    data: { subject: { into_id: String(intoId) } },
  });

/** An administrator session is stored: a token and role 4 (D3). The server still checks every call. */
export const hasAdminSession = () => Boolean(session.token()) && session.roleId() === ROLE.admin;

export function storeAdminSession(stored: {
  auth_token: string;
  user_id: number;
  role_id: number;
  userEmail: string;
}) {
  session.clear();
  session.set('authToken', stored.auth_token);
  session.set('userId', stored.user_id);
  session.set('roleId', stored.role_id);
  session.set('userEmail', stored.userEmail);
}

/** Opens a private document (D8) in a new tab: downloaded with the administrator's token. */
export async function openPrivateDocument(url: string): Promise<void> {
  // The tab is opened before the download so that pop-up blockers allow it.
  const tab = window.open('', '_blank');
  let blob: Blob;
  try {
    blob = await download({ url });
  } catch (error) {
    tab?.close();
    throw error;
  }
  const objectUrl = URL.createObjectURL(blob);
  if (tab) tab.location.href = objectUrl;
  else window.location.assign(objectUrl);
}

/** Everything on file about one teacher (administrators only). */
export const fetchAdminTeacherFile = async (teacherId: number) =>
  (await adminRequest(AdminTeacherFileResponse, { url: `/api/v1/admin/teachers/${teacherId}` })).data;
