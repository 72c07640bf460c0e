import { assign, fromPromise, setup } from 'xstate';
import { accountRoutes } from '../../contract/api/accounts';
import { ROLE } from '../../contract/constants';
import { ADMIN_MESSAGES, validateAdminLogin, validateAdminSignUp } from '../../contract/rules/admin';
import { type FieldErrors, hasErrors } from '../../contract/rules/common';
import { errorOf, notProvided } from '../common/actors';
import {
  type CredentialEvent,
  type CredentialField,
  clearedFeedback,
  credentialActions,
  credentialErrors,
  credentialFieldEvents,
  credentialsInput,
  passwordVisibilityEvents,
} from '../common/credentials';
import { adminLoginFailureMessage, adminSignUpFailureMessage } from '../common/failure';

/**
 * The admin sign-in card (/adminsignin): login and signup modes, docs/product.md#administration.
 * The stored session is cleared when the screen loads and on every toggle; a successful login
 * stores token, user id and role 4, then goes to /admin. Storage, HTTP and navigation come from
 * the view with `.provide()`.
 */

export type AdminField = CredentialField;
export type AdminErrorField = AdminField | 'terms';

/** What the machine reads of POST /admin_users/tokens/sign_in. */
export interface AdminSignInResult {
  token?: string | null;
  refresh_token?: string | null;
  user_id?: number;
  resource_owner?: { id: number; email?: string };
}

export interface AdminStoredSession {
  auth_token: string;
  user_id: number;
  role_id: typeof ROLE.admin;
  userEmail: string;
}

export interface AdminSignInContext {
  email: string;
  password: string;
  agreeToTerms: boolean;
  /** Fixed: the role selector is locked to Administrator. */
  user_role_id: typeof ROLE.admin;
  passwordVisible: boolean;
  fieldErrors: FieldErrors<AdminErrorField>;
  error: string | null;
  message: string | null;
}

export type AdminSignInEvent =
  | CredentialEvent
  | { type: 'terms.change'; checked: boolean }
  | { type: 'mode.toggle' }
  | { type: 'form.submit' };

/** docs/product.md#api-conventions: token (else refresh_token) as auth_token, resource_owner.id as user_id, role 4. */
export function adminSessionFrom(result: AdminSignInResult, email: string): AdminStoredSession {
  return {
    auth_token: result.token || result.refresh_token || '',
    user_id: result.resource_owner?.id ?? result.user_id ?? 0,
    role_id: ROLE.admin,
    userEmail: email.trim(),
  };
}

/** The login's rules, and the sign-in route's declaration where they pass (the server's words). */
const loginErrors = (context: AdminSignInContext) =>
  credentialErrors(accountRoutes.adminSignIn.body, context, validateAdminLogin(context));

/** The registration's rules, and its route's declaration where they pass (the server's words). */
const signUpErrors = (context: AdminSignInContext) =>
  credentialErrors(accountRoutes.registerAdmin.body, context, validateAdminSignUp(context));

export const adminSignInMachine = setup({
  types: {
    context: {} as AdminSignInContext,
    events: {} as AdminSignInEvent,
  },
  actors: {
    logIn: fromPromise<AdminSignInResult, { email: string; password: string }>(
      notProvided('adminSignIn', 'logIn'),
    ),
    register: fromPromise<unknown, { email: string; password: string }>(
      notProvided('adminSignIn', 'register'),
    ),
  },
  guards: {
    loginIsValid: ({ context }) => !hasErrors(loginErrors(context)),
    signUpIsValid: ({ context }) => !hasErrors(signUpErrors(context)),
  },
  actions: {
    /** Supplied by the view: clear the stored session keys. */
    clearSession: () => {},
    /** Supplied by the view: write auth_token, user_id, role_id (4), userEmail. */
    storeSession: (_, _params: AdminStoredSession) => {},
    /** Supplied by the view: go to /admin. */
    goToDashboard: () => {},
    ...credentialActions<AdminSignInContext, AdminSignInEvent>(),
    changeTerms: assign(({ context, event }) =>
      event.type === 'terms.change'
        ? { agreeToTerms: event.checked, fieldErrors: { ...context.fieldErrors, terms: undefined } }
        : {},
    ),
    showLoginErrors: assign({ fieldErrors: ({ context }) => loginErrors(context), message: null }),
    showSignUpErrors: assign({ fieldErrors: ({ context }) => signUpErrors(context), message: null }),
    showLoginFailure: assign({ error: ({ event }) => adminLoginFailureMessage(errorOf(event)) }),
    showSignUpFailure: assign({ error: ({ event }) => adminSignUpFailureMessage(errorOf(event)) }),
    registrationSucceeded: assign({
      password: '',
      agreeToTerms: false,
      passwordVisible: false,
      fieldErrors: {},
      error: null,
      message: ADMIN_MESSAGES.registrationSuccess,
    }),
  },
}).createMachine({
  id: 'adminSignIn',
  context: {
    email: '',
    password: '',
    agreeToTerms: false,
    user_role_id: ROLE.admin,
    passwordVisible: false,
    ...clearedFeedback,
  },
  // Local storage is cleared whenever the screen loads (docs/product.md#administration).
  entry: 'clearSession',
  initial: 'login',
  on: passwordVisibilityEvents,
  states: {
    login: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            ...credentialFieldEvents,
            'mode.toggle': { target: '#adminSignIn.signup', actions: ['clearSession', 'clearFeedback'] },
            'form.submit': [{ guard: 'loginIsValid', target: 'submitting' }, { actions: 'showLoginErrors' }],
          },
        },
        submitting: {
          entry: 'startSubmit',
          invoke: {
            id: 'logIn',
            src: 'logIn',
            input: credentialsInput,
            onDone: {
              target: '#adminSignIn.signedIn',
              actions: [
                {
                  type: 'storeSession',
                  params: ({ context, event }) => adminSessionFrom(event.output, context.email),
                },
                'goToDashboard',
              ],
            },
            onError: { target: 'editing', actions: 'showLoginFailure' },
          },
        },
      },
    },
    signup: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            ...credentialFieldEvents,
            'terms.change': { actions: 'changeTerms' },
            'mode.toggle': { target: '#adminSignIn.login', actions: ['clearSession', 'clearFeedback'] },
            'form.submit': [
              { guard: 'signUpIsValid', target: 'submitting' },
              { actions: 'showSignUpErrors' },
            ],
          },
        },
        submitting: {
          entry: 'startSubmit',
          invoke: {
            id: 'register',
            src: 'register',
            input: credentialsInput,
            onDone: { target: '#adminSignIn.login.editing', actions: 'registrationSucceeded' },
            onError: { target: 'editing', actions: 'showSignUpFailure' },
          },
        },
      },
    },
    signedIn: { type: 'final' },
  },
});
