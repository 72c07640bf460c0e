import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ApiFailure } from '../../../contract/api-failure';
import {
  type AuthInput,
  authMachine,
  type ResumableSession,
  type SignInResult,
} from '../../../machines/auth/auth';
import { postLoginMachine, type TeacherProgress, type UserProfile } from '../../../machines/auth/postLogin';

export const failure = (
  status: number | null,
  body: unknown = null,
  message = 'Request failed',
): ApiFailure => ({
  kind: status === null ? 'no_response' : 'response',
  status,
  body,
  message,
});

export const signInResult = (
  roleId: number,
  profile: Array<{ id: number }> | null,
  userId = 41,
): SignInResult => ({
  token: 'access.token.here',
  refresh_token: 'refresh',
  id: userId,
  user_id: userId,
  role_id: roleId,
  resource_owner: { id: userId, email: 'asha@example.com', role_id: roleId },
  profile,
});

export interface PostLoginStubs {
  user?: UserProfile | Error;
  teacher?: TeacherProgress | null | Error;
  hasEducation?: boolean | Error;
  hasRequest?: boolean | 'following' | Error;
  jobSeekerHasEducation?: boolean | Error;
}

const settle = <T>(value: T | Error | undefined, name: string): Promise<T> =>
  value instanceof Error
    ? Promise.reject(value)
    : value === undefined
      ? Promise.reject(new Error(`${name} not stubbed`))
      : Promise.resolve(value);

/** postLogin with its reads stubbed; `navigate` is a spy. */
export function stubbedPostLogin(stubs: PostLoginStubs = {}, navigate = vi.fn()) {
  const calls: string[] = [];
  const machine = postLoginMachine.provide({
    actors: {
      fetchUser: fromPromise(async ({ input }) => {
        calls.push(`user:${input.userId}`);
        return settle(stubs.user, 'fetchUser');
      }),
      fetchTeacher: fromPromise(async ({ input }) => {
        calls.push(`teacher:${input.teacherId}`);
        return settle(stubs.teacher, 'fetchTeacher');
      }),
      fetchStudentHasEducation: fromPromise(async ({ input }) => {
        calls.push(`education:${input.studentId}`);
        return settle(stubs.hasEducation, 'fetchStudentHasEducation');
      }),
      fetchStudentHasRequest: fromPromise(async ({ input }) => {
        calls.push(`requests:${input.studentId}`);
        return settle(stubs.hasRequest, 'fetchStudentHasRequest');
      }),
      fetchJobSeekerHasEducation: fromPromise(async ({ input }) => {
        calls.push(`jobEducation:${input.jobSeekerId}`);
        return settle(stubs.jobSeekerHasEducation, 'fetchJobSeekerHasEducation');
      }),
    },
    actions: { navigate: (_, params) => navigate(params.route) },
  });
  return { machine, navigate, calls };
}

export interface AuthStubs {
  signIn?: (input: { email: string; password: string }) => Promise<SignInResult>;
  signUp?: (input: { email: string; password: string; user_role_id: number }) => Promise<unknown>;
  checkSession?: () => Promise<ResumableSession>;
  postLogin?: PostLoginStubs;
}

/** The auth machine with stubbed actors and spies for its view-supplied actions. */
export function startAuth(stubs: AuthStubs = {}, input: AuthInput = {}) {
  const clearSession = vi.fn();
  const storeSession = vi.fn();
  const post = stubbedPostLogin(stubs.postLogin);
  const signIn = vi.fn(stubs.signIn ?? (async () => signInResult(1, null)));
  const signUp = vi.fn(stubs.signUp ?? (async () => ({ status: 'success' })));
  const machine = authMachine.provide({
    actors: {
      signIn: fromPromise(({ input }) => signIn(input)),
      signUp: fromPromise(({ input }) => signUp(input)),
      checkSession: fromPromise(() =>
        (stubs.checkSession ?? (async () => ({ userId: 41, roleId: 1, email: 'asha@example.com' })))(),
      ),
      postLogin: post.machine,
    },
    actions: {
      clearSession: () => clearSession(),
      storeSession: (_, params) => storeSession(params),
    },
  });
  const actor = createActor(machine, { input }).start();
  return {
    actor,
    clearSession,
    storeSession,
    signIn,
    signUp,
    navigate: post.navigate,
    postCalls: post.calls,
  };
}

/** Resolves when the actor's snapshot satisfies `predicate` (actors settle on microtasks). */
export async function settled() {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await new Promise((r) => setTimeout(r, 0));
}
