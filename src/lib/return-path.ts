import { ROLE } from '../../contract/constants';

/** The screens each role may open once signed in (a signed-out visitor is sent to / and back). */
const ROLE_ROUTES: Record<number, string[]> = {
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

/** Each role's home once onboarding is complete (a return path is honoured only from there). */
const HOMES = ['/dashboard', '/requests', '/teacherfinder', '/joblist'];

/** `/?next=/requests`: where a signed-out visitor was going. */
export const loginWithReturn = (path: string) => `/?next=${encodeURIComponent(path)}`;

/** The path a `next` parameter names, if it is one of ours (never another site). */
export function returnPathOf(search: string): string | null {
  const next = new URLSearchParams(search.startsWith('?') ? search : `?${search}`).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//')) return null;
  return next;
}

/**
 * Where to go after login: the screen the person was going to when their role may see it and their
 * onboarding is complete (the routing chose their home); otherwise the step routing chose.
 */
export function afterLogin(decided: string, next: string | null, roleId: number | null): string {
  if (!next || !HOMES.includes(decided) || roleId === null) return decided;
  const path = next.split(/[?#]/)[0];
  return ROLE_ROUTES[roleId]?.includes(path) ? next : decided;
}

/** The steps that need the role's profile record (its details saved first). */
const NEEDS_PROFILE: Record<number, { first: string; home: string; steps: string[] }> = {
  [ROLE.teacher]: {
    first: '/personal_details_teacher',
    home: '/dashboard',
    steps: ['/educational_details_teacher', '/teachersubject', '/slots', '/dashboard', '/tutor', '/profile'],
  },
  [ROLE.student]: {
    first: '/studentdetails1',
    home: '/requests',
    // (/studentdetails2 finds a student id that was not stored by itself.)
    steps: ['/subject', '/teacherfinder', '/requests'],
  },
};

/**
 * Where a signed-in person who opens `path` before its prerequisite goes instead, or null: a teacher
 * or student without their details saved goes to the first step; someone on another role's screen
 * goes to their own place. Reads only what the browser knows (stored role and profile ids); the
 * screens themselves still check the rest.
 */
export function prerequisiteFor(
  path: string,
  roleId: number | null,
  profileIds: { teacherId: number | null; studentId: number | null },
): string | null {
  const own = roleId === null ? undefined : NEEDS_PROFILE[roleId];
  if (!own) return null;
  const profileId = roleId === ROLE.teacher ? profileIds.teacherId : profileIds.studentId;
  const at = path.split(/[?#]/)[0].toLowerCase().replace(/\/$/, '');
  const mine = ROLE_ROUTES[roleId as number].map((r) => r.toLowerCase());
  const others = SESSION_ROUTES.map((r) => r.toLowerCase()).filter((r) => !mine.includes(r));
  if (others.includes(at)) return profileId ? own.home : own.first;
  if (!profileId && own.steps.includes(at)) return own.first;
  return null;
}
