import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { AUTH_MESSAGES } from '../../../contract/rules/auth';
import { findMachine } from '../../../machines';
import type { AuthContext } from '../../../machines/auth/auth';
import type { MachineEntry } from '../../../machines/registry';
import {
  coveragePaths,
  type MachinePath,
  startSnapshot,
  step,
} from '../../../src/features/machines/analysis';
import { testMachine } from '../../model/kit';
import { invalidCredentialsBody, signInBody } from '../../msw/handlers/auth';
import { server } from '../../msw/server';
import { fill } from '../fill';
import { renderRoute } from '../render';

/**
 * Model-based test of the login / sign-up screen (tests/model/kit.ts): paths covering every state and
 * transition of the auth machine are walked on the real LoginPage, msw answering each call when the
 * path's step for that actor's outcome is taken, and after every step the screen must show what the
 * machine's state says the person sees. The registry's sample input is a stored session, so each path
 * starts by checking it.
 */
const entry = findMachine('auth');
if (!entry) throw new Error('auth is not registered');

const EMAIL = 'asha@example.com';
const ROUTED = '/personal_details_teacher';

/** A call waits at its gate until the path's step for that actor's answer is taken. */
function gate() {
  const waiting: Array<() => void> = [];
  let released = 0;
  return {
    async wait() {
      if (released > 0) released--;
      else await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else released++;
    },
  };
}
type Actor = 'checkSession' | 'signIn' | 'signUp' | 'postLogin';
let gates: Record<Actor, ReturnType<typeof gate>>;

/**
 * msw answers as the path's actor events say, each answer held until the path takes that step.
 * Routing (after a sign-in or a resumed session) reads what the person completed: a teacher with
 * nothing saved (-> personal details) or a 500 (-> the post-login failure).
 */
function answerAsThePathSays(path: MachinePath) {
  gates = { checkSession: gate(), signIn: gate(), signUp: gate(), postLogin: gate() };
  const outcomes = (actor: string) =>
    path.steps.map((s) => s.event).filter((e) => e.type.endsWith(`.actor.${actor}`));
  const signIns = outcomes('signIn');
  const signUps = outcomes('signUp');
  const checks = outcomes('checkSession');
  const routingFails = outcomes('postLogin').map((e) =>
    Boolean((e as unknown as { output: { error: string | null } }).output.error),
  );
  const failsNext = () => routingFails.shift() ?? false;
  server.use(
    http.get('*/users/tokens/info', async () => {
      const next = checks.shift();
      await gates.checkSession.wait();
      return next?.type.includes('done')
        ? HttpResponse.json({ resource_owner: { id: 41, email: EMAIL, role_id: 1 }, expires_in: 3000 })
        : HttpResponse.json({}, { status: 401 });
    }),
    http.post('*/users/tokens/sign_in', async () => {
      const next = signIns.shift();
      await gates.signIn.wait();
      if (next?.type.includes('error')) return HttpResponse.json(invalidCredentialsBody, { status: 401 });
      return HttpResponse.json(signInBody({ profile: [{ id: 5 }] }));
    }),
    // Routing's one read: what the person completed (a teacher with nothing saved: personal details).
    http.get('*/api/v1/me/progress', async () => {
      const fails = failsNext();
      await gates.postLogin.wait();
      return fails
        ? new HttpResponse(null, { status: 500 })
        : HttpResponse.json({
            status: 'success',
            data: { role_id: 1, teacher: null, student: null, job_seeker: null },
          });
    }),
    http.post('*/api/v1/users', async () => {
      const next = signUps.shift();
      await gates.signUp.wait();
      return next?.type.includes('done')
        ? HttpResponse.json(
            { status: 'success', data: { id: 77, email: EMAIL, user_role_id: 1 } },
            { status: 201 },
          )
        : HttpResponse.json(
            { error: 'user_not_created', errors: { email: [AUTH_MESSAGES.emailTaken] } },
            { status: 409 },
          );
    }),
  );
}

const submitName = (s: AnyMachineSnapshot) => (s.matches('signup') ? 'Sign up' : 'Log in');
const toggleName = (s: AnyMachineSnapshot) => (s.matches('signup') ? 'Log in' : 'Sign up');

/** The login or sign-up form shows the machine's context: values, messages, errors, the terms box. */
async function expectForm(s: AnyMachineSnapshot) {
  const c = s.context as AuthContext;
  const title = s.matches('signup') ? 'Create your account' : 'Welcome back';
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
  const submit = screen.getByRole('button', { name: submitName(s) });
  expect(submit).toBeEnabled();
  expect(screen.getByLabelText('Email')).toHaveValue(c.email);
  expect(screen.getByLabelText('Password')).toHaveValue(c.password);
  expect(screen.getByLabelText('Password')).toHaveAttribute('type', c.passwordVisible ? 'text' : 'password');
  if (c.error) expect(screen.getByRole('alert')).toHaveTextContent(c.error);
  else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  if (c.message) expect(screen.getByRole('status')).toHaveTextContent(c.message);
  for (const message of Object.values(c.fieldErrors))
    if (message) expect(screen.getAllByText(message).length).toBeGreaterThan(0);
  if (s.matches('signup')) {
    expect(screen.getByLabelText('Account type')).toHaveValue(String(c.roleId));
    const box = screen.getByRole('checkbox', { name: /I agree to the terms and conditions/ });
    if (c.terms) expect(box).toBeChecked();
    else expect(box).not.toBeChecked();
  } else {
    expect(screen.queryByLabelText('Account type')).not.toBeInTheDocument();
  }
}

const busy = () => expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();

