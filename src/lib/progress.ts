import { PROGRESS_STORAGE_KEY, PROGRESS_TOKEN_MARK } from '../../contract/api/first-screen';
import type { OnboardingProgress } from '../../contract/structs/auth';
import { session } from './session';

/** Session storage key (the tab's session; never local storage, which holds only the session keys). */
const KEY = PROGRESS_STORAGE_KEY;

/** Which access token an answer belongs to: the end of its signature, never the token itself. */
const tokenMark = (token: string) => token.slice(-PROGRESS_TOKEN_MARK);

/**
 * What the signed-in person has completed (GET /api/v1/me/progress), asked once and reused by the
 * route guard until something changes it: any write the person makes through the API forgets it
 * (src/api/client.ts), and it belongs to one access token (a new sign-in, a refreshed token or a
 * logout asks again).
 */
export const knownProgress = {
  get(): OnboardingProgress | null {
    const token = session.token();
    if (!token) return null;
    try {
      const stored = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as {
        token: string;
        progress: OnboardingProgress;
      } | null;
      return stored?.token === tokenMark(token) ? stored.progress : null;
    } catch {
      return null;
    }
  },
  set(progress: OnboardingProgress) {
    const token = session.token();
    if (token) sessionStorage.setItem(KEY, JSON.stringify({ token: tokenMark(token), progress }));
  },
  forget() {
    sessionStorage.removeItem(KEY);
  },
};
