import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { AUTH_MESSAGES } from '../../../contract/rules/auth';
import { type AuthInput, authMachine } from '../../../machines/auth/auth';
import { failure } from '../../machines/auth/support';
import { invalidCredentialsBody, signInBody } from '../../msw/handlers/auth';
import { server } from '../../msw/server';
import { renderRoute } from './render';

/**
 * Model-based test of the login / sign-up screen: every shortest path of the auth machine is walked
 * on the real LoginPage (msw answering as the path's actor events say), and after every step the
 * screen must show what the machine's state says the person sees.
 */
type Snapshot = SnapshotFrom<typeof authMachine>;
type Step = { event: { type: string; [k: string]: unknown }; state: Snapshot };

const EMAIL = 'asha@example.com';
const PASSWORD = 'password123';
const ROUTED = { route: '/personal_details_teacher', error: null };
const ROUTING_FAILED = { route: null, error: AUTH_MESSAGES.postLoginFailed };
const STORED = { userId: 41, roleId: 1, email: EMAIL };

const events = [
  { type: 'field.change', field: 'email', value: EMAIL },
  { type: 'field.change', field: 'password', value: PASSWORD },
  { type: 'mode.toggle' },
  { type: 'terms.open' },
  { type: 'terms.cancel' },
  { type: 'terms.agree' },
  { type: 'form.submit' },
  { type: 'session.continue' },
  { type: 'session.discard' },
  { type: 'xstate.done.actor.checkSession', output: STORED },
  { type: 'xstate.error.actor.checkSession', error: failure(401, {}) },
  { type: 'xstate.done.actor.signIn', output: signInBody() },
  { type: 'xstate.error.actor.signIn', error: failure(401, invalidCredentialsBody) },
  { type: 'xstate.done.actor.signUp', output: { status: 'success' } },
  {
    type: 'xstate.error.actor.signUp',
    error: failure(409, { error: 'user_not_created', errors: { email: [AUTH_MESSAGES.emailTaken] } }),
  },
  { type: 'xstate.done.actor.postLogin', output: ROUTED },
  { type: 'xstate.done.actor.postLogin', output: ROUTING_FAILED },
] as const;

function pathsFor(input: AuthInput) {
  return getShortestPaths(authMachine, {
    input,
    events: events as unknown as Parameters<typeof authMachine.transition>[1][],
    filterEvents: (s, e) => s.can(e),
    // Everything the screen shows, so that two snapshots with one key look the same to the person.
    serializeState: (s) => {
      const c = s.context;
      const errors = Object.entries(c.fieldErrors).filter(([, m]) => m);
      return JSON.stringify([
        s.value,
        s.status,
        Boolean(c.email),
        Boolean(c.password),
        c.terms,
        errors,
        c.error,
        c.message,
      ]);
    },
  });
}

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
type Gates = Record<'checkSession' | 'signIn' | 'signUp' | 'postLogin', ReturnType<typeof gate>>;

/**
 * msw answers as the path's actor events say, each answer held until the path takes that step; a call
 * the path never answers stays pending. Routing reads one record so that it, too, can be held: a
 * teacher whose record is missing (-> personal details), or a student whose education cannot be read
 * (-> the post-login failure).
 */
