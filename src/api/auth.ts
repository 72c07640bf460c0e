import { type } from 'superstruct';
import { CreatedUser, SignInResponse, UserResponse } from '../../contract/structs/auth';
import { session } from '../lib/session';
import { request } from './client';

/** Accounts and tokens (SPEC.md section 7). */
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
