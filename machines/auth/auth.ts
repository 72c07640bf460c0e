import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { accountRoutes } from '../../contract/api/accounts';
import { ROLE } from '../../contract/constants';
import {
  AUTH_MESSAGES,
  type LoginField,
  type SignUpField,
  validateLogin,
  validateSignUp,
} from '../../contract/rules/auth';
import { type FieldErrors, hasErrors } from '../../contract/rules/common';
import { errorOf, notProvided, outputOf } from '../common/actors';
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
import { loginFailureMessage, signUpFailure } from '../common/failure';
import { type PostLoginOutput, postLoginMachine } from './postLogin';

/**
 * The login / sign-up screen (/, /app, /login): docs/product.md#sessions-and-storage and #onboarding, with D1 (the role
 * stored is the server's) and D5 (clearing the session keeps drafts). Storage, HTTP and navigation
 * are supplied by the view with `.provide()`.
 */

/** What the machine reads of the sign-in response (contract/structs/auth.ts SignInResponse). */
export interface SignInResult {
  token?: string | null;
  refresh_token?: string | null;
  id?: number;
  user_id?: number;
  role_id?: number;
  resource_owner?: { id: number; email?: string; role_id?: number };
  profile: ReadonlyArray<{ id: number }> | null;
}

/** What a successful login stores (docs/product.md#sessions-and-storage keys). */
export interface StoredSession {
  auth_token: string;
  user_id: number;
  role_id: number | null;
  auth_response: SignInResult;
  userEmail: string;
  teacher_id: number | null;
  student_id: number | null;
  job_seeker_id: number | null;
}

/** A stored session found when the screen opens (checked with the server before it is offered). */
export interface ResumableSession {
  userId: number;
  roleId: number | null;
  email: string;
}

export type AuthField = CredentialField;
export type AuthErrorField = LoginField | SignUpField;

export interface AuthInput {
  /** A stored session exists (token and user id): check it and offer to continue. */
  hasStoredSession?: boolean;
  /** The account type chosen on /role, preselected in sign-up. */
  preferredRoleId?: number | null;
  /**
   * Opened from the role picker (`/?signup`, D17): the person has just said who they are, so sign-up
   * opens instead of the login form. A stored session is still checked and offered first.
   */
  signUp?: boolean;
}

export interface AuthContext {
  email: string;
  password: string;
  roleId: number;
  terms: boolean;
  passwordVisible: boolean;
  fieldErrors: FieldErrors<AuthErrorField>;
  /** A failure shown above the form. */
  error: string | null;
  /** A success message shown above the form. */
  message: string | null;
  hasStoredSession: boolean;
  /** Sign-up opens first (AuthInput.signUp). */
  opensSignUp: boolean;
  resumable: ResumableSession | null;
}

export type AuthEvent =
  | CredentialEvent
  | { type: 'role.change'; roleId: number }
  | { type: 'terms.change'; checked: boolean }
  | { type: 'terms.open' }
  | { type: 'terms.cancel' }
  | { type: 'terms.agree' }
  | { type: 'mode.toggle' }
  | { type: 'form.submit' }
  | { type: 'session.continue' }
  | { type: 'session.discard' };

const signUpRoleIds: number[] = [ROLE.teacher, ROLE.student, ROLE.jobSeeker];

/** D1: the role the server returns; profile[0].id is the teacher, student or job seeker id. */
export function sessionFromSignIn(response: SignInResult, email: string): StoredSession {
  const userId = response.user_id ?? response.resource_owner?.id ?? response.id ?? 0;
  const roleId = response.role_id ?? response.resource_owner?.role_id ?? null;
  const profileId = response.profile?.[0]?.id ?? null;
  return {
    auth_token: response.token || response.refresh_token || '',
    user_id: userId,
    role_id: roleId,
    auth_response: response,
    userEmail: email.trim(),
    teacher_id: roleId === ROLE.teacher ? profileId : null,
    student_id: roleId === ROLE.student ? profileId : null,
    job_seeker_id: roleId === ROLE.jobSeeker ? profileId : null,
  };
}

/** The login's rules, and the sign-in route's declaration where they pass (the server's words). */
const loginErrors = (context: AuthContext) =>
  credentialErrors(accountRoutes.signIn.body, context, validateLogin(context));

