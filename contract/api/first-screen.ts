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

/**
 * The admin dashboard's first screen in one call: its overview, teacher approvals, new subjects and
 * notifications (each part of the page takes its own part of the answer, src/api/admin.ts).
 */
export const ADMIN_DASHBOARD_CALL = '/api/v1/admin/dashboard';

/**
 * The one call each signed-in home's first screen waits for, by client path. The HTML the server
 * sends for these paths starts that call itself (with the stored token), while the page's code is
 * still downloading (server/plugins/client.ts); the page then uses the answer instead of asking
 * again (src/api/client.ts, `firstScreen`). Any other path, or an answer that is not 2xx, and the
 * page makes its call as usual.
 */
export const FIRST_SCREEN_CALLS: Readonly<Record<string, string>> = {
  '/dashboard': '/api/v1/teachers/me/dashboard',
  '/tutor': '/api/v1/teachers/me/dashboard',
  '/teacherfinder': '/api/v1/students/me/finder',
  '/requests': '/api/v1/teacher_student_requests?limit=100',
  '/admin': ADMIN_DASHBOARD_CALL,
};
