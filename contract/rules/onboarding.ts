import { ROLE } from '../constants';
import type { OnboardingProgress } from '../structs/auth';

/** The screens each role may open once signed in (a signed-out visitor is sent to / and back). */
export const ROLE_ROUTES: Record<number, string[]> = {
  [ROLE.teacher]: [
    '/dashboard',
    '/tutor',
    '/profile',
    '/personal_details_teacher',
    '/educational_details_teacher',
    '/teacherSubject',
    '/teachersubject',
    '/slots',
  ],
  [ROLE.student]: ['/requests', '/teacherfinder', '/subject', '/studentdetails1', '/studentdetails2'],
  [ROLE.jobSeeker]: ['/jobdetails1', '/jobdetails2', '/joblist'],
};

/** Every screen that needs a session. */
export const SESSION_ROUTES = Object.values(ROLE_ROUTES).flat();

const normalise = (path: string) => path.split(/[?#]/)[0].toLowerCase().replace(/\/$/, '');
const SESSION_PATHS = new Set(SESSION_ROUTES.map(normalise));

/** Whether a path is one whose prerequisites the route guard checks (a screen that needs a session). */
export const isGuardedPath = (path: string) => SESSION_PATHS.has(normalise(path));

type Step = { route: string; done: boolean };

/** The first step not done, or null. */
const firstMissing = (steps: Step[]) => steps.find((s) => !s.done)?.route ?? null;

/**
 * Where a signed-in person who opens `path` goes instead, from what the server says they completed,
 * or null to let them in. A step needs the steps before it (a teacher's schedule needs details,
 * education and preferences; a student's education needs their details); the homes need the details;
 * the finder needs a request; another role's screen sends them to their own place (the step they
 * need, else their home). Earlier steps stay open (editing).
 */
export function prerequisiteRoute(path: string, progress: OnboardingProgress): string | null {
  const at = normalise(path);
  const role = progress.role_id;
  const mine = role === null ? [] : (ROLE_ROUTES[role] ?? []).map(normalise);
  const elsewhere = SESSION_PATHS.has(at) && !mine.includes(at);
  if (role === ROLE.teacher) {
    const t = progress.teacher ?? { personal: false, education: false, preferences: false, schedule: false };
    const steps: Step[] = [
      { route: '/personal_details_teacher', done: t.personal },
      { route: '/educational_details_teacher', done: t.education },
      { route: '/teacherSubject', done: t.preferences },
      { route: '/slots', done: t.schedule },
    ];
    if (elsewhere) return firstMissing(steps) ?? '/dashboard';
    const index = steps.findIndex((s) => normalise(s.route) === at);
    if (index > 0) return firstMissing(steps.slice(0, index));
    if (['/dashboard', '/tutor', '/profile'].includes(at)) return t.personal ? null : steps[0].route;
    return null;
  }
  if (role === ROLE.student) {
    const s = progress.student ?? { personal: false, education: false, requests: 'none' as const };
    const first = '/studentdetails1';
    const home = s.requests === 'following' ? '/requests' : s.requests === 'made' ? '/teacherfinder' : null;
    if (elsewhere) return s.personal ? (home ?? '/requests') : first;
    if (at === '/studentdetails2' || at === '/subject' || at === '/requests')
      return s.personal ? null : first;
    if (at === '/teacherfinder') return s.personal ? (s.requests === 'none' ? '/subject' : null) : first;
    return null;
  }
  if (role === ROLE.jobSeeker) {
    const j = progress.job_seeker ?? { personal: false, education: false };
    if (elsewhere) return j.personal ? '/joblist' : '/jobdetails1';
    if (at === '/jobdetails2') return j.personal ? null : '/jobdetails1';
    return null;
  }
  return null;
}

/**
 * Where a person goes after login: the first step of their role they have not finished, else their
 * home. Teacher: details, education, preferences, schedule, then /dashboard. Student: details,
 * education, a request (/subject), then /requests while a request waits for or was accepted by a
 * teacher, else /teacherfinder. Job seeker: details, education, then /joblist. An administrator goes
 * to /admin; an account without a role to the teacher's first step.
 */
export function homeRoute(progress: OnboardingProgress): string {
  if (progress.role_id === ROLE.teacher) {
    const t = progress.teacher ?? { personal: false, education: false, preferences: false, schedule: false };
    return (
      firstMissing([
        { route: '/personal_details_teacher', done: t.personal },
        { route: '/educational_details_teacher', done: t.education },
        { route: '/teacherSubject', done: t.preferences },
        { route: '/slots', done: t.schedule },
      ]) ?? '/dashboard'
    );
  }
  if (progress.role_id === ROLE.student) {
    const s = progress.student ?? { personal: false, education: false, requests: 'none' as const };
    return (
      firstMissing([
        { route: '/studentdetails1', done: s.personal },
        { route: '/studentdetails2', done: s.education },
        { route: '/subject', done: s.requests !== 'none' },
      ]) ?? (s.requests === 'following' ? '/requests' : '/teacherfinder')
    );
  }
  if (progress.role_id === ROLE.jobSeeker) {
    const j = progress.job_seeker ?? { personal: false, education: false };
    return (
      firstMissing([
        { route: '/jobdetails1', done: j.personal },
        { route: '/jobdetails2', done: j.education },
      ]) ?? '/joblist'
    );
  }
  if (progress.role_id === ROLE.admin) return '/admin';
  return '/personal_details_teacher';
}
