import { type } from 'superstruct';
import { PROGRESS_CALL } from '../../contract/api/first-screen';
import {
  CreatedUser,
  ProgressResponse,
  SignInResponse,
  TokenInfo,
  UserResponse,
} from '../../contract/structs/auth';
import { session } from '../lib/session';
import { request, startedProgress } from './client';

/** Accounts and tokens (docs/product.md#api-conventions). */
export const signIn = (email: string, password: string) =>
  request(SignInResponse, {
    method: 'POST',
    url: '/users/tokens/sign_in',
    data: { email, password },
    auth: false,
  });

export const signUp = (email: string, password: string, user_role_id: number) =>
  request(CreatedUser, {
    method: 'POST',
    url: '/api/v1/users',
    data: { email, password, user_role_id },
    auth: false,
  });

export const fetchUser = (id: number) => request(UserResponse, { url: `/api/v1/users/${id}` });

/** GET /users/tokens/info: who the stored token belongs to (fails when it expired or was revoked). */
export const fetchTokenInfo = () => request(TokenInfo, { url: '/users/tokens/info' });

/** What the signed-in person has completed (the route guard decides from it). */
export const fetchProgress = async () => (await request(ProgressResponse, { url: PROGRESS_CALL })).data;

/**
 * The route guard's answer: the one the page's HTML already asked for (with the stored token, while
 * the code downloaded) when there is one, else asked now.
 */
/** The progress answer index.html asked for, when it came back 2xx and well formed; never asks itself. */
export const takeStartedProgress = async () => (await startedProgress(ProgressResponse, PROGRESS_CALL))?.data;

export const fetchGuardProgress = async () =>
  (
    (await startedProgress(ProgressResponse, PROGRESS_CALL)) ??
    (await request(ProgressResponse, { url: PROGRESS_CALL }))
  ).data;

/** D2: revokes the token on the server (best effort) and clears the stored session; drafts stay. */
export async function logout(): Promise<void> {
  try {
    if (session.token()) await request(type({}), { method: 'POST', url: '/users/tokens/revoke' });
  } catch {
    // The session ends on this device whatever the server answered.
  } finally {
    session.clear();
  }
}
