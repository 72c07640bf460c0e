import { assign, setup } from 'xstate';
import { ROLE } from '../../contract/constants';

/**
 * The role picker (/role, SPEC.md section 2). A stored teacher or student session skips the
 * picker. Choosing Teacher or Student remembers the choice for this browser session (the login
 * screen preselects it in sign-up) and goes to /. Job seekers need no account, and sign-up offers
 * only Teacher and Student, so choosing 'job opportunities' goes straight to the job seeker
 * details (/jobdetails1).
 */

export const ROLE_PICKER_ROUTES = {
  login: '/',
  next: '/slots',
  teacherHome: '/dashboard',
  studentHome: '/subject',
  jobSeekerStart: '/jobdetails1',
} as const;

export const ROLE_CHOICES = [
  { roleId: ROLE.student, label: 'A student looking for guidance' },
  { roleId: ROLE.teacher, label: 'A teacher looking for students' },
  { roleId: ROLE.jobSeeker, label: 'Someone seeking job opportunities' },
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
    isKnownChoice: ({ event }) =>
      event.type === 'role.choose' && ROLE_CHOICES.some((c) => c.roleId === event.roleId),
    choseJobSeeker: ({ event }) => event.type === 'role.choose' && event.roleId === ROLE.jobSeeker,
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
        { target: 'choosing' },
      ],
    },
    choosing: {
      on: {
        'role.choose': [
          {
            guard: 'choseJobSeeker',
            target: 'leaving',
            actions: [
              'rememberChoice',
              { type: 'storeRole', params: { roleId: ROLE.jobSeeker } },
              { type: 'routeTo', params: { route: ROLE_PICKER_ROUTES.jobSeekerStart } },
            ],
          },
          {
            guard: 'isKnownChoice',
            target: 'leaving',
            actions: [
              'rememberChoice',
              {
                type: 'storeRole',
                params: ({ event }) => ({ roleId: event.type === 'role.choose' ? event.roleId : 0 }),
              },
              { type: 'routeTo', params: { route: ROLE_PICKER_ROUTES.login } },
            ],
          },
        ],
        'nav.back': {
          target: 'leaving',
          actions: { type: 'routeTo', params: { route: ROLE_PICKER_ROUTES.login } },
        },
        'nav.next': {
          target: 'leaving',
          actions: { type: 'routeTo', params: { route: ROLE_PICKER_ROUTES.next } },
        },
      },
    },
    leaving: {
      type: 'final',
      entry: { type: 'navigate', params: ({ context }) => ({ route: context.route as string }) },
    },
  },
});