/** The registration's rules, and its route's declaration where they pass (the server's words). */
const signUpErrors = (context: AuthContext) =>
  credentialErrors(
    accountRoutes.signUp.body,
    context,
    validateSignUp({ ...context, user_role_id: context.roleId }),
  );

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    /** The stored session, if the server still accepts its token. */
    checkSession: fromPromise<ResumableSession>(notProvided('auth', 'checkSession')),
    signIn: fromPromise<SignInResult, { email: string; password: string }>(notProvided('auth', 'signIn')),
    signUp: fromPromise<unknown, { email: string; password: string; user_role_id: number }>(
      notProvided('auth', 'signUp'),
    ),
    postLogin: postLoginMachine,
  },
  guards: {
    hasStoredSession: ({ context }) => context.hasStoredSession,
    opensSignUp: ({ context }) => context.opensSignUp,
    loginIsValid: ({ context }) => !hasErrors(loginErrors(context)),
    signUpIsValid: ({ context }) => !hasErrors(signUpErrors(context)),
    postLoginFailed: ({ event }) => Boolean(outputOf<PostLoginOutput | undefined>(event)?.error),
  },
  actions: {
    /** Supplied by the view: clear the stored session keys (drafts stay, D5). */
    clearSession: () => {},
    /** Supplied by the view: write the docs/product.md#sessions-and-storage keys. */
    storeSession: (_, _params: StoredSession) => {},
    ...credentialActions<AuthContext, AuthEvent>(),
    changeRole: assign(({ context, event }) =>
      event.type === 'role.change' && signUpRoleIds.includes(Number(event.roleId))
        ? { roleId: Number(event.roleId), fieldErrors: { ...context.fieldErrors, user_role_id: undefined } }
        : {},
    ),
    changeTerms: assign(({ context, event }) =>
      event.type === 'terms.change'
        ? { terms: event.checked, fieldErrors: { ...context.fieldErrors, terms: undefined } }
        : {},
    ),
    agreeToTerms: assign(({ context }) => ({
      terms: true,
      fieldErrors: { ...context.fieldErrors, terms: undefined },
    })),
    showLoginErrors: assign({ fieldErrors: ({ context }) => loginErrors(context), message: null }),
    showSignUpErrors: assign({
      fieldErrors: ({ context }) => signUpErrors(context),
      message: null,
    }),
    showLoginFailure: assign({
      error: ({ event }) => loginFailureMessage(errorOf(event)),
    }),
    showSignUpFailure: assign(({ event }) => {
      const failure = signUpFailure(errorOf(event));
      return { error: failure.message, fieldErrors: failure.fieldErrors };
    }),
    registrationSucceeded: assign({
      password: '',
      terms: false,
      passwordVisible: false,
      fieldErrors: {},
      error: null,
      message: AUTH_MESSAGES.registrationSuccess,
    }),
    rememberResumable: assign({
      resumable: ({ event }) => outputOf<ResumableSession>(event),
    }),
    forgetResumable: assign({ resumable: null }),
    showPostLoginFailure: assign({
      error: ({ event }) =>
        outputOf<PostLoginOutput | undefined>(event)?.error ?? AUTH_MESSAGES.postLoginFailed,
    }),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    email: '',
    password: '',
    roleId:
      input?.preferredRoleId && signUpRoleIds.includes(input.preferredRoleId)
        ? input.preferredRoleId
        : ROLE.teacher,
    terms: false,
    passwordVisible: false,
    ...clearedFeedback,
    hasStoredSession: Boolean(input?.hasStoredSession),
    opensSignUp: Boolean(input?.signUp),
    resumable: null,
  }),
  initial: 'starting',
  on: passwordVisibilityEvents,
  states: {
    starting: {
      always: [
        { guard: 'hasStoredSession', target: 'checkingSession' },
        { guard: 'opensSignUp', target: 'signup' },
        { target: 'login' },
      ],
    },
    checkingSession: {
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: { target: 'sessionFound', actions: 'rememberResumable' },
        // A session the server no longer accepts is not offered; the person logs in again (or signs
        // up, when they came to sign up).
        onError: [{ guard: 'opensSignUp', target: 'signup' }, { target: 'login' }],
      },
    },
    sessionFound: {
      on: {
        'session.continue': { target: 'routing' },
        'session.discard': { target: 'login', actions: ['clearSession', 'forgetResumable'] },
      },
    },
    login: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            ...credentialFieldEvents,
            'mode.toggle': { target: '#auth.signup', actions: ['clearSession', 'clearFeedback'] },
            'form.submit': [{ guard: 'loginIsValid', target: 'submitting' }, { actions: 'showLoginErrors' }],
          },
        },
        submitting: {
          entry: 'startSubmit',
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: credentialsInput,
            onDone: {
              target: '#auth.routing',
              actions: {
                type: 'storeSession',
                params: ({ context, event }) => sessionFromSignIn(event.output, context.email),
              },
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
          initial: 'termsClosed',
          on: {
            ...credentialFieldEvents,
            'role.change': { actions: 'changeRole' },
            'terms.change': { actions: 'changeTerms' },
            'mode.toggle': { target: '#auth.login', actions: ['clearSession', 'clearFeedback'] },
            'form.submit': [
              { guard: 'signUpIsValid', target: 'submitting' },
              { actions: 'showSignUpErrors' },
            ],
          },
          states: {
            termsClosed: { on: { 'terms.open': 'termsOpen' } },
            termsOpen: {
              on: {
                'terms.cancel': 'termsClosed',
                'terms.agree': { target: 'termsClosed', actions: 'agreeToTerms' },
              },
            },
          },
        },
        submitting: {
          entry: 'startSubmit',
          invoke: {
            id: 'signUp',
            src: 'signUp',
            input: ({ context }) => ({
              email: context.email.trim(),
              password: context.password,
              user_role_id: context.roleId,
            }),
            onDone: { target: '#auth.login.editing', actions: 'registrationSucceeded' },
            onError: { target: 'editing', actions: 'showSignUpFailure' },
          },
        },
      },
    },
    routing: {
      invoke: {
        id: 'postLogin',
        src: 'postLogin',
        onDone: [
          { guard: 'postLoginFailed', target: 'login.editing', actions: 'showPostLoginFailure' },
          { target: 'redirected' },
        ],
      },
    },
    redirected: { type: 'final' },
  },
});

export type AuthActor = ActorRefFrom<typeof authMachine>;