// Steps a person cannot take on the screen as the walk found them, made takeable: password.toggleVisibility
// is a root event, first taken while the session is checked (no such button there: take it on the
// login form); 'Clear password' shows only when the field has a value (type one first).
const checkFailed = { type: 'xstate.error.actor.checkSession', error: { kind: 'response', status: 401 } };
function takeable(path: MachinePath, start: MachineEntry = entry as MachineEntry): MachinePath {
  const steps: MachinePath['steps'] = [];
  let snapshot = startSnapshot(start);
  const add = (event: EventObject) => {
    snapshot = step(entry?.machine as AnyStateMachine, snapshot, event).snapshot;
    steps.push({ event, value: snapshot.value });
  };
  for (const { event } of path.steps) {
    if (event.type === 'password.toggleVisibility' && snapshot.matches('checkingSession')) add(checkFailed);
    const field = (event as unknown as { field?: 'email' | 'password' }).field;
    if (event.type === 'field.clear' && field && !(snapshot.context as AuthContext)[field])
      add({ type: 'field.change', field, value: 'typed' } as EventObject);
    add(event);
  }
  return { ...path, steps };
}
const paths = coveragePaths(entry).map((path) => takeable(path));

let view: ReturnType<typeof renderRoute>;
const user = userEvent.setup();

const screenSpec = {
  beforePath: (path: MachinePath) => {
    localStorage.setItem('auth_token', 'stored-token');
    localStorage.setItem('user_id', '41');
    localStorage.setItem('role_id', '1');
    answerAsThePathSays(path);
  },
  states: {
    starting: () => expect(screen.getByLabelText('Checking your session')).toBeInTheDocument(),
    checkingSession: () => expect(screen.getByLabelText('Checking your session')).toBeInTheDocument(),
    sessionFound: () => {
      expect(screen.getByText(/You are already logged in as/)).toHaveTextContent(EMAIL);
      expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    },
    'login.editing': (_, s) => expectForm(s),
    'login.submitting': busy,
    'signup.editing': (_, s) => expectForm(s),
    'signup.editing.termsOpen': () =>
      expect(screen.getByRole('dialog')).toHaveTextContent('Last updated: April 1, 2025'),
    'signup.editing.termsClosed': () => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(),
    'signup.submitting': busy,
    routing: busy,
    redirected: () => expect(view.current()).toBe(ROUTED),
  },
  events: {
    'field.change': async (_, { event }) => {
      const { field, value } = event as unknown as { field: string; value: string };
      const input = screen.getByLabelText(field === 'email' ? 'Email' : 'Password');
      await fill(user, input, value);
    },
    'field.clear': (_, { event }) =>
      user.click(
        screen.getByRole('button', { name: `Clear ${(event as unknown as { field: string }).field}` }),
      ),
    'password.toggleVisibility': () =>
      user.click(screen.getByRole('button', { name: /^(Show|Hide) password$/ })),
    'role.change': (_, { event }) =>
      user.selectOptions(
        screen.getByLabelText('Account type'),
        String((event as unknown as { roleId: number }).roleId),
      ),
    'terms.change': async () => {
      await user.click(await screen.findByRole('checkbox', { name: /I agree to the terms and conditions/ }));
    },
    'terms.open': async () => user.click(await screen.findByRole('button', { name: 'terms and conditions' })),
    'terms.cancel': () => user.click(screen.getByRole('button', { name: 'Cancel' })),
    'terms.agree': () => user.click(screen.getByRole('button', { name: 'I Agree' })),
    'mode.toggle': (_, { from }) => user.click(screen.getByRole('button', { name: toggleName(from) })),
    'form.submit': (_, { from }) => user.click(screen.getByRole('button', { name: submitName(from) })),
    'session.continue': () => user.click(screen.getByRole('button', { name: 'Continue' })),
    'session.discard': () =>
      user.click(screen.getByRole('button', { name: 'Log in with a different account' })),
    'xstate.done.actor.checkSession': () => gates.checkSession.release(),
    'xstate.error.actor.checkSession': () => gates.checkSession.release(),
    'xstate.done.actor.signIn': () => gates.signIn.release(),
    'xstate.error.actor.signIn': () => gates.signIn.release(),
    'xstate.done.actor.signUp': () => gates.signUp.release(),
    'xstate.error.actor.signUp': () => gates.signUp.release(),
    'xstate.done.actor.postLogin': () => gates.postLogin.release(),
  },
} satisfies Partial<Parameters<typeof testMachine>[1]>;

testMachine(entry, {
  ...screenSpec,
  paths,
  render: () => {
    view = renderRoute('/');
    return view;
  },
});

// From the role picker (`/?signup`, D17) with a stored session: it is checked first, and one the
// server refuses leads to sign-up, not the login form.
const fromPicker = { ...entry, sampleInput: { hasStoredSession: true, signUp: true } };
testMachine(fromPicker, {
  ...screenSpec,
  paths: [
    takeable({ target: 'signup', steps: [{ event: checkFailed, value: null }], transitions: [] }, fromPicker),
  ],
  render: () => {
    view = renderRoute('/?signup');
    return view;
  },
});

// From the role picker with nobody signed in: sign-up at once.
testMachine(
  { ...entry, sampleInput: { signUp: true } },
  {
    paths: [{ target: 'signup.editing.termsClosed', steps: [], transitions: [] }],
    render: () => renderRoute('/?signup'),
    states: {
      'signup.editing': (_, s) => expectForm(s),
      'signup.editing.termsClosed': () => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(),
    },
    events: {},
  },
);

// The same screen without a stored session starts on the login form at once.
testMachine(
  { ...entry, sampleInput: { hasStoredSession: false } },
  {
    paths: [{ target: 'login.editing', steps: [], transitions: [] }],
    render: () => renderRoute('/'),
    states: { 'login.editing': (_, s) => expectForm(s) },
    events: {},
  },
);
