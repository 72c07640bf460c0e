import { assign, setup } from 'xstate';
import { ROLE } from '../../contract/constants';
import { AUTH_MESSAGES } from '../../contract/rules/auth';

/**
 * The role picker (/role, docs/product.md#screens-and-routes). A stored teacher, student or job seeker session skips
 * the picker. Choosing a role remembers it for this browser session and opens sign-up on / with it
 * preselected (D17): the person has just said who they are, so not the login form's 'Welcome back'.
 * Job seekers sign up as accounts too (role 3).
 */

export const ROLE_PICKER_ROUTES = {
  login: '/',
  signUp: '/?signup',
  teacherHome: '/dashboard',
  studentHome: '/subject',
  jobSeekerHome: '/joblist',
} as const;

export const ROLE_CHOICES = [
  { roleId: ROLE.student, label: AUTH_MESSAGES.roleChoiceStudent },
  { roleId: ROLE.teacher, label: AUTH_MESSAGES.roleChoiceTeacher },
  { roleId: ROLE.jobSeeker, label: AUTH_MESSAGES.roleChoiceJobSeeker },
] as const;

export interface RolePickerInput {
  /** The stored role id, only when auth token, user id and role id are all stored. */
  storedRoleId: number | null;
}

export type RolePickerEvent =
  | { type: 'role.choose'; roleId: number }
  | { type: 'nav.back' }
  | { type: 'nav.next' };

interface Context {
  storedRoleId: number | null;
  chosenRoleId: number | null;
  route: string | null;
}

export const rolePickerMachine = setup({
  types: {
    context: {} as Context,
    events: {} as RolePickerEvent,
    input: {} as RolePickerInput,
  },
  guards: {
    isSignedInTeacher: ({ context }) => context.storedRoleId === ROLE.teacher,
    isSignedInStudent: ({ context }) => context.storedRoleId === ROLE.student,
    isSignedInJobSeeker: ({ context }) => context.storedRoleId === ROLE.jobSeeker,
    isKnownChoice: ({ event }) =>
      event.type === 'role.choose' && ROLE_CHOICES.some((c) => c.roleId === event.roleId),
  },
  actions: {
    routeTo: assign({ route: (_, params: { route: string }) => params.route }),
    rememberChoice: assign({
      chosenRoleId: ({ event }) => (event.type === 'role.choose' ? event.roleId : null),
    }),
    /** Supplied by the view: keep the chosen role for this browser session (sessionStorage). */
    storeRole: (_, _params: { roleId: number }) => {},
    /** Supplied by the view. */
    navigate: (_, _params: { route: string }) => {},
  },
}).createMachine({
  id: 'rolePicker',
  context: ({ input }) => ({ storedRoleId: input.storedRoleId, chosenRoleId: null, route: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        {
          guard: 'isSignedInTeacher',
          target: 'leaving',
          actions: { type: 'routeTo', params: { route: ROLE_PICKER_ROUTES.teacherHome } },
        },
        {
          guard: 'isSignedInStudent',
          target: 'leaving',
          actions: { type: 'routeTo', params: { route: ROLE_PICKER_ROUTES.studentHome } },
        },
        {
          guard: 'isSignedInJobSeeker',
          target: 'leaving',
          actions: { type: 'routeTo', params: { route: ROLE_PICKER_ROUTES.jobSeekerHome } },
        },
        { target: 'choosing' },
      ],
    },
    choosing: {
      on: {
        'role.choose': [
          {
            guard: 'isKnownChoice',
            target: 'leaving',
            actions: [
              'rememberChoice',
              {
                type: 'storeRole',
                params: ({ event }) => ({ roleId: event.type === 'role.choose' ? event.roleId : 0 }),
              },
              { type: 'routeTo', params: { route: ROLE_PICKER_ROUTES.signUp } },
            ],
          },
        ],
        'nav.back': {
          target: 'leaving',
          actions: { type: 'routeTo', params: { route: ROLE_PICKER_ROUTES.login } },
        },
        // Nobody is signed in here (a signed-in person never sees the picker): Next leads to / to
        // sign up, not into the teacher's schedule step.
        'nav.next': {
          target: 'leaving',
          actions: { type: 'routeTo', params: { route: ROLE_PICKER_ROUTES.signUp } },
        },
      },
    },
    leaving: {
      type: 'final',
      entry: { type: 'navigate', params: ({ context }) => ({ route: context.route as string }) },
    },
  },
});
