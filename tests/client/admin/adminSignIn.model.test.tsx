import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { entries } from '../../../machines/admin';
import type { AdminField, AdminSignInContext } from '../../../machines/admin/adminSignIn';
import AdminSignInPage from '../../../src/features/admin/AdminSignInPage';
import { chainedPaths, heldResponse, testMachine } from '../../model/kit';
import { fill } from '../fill';
import { failureOf, outputOf, type PageView, renderPage } from './model-view';

/**
 * /adminsignin walked by the kit on the real page: every state and transition of adminSignIn, the
 * login and registration calls held until a step answers them. The stored session is cleared when
 * the screen loads and on every toggle: a stale one is planted before each, and the card checks it
 * is gone.
 */
const entry = entries.find((e) => e.name === 'adminSignIn')!;
const user = userEvent.setup();
let logIn: ReturnType<typeof heldResponse>;
let register: ReturnType<typeof heldResponse>;

const plantStaleSession = () => {
  localStorage.setItem('auth_token', 'stale-token');
  localStorage.setItem('role_id', '1');
};
const COPY = {
  login: { title: 'Admin Access', submit: 'Admin Login', toggle: 'Need admin access? Sign up' },
  signup: { title: 'Create Admin Account', submit: 'Register Admin', toggle: 'Already an admin? Log in' },
};
const copyOf = (s: AnyMachineSnapshot) => (s.matches('signup') ? COPY.signup : COPY.login);
const fieldLabel = (field: AdminField) => (field === 'email' ? 'Email' : 'Password');

/** The card shows the machine's context: values, visibility, messages, field errors, the terms box. */
function cardShows(s: AnyMachineSnapshot) {
  const c = s.context as AdminSignInContext;
  const copy = copyOf(s);
  expect(screen.getByRole('heading', { name: copy.title })).toBeVisible();
  expect(screen.getByRole('button', { name: copy.submit })).toBeEnabled();
  expect(screen.getByLabelText('Email')).toHaveValue(c.email);
  expect(screen.getByLabelText('Password')).toHaveValue(c.password);
  expect(screen.getByLabelText('Password')).toHaveAttribute('type', c.passwordVisible ? 'text' : 'password');
  if (c.error) expect(screen.getByRole('alert')).toHaveTextContent(c.error);
  else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  if (c.message) expect(screen.getByRole('status')).toHaveTextContent(c.message);
  else expect(screen.queryByRole('status')).not.toBeInTheDocument();
  for (const message of Object.values(c.fieldErrors))
    if (message) expect(screen.getByText(message)).toBeVisible();
  // Cleared on load and on every toggle (docs/product.md#administration).
  expect(localStorage.getItem('auth_token')).toBeNull();
  if (s.matches('signup')) {
    const role = screen.getByLabelText('Role');
    expect(role).toBeDisabled();
    expect(role).toHaveDisplayValue('Administrator');
    const terms = screen.getByRole('checkbox', { name: /I agree to the terms and conditions/ });
    expect(terms).toHaveProperty('checked', c.agreeToTerms);
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms');
  } else {
    expect(screen.queryByLabelText('Role')).not.toBeInTheDocument();
  }
}
const processing = () => {
  expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  expect(screen.getByLabelText('Email')).toBeDisabled();
};

// The Clear button shows only when its field has a value: paths clear a field once it has one.
const paths = chainedPaths(entry, {
  canTake: (s, event) => {
    const field = (event as unknown as { field?: AdminField }).field;
    return !(event.type === 'field.clear' && field && !(s.context as AdminSignInContext)[field]);
  },
});

testMachine(entry, {
  paths,
  beforePath: () => {
    plantStaleSession();
    logIn = heldResponse('post', '*/admin_users/tokens/sign_in');
    register = heldResponse('post', '*/admin_users');
  },
  render: () => renderPage(<AdminSignInPage />, '/adminsignin'),
  states: {
    'login.editing': (_, s) => cardShows(s),
    'login.submitting': processing,
    'signup.editing': (_, s) => cardShows(s),
    'signup.submitting': processing,
    signedIn: (view: PageView) => {
      expect(view.current()).toBe('/admin');
      expect(localStorage.getItem('auth_token')).toBe('admin-token');
      expect(localStorage.getItem('user_id')).toBe('3');
      expect(localStorage.getItem('role_id')).toBe('4');
      expect(localStorage.getItem('userEmail')).toBe('admin@example.com');
    },
  },
  events: {
    'field.change': async (_, { event }) => {
      const { field, value } = event as unknown as { field: AdminField; value: string };
      const input = screen.getByLabelText(fieldLabel(field));
      await fill(user, input, value);
    },
    'field.clear': (_, { event }) =>
      user.click(
        screen.getByRole('button', { name: `Clear ${(event as unknown as { field: string }).field}` }),
      ),
    'password.toggleVisibility': () =>
      user.click(screen.getByRole('button', { name: /^(Show|Hide) password$/ })),
    'terms.change': () =>
      user.click(screen.getByRole('checkbox', { name: /I agree to the terms and conditions/ })),
    'mode.toggle': (_, { from }) => {
      plantStaleSession();
      return user.click(screen.getByRole('button', { name: copyOf(from).toggle }));
    },
    'form.submit': (_, { from }) => user.click(screen.getByRole('button', { name: copyOf(from).submit })),
    'xstate.done.actor.logIn': (_, { event }) => logIn.respond(200, outputOf(event)),
    'xstate.error.actor.logIn': (_, { event }) => {
      const { status, body } = failureOf(event);
      return logIn.respond(status, body);
    },
    'xstate.done.actor.register': (_, { event }) => register.respond(201, outputOf(event)),
    'xstate.error.actor.register': (_, { event }) => {
      const { status, body } = failureOf(event);
      return register.respond(status, body);
    },
  },
});
