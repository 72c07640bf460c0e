import { ROLE_ROUTES, SESSION_ROUTES } from '../../contract/rules/onboarding';

export { SESSION_ROUTES };

/** Each role's home once onboarding is complete (a return path is honoured only from there). */
const HOMES = ['/dashboard', '/requests', '/teacherfinder', '/joblist'];

/** `/?next=/requests`: where a signed-out visitor was going. */
export const loginWithReturn = (path: string) => `/?next=${encodeURIComponent(path)}`;

/** The path a `next` parameter names, if it is one of ours (never another site). */
export function returnPathOf(search: string): string | null {
  const next = new URLSearchParams(search.startsWith('?') ? search : `?${search}`).get('next');
  if (!next?.startsWith('/') || next.startsWith('//')) return null;
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