function answerAsThePathSays(steps: Step[]): Gates {
  const gates: Gates = { checkSession: gate(), signIn: gate(), signUp: gate(), postLogin: gate() };
  const outcomes = (actor: string) =>
    steps.map((s) => s.event).filter((e) => e.type.endsWith(`.actor.${actor}`));
  const signIns = outcomes('signIn');
  const signUps = outcomes('signUp');
  const checks = outcomes('checkSession');
  const routingFails = outcomes('postLogin').map((e) =>
    Boolean((e.output as { error: string | null }).error),
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
      return failsNext()
        ? HttpResponse.json(signInBody({ roleId: 2, profile: [{ id: 8 }] }))
        : HttpResponse.json(signInBody({ profile: [{ id: 5 }] }));
    }),
    http.get('*/api/v1/users/:id', async () => {
      const fails = failsNext();
      await gates.postLogin.wait();
      return fails
        ? new HttpResponse(null, { status: 500 })
        : HttpResponse.json({
            status: 'success',
            data: { id: 41, email: EMAIL, user_role_id: 1 },
            profile: null,
          });
    }),
    http.get('*/api/v1/teachers/5', async () => {
      await gates.postLogin.wait();
      return HttpResponse.json({ error: 'not_found', message: 'Teacher not found' }, { status: 404 });
    }),
    http.get('*/api/v1/students/8/educational_qualifications', async () => {
      await gates.postLogin.wait();
      return new HttpResponse(null, { status: 500 });
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
  return gates;
}

const submitName = (s: Snapshot) => (s.matches('signup') ? 'Sign up' : 'Log in');
const toggleName = (s: Snapshot) => (s.matches('signup') ? 'Log in' : 'Sign up');

async function perform(u: ReturnType<typeof userEvent.setup>, step: Step, before: Snapshot, gates: Gates) {
  const e = step.event;
  switch (e.type) {
    case 'field.change': {
      const input = screen.getByLabelText(e.field === 'email' ? 'Email' : 'Password');
      await u.clear(input);
      await u.type(input, String(e.value));
      return;
    }
    case 'mode.toggle':
      return u.click(screen.getByRole('button', { name: toggleName(before) }));
    case 'form.submit':
      return u.click(screen.getByRole('button', { name: submitName(before) }));
    case 'terms.open':
      return u.click(await screen.findByRole('button', { name: 'terms and conditions' }));
    case 'terms.cancel':
      return u.click(await screen.findByRole('button', { name: 'Cancel' }));
    case 'terms.agree':
      return u.click(await screen.findByRole('button', { name: 'I Agree' }));
    case 'session.continue':
      return u.click(screen.getByRole('button', { name: 'Continue' }));
    case 'session.discard':
      return u.click(screen.getByRole('button', { name: 'Log in with a different account' }));
    default: {
      // An actor's answer: let msw send it; the screen catches up (checked below).
      const actor = /^xstate\.(?:done|error)\.actor\.(\w+)$/.exec(e.type)?.[1] as keyof Gates | undefined;
      if (actor) gates[actor].release();
      return;
    }
  }
}

/** What the person must see in this state. */
async function expectScreen(s: Snapshot, current: () => string | undefined) {
  const c = s.context;
  if (s.matches('checkingSession')) {
    expect(await screen.findByLabelText('Checking your session')).toBeInTheDocument();
    return;
  }
  if (s.matches('sessionFound')) {
    expect(await screen.findByText(/You are already logged in as/)).toHaveTextContent(EMAIL);
    return;
  }
  if (s.matches('redirected')) {
    await waitFor(() => expect(current()).toBe(ROUTED.route));
    return;
  }
  if (s.matches('routing') || s.matches({ login: 'submitting' }) || s.matches({ signup: 'submitting' })) {
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
    return;
  }
  // Editing (login or sign-up).
  const submit = await screen.findByRole('button', { name: submitName(s) });
  await waitFor(() => expect(submit).toBeEnabled());
  expect(screen.getByLabelText('Email')).toHaveValue(c.email);
  expect(screen.getByLabelText('Password')).toHaveValue(c.password);
  if (c.error) expect(await screen.findByRole('alert')).toHaveTextContent(c.error);
  else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  if (c.message) expect(screen.getByRole('status')).toHaveTextContent(c.message);
  for (const message of Object.values(c.fieldErrors))
    if (message) expect(screen.getAllByText(message).length).toBeGreaterThan(0);
  if (s.matches('signup')) {
    expect(await screen.findByLabelText('Account type')).toBeInTheDocument();
    const box = await screen.findByRole('checkbox', { name: /I agree to the terms and conditions/ });
    if (c.terms) expect(box).toBeChecked();
    else expect(box).not.toBeChecked();
    if (s.matches({ signup: { editing: 'termsOpen' } }))
      expect(await screen.findByRole('dialog')).toHaveTextContent('Last updated: April 1, 2025');
    else await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  } else {
    expect(screen.queryByLabelText('Account type')).not.toBeInTheDocument();
  }
}

const describePath = (steps: Step[]) =>
  steps
    .slice(1)
    .map((s) =>
      s.event.type === 'field.change' ? `type ${s.event.field}` : s.event.type.replace(/^xstate\./, ''),
    )
    .join(' → ') || '(initial)';

describe.each([
  ['a fresh visit', {} as AuthInput],
  ['a visit with a stored session', { hasStoredSession: true } as AuthInput],
])('auth model on the login screen: %s', (_, input) => {
  const paths = pathsFor(input);

  it('has no path that errors the machine', () => {
    expect(paths.length).toBeGreaterThan(5);
    for (const p of paths) expect(p.state.status).not.toBe('error');
  });

  it.each(paths.map((p) => [describePath(p.steps as Step[]), p.steps as Step[]] as const))(
    '%s',
    async (_, steps) => {
      if (input.hasStoredSession) {
        localStorage.setItem('auth_token', 'stored-token');
        localStorage.setItem('user_id', '41');
        localStorage.setItem('role_id', '1');
      }
      const gates = answerAsThePathSays(steps);
      const view = renderRoute('/');
      const u = userEvent.setup();
      let before = steps[0].state;
      await expectScreen(before, view.current);
      for (const step of steps.slice(1)) {
        await perform(u, step, before, gates);
        await expectScreen(step.state, view.current);
        before = step.state;
      }
    },
  );
});
