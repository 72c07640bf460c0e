import type { MachineEntry } from '../registry';
import { authMachine } from './auth';
import { postLoginMachine } from './postLogin';
import { rolePickerMachine } from './rolePicker';

/** This feature's machines, as the registry lists them. */
export const entries: MachineEntry[] = [
  {
    name: 'auth',
    title: 'Login and sign-up',
    routes: ['/', '/app', '/login'],
    description:
      'One screen toggling between login and sign-up: field rules shown after submit and cleared on edit, the terms modal (I Agree ticks the box), Processing... while busy, the SPEC.md failure display orders, registration success back in login mode, and a stored session offered to continue. A successful login stores the session with the role the server returns (D1) and hands over to postLogin.',
    machine: authMachine,
    sampleEvents: {
      'field.change': { field: 'email', value: 'asha@example.com' },
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
    },
  },
  {
    name: 'postLogin',
    title: 'Routing after login',
    routes: ['/', '/app', '/login'],
    description:
      'Decides where a signed-in person goes by onboarding completeness: teachers by personal details, education, preferences and schedule (SPEC.md section 4); students by student record, education and request (D1); other roles by whether the user has a profile. Shows "Login successful but failed to get user information. Please try again." when what it needs cannot be read.',
    machine: postLoginMachine,
    sampleEvents: {},
  },
  {
    name: 'rolePicker',
    title: 'Role picker',
    routes: ['/role'],
    description:
      'I am: a student, a teacher or a job seeker. A stored teacher session goes to /dashboard, a student session to /subject. Teacher or Student is remembered for the session and leads to the login screen; job seekers go to /jobdetails1 (no account needed). Back goes to /, Next to /slots.',
    machine: rolePickerMachine,
    sampleEvents: {
      'role.choose': { roleId: 2 },
      'nav.back': {},
      'nav.next': {},
    },
  },
];
