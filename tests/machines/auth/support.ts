import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ApiFailure } from '../../../contract/api-failure';
import type { OnboardingProgress } from '../../../contract/structs/auth';
import {
  type AuthInput,
  authMachine,
  type ResumableSession,
  type SignInResult,
} from '../../../machines/auth/auth';
import { postLoginMachine } from '../../../machines/auth/postLogin';

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

/** What GET /api/v1/me/progress answers (or how it fails). */
export interface PostLoginStubs {
  progress?: OnboardingProgress | Error;
}

const settle = <T>(value: T | Error | undefined, name: string): Promise<T> =>
  value instanceof Error
    ? Promise.reject(value)
    : value === undefined
      ? Promise.reject(new Error(`${name} not stubbed`))
      : Promise.resolve(value);

/** A student's, teacher's or job seeker's progress with the given parts (the others null). */
export const progressOf = (
  parts: Partial<OnboardingProgress> & { role_id: number | null },
): OnboardingProgress => ({
  teacher: null,
  student: null,
  job_seeker: null,
  ...parts,
});

/** postLogin with its one read stubbed; `navigate` is a spy; `calls` counts the reads. */
export function stubbedPostLogin(stubs: PostLoginStubs = {}, navigate = vi.fn()) {
  const calls: string[] = [];
  const machine = postLoginMachine.provide({
    actors: {
      fetchProgress: fromPromise(async () => {
        calls.push('progress');
        return settle(stubs.progress, 'fetchProgress');
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
