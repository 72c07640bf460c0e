import { OnboardingProgress } from '../../contract/structs/auth';
import type { MachineEntry } from '../registry';
import { authMachine } from './auth';
import { postLoginMachine } from './postLogin';
import { rolePickerMachine } from './rolePicker';
import { routeGuardMachine } from './routeGuard';

/** One answer of GET /api/v1/me/progress as an actor's sample output (the roles it does not name: null). */
const progressOf = (answer: Partial<OnboardingProgress> & Pick<OnboardingProgress, 'role_id'>) => ({
  output: { teacher: null, student: null, job_seeker: null, ...answer },
});

/** This feature's machines, as the registry lists them. */
export const entries: MachineEntry[] = [
  {
    name: 'auth',
    title: 'Login and sign-up',
    routes: ['/', '/app', '/login'],
    description:
      'One screen toggling between login and sign-up: field rules shown after submit and cleared on edit, the terms modal (I Agree ticks the box), Processing... while busy, the failure display orders of docs/product.md#validation-and-messages, registration success back in login mode, and a stored session offered to continue. Opened from the role picker (/?signup, D17) it starts in sign-up (after checking a stored session, which it still offers). A successful login stores the session with the role the server returns (D1) and hands over to postLogin.',
    machine: authMachine,
    sampleEvents: {
      // Both fields, so that a login and a sign-up can be valid (and, before they are typed, invalid).
      'field.change': [
        { field: 'email', value: 'asha@example.com' },
        { field: 'password', value: 'password123' },
      ],
      'field.clear': { field: 'password' },
      'role.change': { roleId: 2 },
      'terms.change': { checked: true },
      'terms.open': {},
      'terms.cancel': {},
      'terms.agree': {},
      'password.toggleVisibility': {},
      'mode.toggle': {},
      'form.submit': {},
      'session.continue': {},
      'session.discard': {},
      'xstate.done.actor.checkSession': { output: { userId: 41, roleId: 1, email: 'asha@example.com' } },
      'xstate.error.actor.checkSession': {
        error: { kind: 'response', status: 401, body: {}, message: 'Unauthorized' },
      },
      'xstate.done.actor.signIn': {
        output: { token: 'token', user_id: 41, role_id: 1, profile: [{ id: 5 }] },
      },
      'xstate.error.actor.signIn': {
        error: {
          kind: 'response',
          status: 401,
          body: { error: 'invalid_grant', message: 'Invalid email or password. Please try again.' },
          message: 'Request failed',
        },
      },
      'xstate.done.actor.signUp': { output: { status: 'success' } },
      'xstate.error.actor.signUp': {
        error: {
          kind: 'response',
          status: 409,
          body: { error: 'user_not_created', errors: { email: ['Email has already been taken'] } },
          message: 'Request failed',
        },
      },
      // postLogin's outcomes: a route, or 'Login successful but failed to get user information...'.
      'xstate.done.actor.postLogin': [
        { output: { route: '/personal_details_teacher', error: null } },
        {
          output: {
            route: null,
            error: 'Login successful but failed to get user information. Please try again.',
          },
        },
      ],
    },
    // A stored session: the walk starts by checking it, and its failure leads to the login form.
    sampleInput: { hasStoredSession: true },
  },
  {
    name: 'postLogin',
    title: 'Routing after login',
    routes: ['/', '/app', '/login'],
    description:
      'Decides where a signed-in person goes with one call (GET /api/v1/me/progress, whose answer the route guard of the next screen reuses): the first step of their role not finished, else their home (docs/product.md#onboarding). Teachers: details, education, preferences, schedule, then /dashboard; students: details, education, a request, then /requests while a request waits for or was accepted by a teacher, else /teacherfinder (D1); job seekers: /jobdetails1, /jobdetails2, else /joblist. Shows "Login successful but failed to get user information. Please try again." when the server cannot answer.',
    machine: postLoginMachine,
    sampleEvents: {
      // Each step of each role not finished, then each home.
      'xstate.done.actor.fetchProgress': [
        progressOf({
          role_id: 1,
          teacher: { personal: false, education: false, preferences: false, schedule: false },
        }),
        progressOf({
          role_id: 1,
          teacher: { personal: true, education: false, preferences: false, schedule: false },
        }),
        progressOf({
          role_id: 1,
          teacher: { personal: true, education: true, preferences: false, schedule: false },
        }),
        progressOf({
          role_id: 1,
          teacher: { personal: true, education: true, preferences: true, schedule: false },
        }),
        progressOf({
          role_id: 1,
          teacher: { personal: true, education: true, preferences: true, schedule: true },
        }),
        progressOf({ role_id: 2, student: { personal: false, education: false, requests: 'none' } }),
        progressOf({ role_id: 2, student: { personal: true, education: false, requests: 'none' } }),
        progressOf({ role_id: 2, student: { personal: true, education: true, requests: 'none' } }),
        progressOf({ role_id: 2, student: { personal: true, education: true, requests: 'made' } }),
        progressOf({ role_id: 2, student: { personal: true, education: true, requests: 'following' } }),
        progressOf({ role_id: 3, job_seeker: { personal: false, education: false } }),
        progressOf({ role_id: 3, job_seeker: { personal: true, education: false } }),
        progressOf({ role_id: 3, job_seeker: { personal: true, education: true } }),
        progressOf({ role_id: 4 }),
      ],
    },
  },
  {
    name: 'rolePicker',
    title: 'Role picker',
    routes: ['/role'],
    description:
      'I am: a student, a teacher or a job seeker. A stored teacher session goes to /dashboard, a student session to /subject, a job seeker session to /joblist. The choice is remembered for the session and leads to the login screen, which opens sign-up with that account type. Back goes to /, and so does Next (nobody is signed in on the picker; /slots is only for a signed-in teacher).',
    machine: rolePickerMachine,
    sampleEvents: {
      'role.choose': [{ roleId: 2 }, { roleId: 1 }, { roleId: 3 }],
      'nav.back': {},
      'nav.next': {},
    },
    // Nobody signed in: the picker is shown (a stored teacher, student or job seeker session skips it).
    sampleInput: { storedRoleId: null },
  },
  {
    name: 'routeGuard',
    title: 'Prerequisites of a signed-in screen',
    routes: ['/subject', '/teacherfinder', '/requests', '/dashboard', '/slots', '/studentdetails2'],
    description:
      "Holds a screen that needs a session (the loading frame) until it knows what the person has completed (GET /api/v1/me/progress: teacher steps, student details and requests, job seeker details; asked once, then reused for the session until one of the person's own changes), and sends them to the step they need when its prerequisite is missing (a student without details who opens /subject goes to /studentdetails1; a teacher without preferences who opens /slots goes to /teacherSubject; another role's screen leads to their own place). Ids stored in the browser do not decide. If the server cannot answer, the screen shows and checks for itself.",
    machine: routeGuardMachine,
    sampleInput: { path: '/subject' },
    actorOutputs: { fetchProgress: OnboardingProgress },
    sampleEvents: {
      // A student without details (sent to the first step), then one with details (let in).
      'xstate.done.actor.fetchProgress': [
        progressOf({ role_id: 2, student: { personal: false, education: false, requests: 'none' } }),
        progressOf({ role_id: 2, student: { personal: true, education: true, requests: 'made' } }),
      ],
      'xstate.error.actor.fetchProgress': {
        error: {
          kind: 'no_response',
          status: null,
          body: null,
          message: 'No response from server. Please try again later.',
        },
      },
    },
  },
];
