import { fromPromise } from 'xstate';
import { authMachine, type SignInResult, type StoredSession } from '../../../machines/auth/auth';
import { postLoginMachine } from '../../../machines/auth/postLogin';
import { fetchProgress, fetchTokenInfo, signIn, signUp } from '../../api/auth';
import { adoptAccountLanguage } from '../../lib/account-language';
import { knownProgress } from '../../lib/progress';
import { session } from '../../lib/session';

/**
 * The login screen's machines with their side effects supplied (HTTP, storage, navigation). The API
 * module (HTTP client, superstruct decoding) is imported as it is: it travels in the `app` chunk
 * (vite.config.ts), which every route loads after first paint, with this module and the Logout
 * button; only the route guard in the entry chunk loads it on demand.
 */

type Navigate = (route: string) => void;

export function postLoginFlow(navigate: Navigate) {
  return postLoginMachine.provide({
    actors: {
      // The one call routing needs; the route guard of the screen it leads to reuses the answer.
      fetchProgress: fromPromise(async () => {
        const progress = await fetchProgress();
        knownProgress.set(progress);
        return progress;
      }),
    },
    actions: { navigate: (_, params) => navigate(params.route) },
  });
}

export function storeSession(stored: StoredSession) {
  session.set('authToken', stored.auth_token);
  session.set('userId', stored.user_id);
  session.set('roleId', stored.role_id);
  session.set('authResponse', JSON.stringify(stored.auth_response));
  session.set('userEmail', stored.userEmail);
  session.set('teacherId', stored.teacher_id);
  session.set('studentId', stored.student_id);
  session.set('jobSeekerId', stored.job_seeker_id);
  adoptAccountLanguage((stored.auth_response as { language?: unknown } | undefined)?.language);
}

export function authFlow(navigate: Navigate) {
  return authMachine.provide({
    actors: {
      checkSession: fromPromise(async () => {
        const info = await fetchTokenInfo();
        adoptAccountLanguage(info.language);
        return {
          userId: info.resource_owner.id,
          roleId: info.resource_owner.role_id ?? session.roleId(),
          email: info.resource_owner.email,
        };
      }),
      signIn: fromPromise<SignInResult, { email: string; password: string }>(async ({ input }) =>
        signIn(input.email, input.password),
      ),
      signUp: fromPromise<unknown, { email: string; password: string; user_role_id: number }>(
        async ({ input }) => signUp(input.email, input.password, input.user_role_id),
      ),
      postLogin: postLoginFlow(navigate),
    },
    actions: {
      clearSession: () => session.clear(),
      storeSession: (_, stored) => storeSession(stored),
    },
  });
}
