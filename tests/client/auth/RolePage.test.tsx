import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../msw/server';
import { renderRoute } from '../render';

describe('role picker (/role)', () => {
  it('asks who you are with three choices', async () => {
    renderRoute('/role');
    expect(await screen.findByRole('heading', { name: 'I am' })).toBeInTheDocument();
    for (const name of [
      'A student looking for guidance',
      'A teacher looking for students',
      'Someone seeking job opportunities',
    ])
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('choosing Student stores it for the session and opens sign-up with it preselected', async () => {
    const view = renderRoute('/role');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'A student looking for guidance' }));
    await waitFor(() => expect(view.current()).toBe('/?signup'));
    expect(sessionStorage.getItem('chosen_role_id')).toBe('2');
    // Sign-up itself, not the login form's 'Welcome back' with a link to it.
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Account type')).toHaveValue('2');
  });

  it('a job seeker (from “Looking for a job? Start here”) lands on sign-up as a job seeker', async () => {
    const view = renderRoute('/role');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Someone seeking job opportunities' }));
    await waitFor(() => expect(view.current()).toBe('/?signup'));
    expect(await screen.findByLabelText('Account type')).toHaveValue('3');
    expect(screen.getByRole('button', { name: 'Sign up' })).toHaveAttribute('type', 'submit');
    // The way back to logging in stays.
    await u.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it.each([
    ['Back', '/'],
    // Signed out, Next leads to sign-up, never into the teacher's /slots step.
    ['Next', '/?signup'],
  ])('%s goes to %s', async (name, route) => {
    const view = renderRoute('/role');
    await userEvent.setup().click(await screen.findByRole('button', { name }));
    await waitFor(() => expect(view.current()).toBe(route));
  });

  it.each([
    ['1', 'teacher_id', '/dashboard'],
    ['2', 'student_id', '/subject'],
    // Without their details saved yet: the step they need, not a screen that cannot load.
    ['1', null, '/personal_details_teacher'],
    ['2', null, '/studentdetails1'],
  ])('a stored session with role %s (profile id stored: %s) goes to %s', async (role, idKey, route) => {
    localStorage.setItem('auth_token', 'token');
    localStorage.setItem('user_id', '4');
    localStorage.setItem('role_id', role);
    if (idKey) localStorage.setItem(idKey, '9');
    // What the server says decides: nothing saved yet for a session without its profile.
    if (!idKey)
      server.use(
        http.get('*/api/v1/me/progress', () =>
          HttpResponse.json({
            status: 'success',
            data: {
              role_id: Number(role),
              teacher:
                role === '1'
                  ? { personal: false, education: false, preferences: false, schedule: false }
                  : null,
              student: role === '2' ? { personal: false, education: false, requests: 'none' } : null,
              job_seeker: null,
            },
          }),
        ),
      );
    const view = renderRoute('/role');
    await waitFor(() => expect(view.current()).toBe(route));
  });
});
