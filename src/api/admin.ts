import { ROLE } from '../../contract/constants';
import type { TeacherListQuery } from '../../contract/rules/admin';
import {
  AdminNotifications,
  AdminRegistered,
  AdminSignInResponse,
  AdminTeacherList,
  MonthOverview,
  SuccessMessage,
  TeacherApprovals,
  TeacherDecision,
} from '../../contract/structs/admin';
import { clientConfig } from '../lib/config';
import { session } from '../lib/session';
import { request } from './client';

/** The administrator side's calls (SPEC.md section 7, DECISIONS.md D3, D4, D9, D10). */
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
  request(AdminTeacherList, {
    url: '/api/v1/teachers',
    params: {
      page: query.page,
      limit: query.limit,
      status: query.status,
      search: query.search || undefined,
    },
  });

export const fetchMonthOverview = async (month: string | null) =>
  (await request(MonthOverview, { url: '/api/v1/admin/overview', params: { month: month ?? undefined } }))
    .data;

export const fetchAdminNotifications = async () =>
  (await request(AdminNotifications, { url: '/api/v1/admin/notifications' })).data;

export const markAdminNotificationsRead = () =>
  request(SuccessMessage, { method: 'POST', url: '/api/v1/admin/notifications/seen' });

export const fetchTeacherApprovals = async () => {
  const res = await request(TeacherApprovals, { url: '/api/v1/admin/teacher_approvals' });
  return { teachers: res.data, total: res.total_count };
};

export const approveTeacher = (teacherId: number) =>
  request(TeacherDecision, { method: 'PATCH', url: `/api/v1/teachers/${teacherId}/approve` });

export const rejectTeacher = (teacherId: number, reason: string) =>
  request(TeacherDecision, {
    method: 'PATCH',
    url: `/api/v1/teachers/${teacherId}/reject`,
    data: { reason },
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

/** Opens a private document (D8) in a new tab: fetched with the administrator's token. */
export async function openPrivateDocument(url: string): Promise<void> {
  const tab = window.open('', '_blank');
  const res = await fetch(`${clientConfig().apiBaseUrl}${url}`, {
    headers: { Authorization: `Bearer ${session.token() ?? ''}` },
  });
  if (!res.ok) {
    tab?.close();
    throw new Error(`Could not open the document (${res.status})`);
  }
  const objectUrl = URL.createObjectURL(await res.blob());
  if (tab) tab.location.href = objectUrl;
  else window.location.assign(objectUrl);
}
