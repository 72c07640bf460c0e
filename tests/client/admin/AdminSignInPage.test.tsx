import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../contract/rules/admin';
import { setLanguage } from '../../../src/i18n';
import { server } from '../../msw/server';
import { fill } from '../fill';
import { renderRoute } from '../render';

async function open() {
  const view = renderRoute('/adminsignin');
  await screen.findByRole('button', { name: 'Admin Login' });
  return view;
}

describe('/adminsignin', () => {
  it('clears the stored session on load and shows the login card', async () => {
    localStorage.setItem('auth_token', 'student-token');
    localStorage.setItem('role_id', '2');
    await open();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Admin Portal' })).toBeInTheDocument();
    expect(screen.getByText('Admin Access')).toBeInTheDocument();
    expect(screen.getByText('Log in to access admin dashboard')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Enter Admin Email')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Enter admin password')).toHaveAttribute('type', 'password');
  });

  it('checks presence on login and shows 401 as the SPEC text', async () => {
    await open();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Admin Login' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await fill(u, screen.getByLabelText('Email'), 'boss@example.com');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    await fill(u, screen.getByLabelText('Password'), 'wrong-one');
    await u.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await u.click(screen.getByRole('button', { name: 'Admin Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.invalidCredentials);
    await u.click(screen.getByRole('button', { name: 'Clear password' }));
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('logs in, stores token, user id and role 4, and goes to /admin', async () => {
    const view = await open();
    const u = userEvent.setup();
    await fill(u, screen.getByLabelText('Email'), 'boss@example.com');
    await fill(u, screen.getByLabelText('Password'), 'adminpass123');
    await u.click(screen.getByRole('button', { name: 'Admin Login' }));
    await waitFor(() => expect(view.current()).toBe('/admin'));
    expect(localStorage.getItem('auth_token')).toBe('admin-token');
    expect(localStorage.getItem('user_id')).toBe('3');
    expect(localStorage.getItem('role_id')).toBe('4');
  });

  it('signs up with the locked role, terms link and rules, then returns to login with the message', async () => {
    await open();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Need admin access? Sign up' }));
    expect(screen.getByText('Create Admin Account')).toBeInTheDocument();
    expect(screen.getByText('Create new administrator account')).toBeInTheDocument();
    expect(screen.getByLabelText('Role')).toBeDisabled();
    expect(screen.getByLabelText('Role')).toHaveDisplayValue('Administrator');
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms');
    await fill(u, screen.getByLabelText('Email'), 'nope');
    await fill(u, screen.getByLabelText('Password'), 'short');
    await u.click(screen.getByRole('button', { name: 'Register Admin' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('You must agree to the terms and conditions')).toBeInTheDocument();
    await fill(u, screen.getByLabelText('Email'), 'admin😀@example.com');
    await u.click(screen.getByRole('button', { name: 'Register Admin' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    await u.clear(screen.getByLabelText('Email'));
    await fill(u, screen.getByLabelText('Email'), 'first@example.com');
    await fill(u, screen.getByLabelText('Password'), 'long-enough');
    await u.click(screen.getByRole('checkbox'));
    await u.click(screen.getByRole('button', { name: 'Register Admin' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ADMIN_MESSAGES.registrationSuccess);
    expect(screen.getByRole('button', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('first@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('shows registration failures in the SPEC order', async () => {
    await open();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Need admin access? Sign up' }));
    await fill(u, screen.getByLabelText('Email'), 'second@example.com');
    await fill(u, screen.getByLabelText('Password'), 'long-enough');
    await u.click(screen.getByRole('checkbox'));
    server.use(
      http.post('*/admin_users', () =>
        HttpResponse.json({ error: 'Admin registration is closed', message: 'x' }, { status: 403 }),
      ),
    );
    await u.click(screen.getByRole('button', { name: 'Register Admin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Admin registration is closed');
    server.use(
      http.post('*/admin_users', () =>
        HttpResponse.json(
          { errors: { email: ['Email has already been taken'], password: ['is too weak', 'is common'] } },
          { status: 422 },
        ),
      ),
    );
    await u.click(screen.getByRole('button', { name: 'Register Admin' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'email: Email has already been taken; password: is too weak, is common',
      ),
    );
    server.use(http.post('*/admin_users', () => HttpResponse.error()));
    await u.click(screen.getByRole('button', { name: 'Register Admin' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.registrationFailed),
    );
    // Toggling clears the message.
    await u.click(screen.getByRole('button', { name: 'Already an admin? Log in' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('names the fields of a registration failure in Bengali, their messages too', async () => {
    await setLanguage('bn', { chosen: false });
    try {
      renderRoute('/adminsignin');
      const u = userEvent.setup();
      await u.click(await screen.findByRole('button', { name: 'অ্যাডমিন অ্যাকাউন্ট নেই? অ্যাকাউন্ট খুলুন' }));
      await fill(u, screen.getByLabelText('ইমেল'), 'second@example.com');
      await fill(u, screen.getByLabelText('পাসওয়ার্ড'), 'long-enough');
      await u.click(screen.getByRole('checkbox'));
      server.use(
        http.post('*/admin_users', () =>
          HttpResponse.json(
            { errors: { email: ['Email has already been taken'], password: ['Password is required'] } },
            { status: 422 },
          ),
        ),
      );
      await u.click(screen.getByRole('button', { name: 'অ্যাডমিন অ্যাকাউন্ট খুলুন' }));
      await waitFor(() =>
        expect(screen.getByRole('alert')).toHaveTextContent(
          'ইমেল: এই ইমেল দিয়ে আগেই অ্যাকাউন্ট খোলা হয়েছে; পাসওয়ার্ড: পাসওয়ার্ড দিন',
        ),
      );
    } finally {
      await setLanguage('en', { chosen: false });
    }
  });
});
