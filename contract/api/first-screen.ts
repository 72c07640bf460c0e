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
  '/admin': '/api/v1/admin/overview',
};
