import { optional } from 'superstruct';
import { AdminRegistered, AdminSignInResponse, SuccessMessage } from '../structs/admin';
import {
  AdminTokenRefresh,
  CreatedUser,
  LanguageResponse,
  ProgressResponse,
  SignInResponse,
  TokenInfo,
  UserResponse,
} from '../structs/auth';
import { IdParams, MAX } from './common';
import { anyOf, fields, formText, text, wrapped } from './fields';
import { route } from './route';

const Credentials = fields({
  email: optional(text(MAX.email)),
  password: optional(text(MAX.password)),
});

/** Accounts, tokens and administrators' accounts. */
export const accountRoutes = {
  signUp: route({
    id: 'users.create',
    method: 'POST',
    path: '/api/v1/users',
    summary: 'Create an account (teacher or student)',
    description:
      'Body `{email, password, user_role_id}` (1 teacher, 2 student), also wrapped as `user`. 409 when the email is taken.',
    access: 'public',
    body: wrapped(
      'user',
      fields({
        email: optional(text(MAX.email)),
        password: optional(text(MAX.password)),
        user_role_id: optional(formText(10)),
      }),
    ),
    status: 201,
    response: CreatedUser,
    errors: [409],
  }),
  showUser: route({
    id: 'users.show',
    method: 'GET',
    path: '/api/v1/users/:id',
    summary: 'An account and its profile record (owner or administrator)',
    access: 'signed_in',
    params: IdParams,
    response: UserResponse,
  }),
  signIn: route({
    id: 'tokens.signIn',
    method: 'POST',
    path: '/users/tokens/sign_in',
    summary: 'Sign in: access token (1 hour) and refresh token (1 week)',
    description: 'One 401 message for an unknown email and a wrong password; 429 after too many attempts.',
    access: 'public',
    body: wrapped('user', Credentials),
    response: SignInResponse,
    errors: [429],
  }),
  refresh: route({
    id: 'tokens.refresh',
    method: 'POST',
    path: '/users/tokens/refresh',
    summary: 'New tokens for a refresh token (rotation: the old one stops working)',
    description: 'The refresh token in the body (`refresh_token`) or as the Bearer token.',
    access: 'refresh',
    body: fields({ refresh_token: optional(text(MAX.token)) }),
    response: anyOf([SignInResponse, AdminTokenRefresh]),
    errors: [429],
  }),
  revoke: route({
    id: 'tokens.revoke',
    method: 'POST',
    path: '/users/tokens/revoke',
    summary: 'Sign out: this session’s tokens stop working',
    access: 'signed_in',
    response: SuccessMessage,
  }),
  tokenInfo: route({
    id: 'tokens.info',
    method: 'GET',
    path: '/users/tokens/info',
    summary: 'Who the access token belongs to and how long it lasts',
    access: 'signed_in',
    response: TokenInfo,
  }),
  progress: route({
    id: 'me.progress',
    method: 'GET',
    path: '/api/v1/me/progress',
    summary: 'What the signed-in person has completed (onboarding steps, a request), for routing',
    description:
      'Read from the database on every call: the teacher steps saved (details, education, preferences, schedule), the student’s details, education and requests, the job seeker’s details and education. The client routes from it, never from ids it stored.',
    access: 'signed_in',
    response: ProgressResponse,
  }),
  saveLanguage: route({
    id: 'me.language',
    method: 'PUT',
    path: '/api/v1/me/language',
    summary: 'Remember the interface language of the signed-in account (en, bn or hi)',
    description:
      'Body `{language}`. Returned with the session afterwards (`language` of sign-in and token info). 422 for another value.',
    access: 'signed_in',
    body: fields({ language: optional(text(8)) }),
    response: LanguageResponse,
  }),
  registerAdmin: route({
    id: 'adminUsers.create',
    method: 'POST',
    path: '/admin_users',
    summary: 'Register an administrator (the first one, or when registration is open)',
    access: 'public',
    body: wrapped(['admin_user', 'admin'], Credentials),
    status: 201,
    response: AdminRegistered,
    errors: [409, 429],
  }),
  adminSignIn: route({
    id: 'adminUsers.signIn',
    method: 'POST',
    path: '/admin_users/tokens/sign_in',
    summary: 'Administrator sign-in',
    access: 'public',
    body: wrapped(['admin_user', 'admin'], Credentials),
    response: AdminSignInResponse,
    errors: [429],
  }),
  adminSignInService: route({
    id: 'adminUsers.signInService',
    method: 'POST',
    path: '/admin-sign-in',
    summary: 'Administrator sign-in (the older path; same answer)',
    access: 'public',
    body: wrapped(['admin_user', 'admin'], Credentials),
    response: AdminSignInResponse,
    errors: [429],
  }),
};
