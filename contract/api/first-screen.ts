import { APPROVALS_FIRST, NOTIFICATIONS_PAGE_SIZE } from '../constants';

/**
 * The one call each signed-in home's first screen waits for, by client path. The HTML the server
 * sends for these paths starts that call itself (with the stored token), while the page's code is
 * still downloading (server/plugins/client.ts); the page then uses the answer instead of asking
 * again (src/api/client.ts, `firstScreen`). Any other path, or an answer that is not 2xx, and the
 * page makes its call as usual.
 */
/**
 * What the signed-in person has completed: the route guard of every screen that needs a session waits
 * for it before the screen shows (src/app/PrerequisiteGuard.tsx). The HTML of those paths starts it
 * too, beside the first screen's call, unless this tab already knows the answer for the stored token
 * (kept in session storage under `PROGRESS_STORAGE_KEY`, marked with the token's last characters).
 */
export const PROGRESS_CALL = '/api/v1/me/progress';
export const PROGRESS_STORAGE_KEY = 'onboarding_progress';
/** How many characters of the access token's end mark whose answer a kept progress is. */
export const PROGRESS_TOKEN_MARK = 16;

/** The admin dashboard's first-screen calls, one name each (the client takes each answer by its URL). */
export const ADMIN_FIRST_SCREEN = {
  overview: '/api/v1/admin/overview',
  approvals: `/api/v1/admin/teacher_approvals?offset=0&limit=${APPROVALS_FIRST}`,
  pendingSubjects: '/api/v1/admin/subjects?status=pending',
  subjects: '/api/v1/subjects',
  notifications: `/api/v1/admin/notifications?offset=0&limit=${NOTIFICATIONS_PAGE_SIZE}`,
} as const;

export const FIRST_SCREEN_CALLS: Readonly<Record<string, string>> = {
  '/dashboard': '/api/v1/teachers/me/dashboard',
  '/tutor': '/api/v1/teachers/me/dashboard',
  '/teacherfinder': '/api/v1/students/me/finder',
  '/requests': '/api/v1/teacher_student_requests?limit=100',
  '/admin': ADMIN_FIRST_SCREEN.overview,
};

/**
 * The other calls a first screen waits for, where it needs more than one answer, by client path:
 * started by the same script beside the first screen's call, each taken once by its URL
 * (src/api/client.ts, `startedAlso`). The admin's dashboard shows the teacher approvals, the new
 * subjects and the notifications beside the month's figures: asked only once the page had rendered,
 * they came back a round trip after it.
 */
export const FIRST_SCREEN_ALSO: Readonly<Record<string, readonly string[]>> = {
  '/admin': [
    ADMIN_FIRST_SCREEN.approvals,
    ADMIN_FIRST_SCREEN.pendingSubjects,
    ADMIN_FIRST_SCREEN.subjects,
    ADMIN_FIRST_SCREEN.notifications,
  ],
};
