import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../contract/rules/auth';
import { signInBody, TAKEN_EMAIL, WRONG_PASSWORD } from '../../msw/handlers/auth';
import { matchesBody, sampleRequest } from '../../msw/handlers/requests';
import { server } from '../../msw/server';
import { fill } from '../fill';
import { renderRoute } from '../render';

const user = () => userEvent.setup();

async function openLogin(path = '/') {
  const view = renderRoute(path);
  await screen.findByRole('button', { name: 'Log in' });
  return view;
}

async function logIn(email: string, password: string) {
  const u = user();
  await fill(u, screen.getByLabelText('Email'), email);
  await fill(u, screen.getByLabelText('Password'), password);
  await u.click(screen.getByRole('button', { name: 'Log in' }));
  return u;
}

/** What GET /api/v1/me/progress answers (routing after login reads only this). */
const progress = (data: Record<string, unknown>) =>
  http.get('*/api/v1/me/progress', () =>
    HttpResponse.json({
      status: 'success',
      data: { teacher: null, student: null, job_seeker: null, ...data },
    }),
  );
const teacherWithoutProfile = progress({ role_id: 1 });

async function openSignUp() {
  const view = await openLogin();
  await user().click(screen.getByRole('button', { name: 'Sign up' }));
  await screen.findByLabelText('Account type');
  return view;
}

describe('login screen', () => {
  it.each(['/', '/app', '/login'])(
    'renders at %s with the tagline, fields and support line',
    async (path) => {
      await openLogin(path);
      expect(screen.getByText('Helping students achieve the education they deserve')).toBeInTheDocument();
      expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
      expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
      expect(screen.getByText(/For technical support contact/)).toBeInTheDocument();
      expect(screen.queryByLabelText('Account type')).not.toBeInTheDocument();
    },
  );

  it('shows the login rules after submit and clears a field error when the field is edited', async () => {
    await openLogin();
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText(AUTH_MESSAGES.fieldRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeInTheDocument();
    await u.type(screen.getByLabelText('Email'), 'a');
    expect(screen.queryByText(AUTH_MESSAGES.fieldRequired)).not.toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeInTheDocument();
  });

  it('clears the email, clears the password and shows or hides it', async () => {
    await openLogin();
    const u = user();
    await fill(u, screen.getByLabelText('Email'), 'asha@example.com');
    await fill(u, screen.getByLabelText('Password'), 'secret123');
    await u.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    await u.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    await u.click(screen.getByRole('button', { name: 'Clear email' }));
    expect(screen.getByLabelText('Email')).toHaveValue('');
    await u.click(screen.getByRole('button', { name: 'Clear password' }));
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('shows Processing... and disables submit while signing in', async () => {
    server.use(
      http.post('*/users/tokens/sign_in', async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    await openLogin();
    await logIn('asha@example.com', 'password123');
    expect(await screen.findByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  it('a wrong password shows the one credentials message and keeps the email', async () => {
    await openLogin();
    await logIn('asha@example.com', WRONG_PASSWORD);
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.invalidCredentials);
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
    expect(localStorage.getItem('auth_token')).toBeNull();
    // Focus is on the password, to type it again (not lost to the page's start while the form waited).
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });

  it.each([
    ['a 401 without text', HttpResponse.json({}, { status: 401 }), AUTH_MESSAGES.invalidCredentials],
    [
      'a server message',
      HttpResponse.json({ message: 'Too many sign-in attempts.' }, { status: 429 }),
      'Too many sign-in attempts.',
    ],
    ['a 503', new HttpResponse(null, { status: 503 }), 'Authentication failed (503). Please try again.'],
    ['no response', HttpResponse.error(), AUTH_MESSAGES.noResponse],
  ])('login failure: %s', async (_, response, message) => {
    server.use(http.post('*/users/tokens/sign_in', () => response));
    await openLogin();
    await logIn('asha@example.com', 'password123');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('an unexpected sign-in body shows its own message', async () => {
    server.use(http.post('*/users/tokens/sign_in', () => HttpResponse.json({ token: 1 })));
    await openLogin();
    await logIn('asha@example.com', 'password123');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Unexpected response from the server/);
  });

  it('a teacher without a profile is stored with the server role and goes to personal details', async () => {
    server.use(teacherWithoutProfile);
    const view = await openLogin();
    await logIn('asha@example.com', 'password123');
    await waitFor(() => expect(view.current()).toBe('/personal_details_teacher'));
    expect(localStorage.getItem('auth_token')).toMatch(/^eyJ/);
    expect(localStorage.getItem('user_id')).toBe('41');
    expect(localStorage.getItem('role_id')).toBe('1');
    expect(localStorage.getItem('userEmail')).toBe('asha@example.com');
    expect(JSON.parse(localStorage.getItem('auth_response') ?? '{}').roles).toEqual([{ name: 'teacher' }]);
  });

  it('a student is stored as a student (D1) and routed by what they completed', async () => {
    server.use(
      http.post('*/users/tokens/sign_in', () =>
        HttpResponse.json(signInBody({ userId: 52, roleId: 2, profile: [{ id: 8 }] })),
      ),
      progress({ role_id: 2, student: { personal: true, education: true, requests: 'made' } }),
      // The finder then opened stores its request's student: the same student 8.
      http.get('*/api/v1/students/me/finder', () =>
        HttpResponse.json({
          status: 'success',
          data: { ...matchesBody(), request: { ...sampleRequest, student_id: 8 } },
        }),
      ),
    );
    const view = await openLogin();
    await logIn('ravi@example.com', 'password123');
    await waitFor(() => expect(view.current()).toBe('/teacherfinder'));
    expect(localStorage.getItem('role_id')).toBe('2');
    expect(localStorage.getItem('student_id')).toBe('8');
    expect(localStorage.getItem('teacher_id')).toBeNull();
  });

  it('a complete teacher goes to the dashboard', async () => {
    server.use(
      http.post('*/users/tokens/sign_in', () => HttpResponse.json(signInBody({ profile: [{ id: 5 }] }))),
      progress({
        role_id: 1,
        teacher: { personal: true, education: true, preferences: true, schedule: true },
      }),
      // The dashboard it lands on loads this teacher too (and stores the id of what it loaded).
      http.get('*/api/v1/teachers/me/dashboard', () =>
        HttpResponse.json({ status: 'success', data: { teacher: teacherRecord().data } }),
      ),
    );
    const view = await openLogin();
    await logIn('asha@example.com', 'password123');
    await waitFor(() => expect(view.current()).toBe('/dashboard'));
    expect(localStorage.getItem('teacher_id')).toBe('5');
  });

  it('shows the post-login failure when what the student completed cannot be read', async () => {
    server.use(
      http.post('*/users/tokens/sign_in', () =>
        HttpResponse.json(signInBody({ roleId: 2, profile: [{ id: 8 }] })),
      ),
      http.get('*/api/v1/me/progress', () => new HttpResponse(null, { status: 500 })),
    );
    const view = await openLogin();
    await logIn('ravi@example.com', 'password123');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.postLoginFailed);
    expect(view.current()).toBe('/');
  });
});

describe('sign-up', () => {
  it('toggling clears the stored session, errors and messages but keeps drafts (D5)', async () => {
    // A partial session (no user id) is not offered to continue; the toggle clears it.
    localStorage.setItem('auth_token', 'old');
    localStorage.setItem('role_id', '1');
    localStorage.setItem('draft:jobdetails1', '{"anonymous":{"name":"Asha"}}');
    renderRoute('/');
    await screen.findByRole('button', { name: 'Log in' });
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText(AUTH_MESSAGES.fieldRequired)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Sign up' }));
    await screen.findByLabelText('Account type');
    expect(screen.queryByText(AUTH_MESSAGES.fieldRequired)).not.toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('role_id')).toBeNull();
    expect(localStorage.getItem('draft:jobdetails1')).not.toBeNull();
  });

  it('shows every sign-up rule after submit', async () => {
    await openSignUp();
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText(AUTH_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.termsRequired)).toBeInTheDocument();
    await fill(u, screen.getByLabelText('Email'), 'not-an-email');
    await fill(u, screen.getByLabelText('Password'), 'short');
    await u.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText(AUTH_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.passwordTooShort)).toBeInTheDocument();
    // An emoji is not part of an e-mail address (the one email rule, as the server's).
    await fill(u, screen.getByLabelText('Email'), '😀@x.com');
    await u.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.getByText(AUTH_MESSAGES.emailInvalid)).toBeInTheDocument();
  });

  it('the terms link opens the terms; Cancel closes them, I Agree ticks the box', async () => {
    await openSignUp();
    const u = user();
    const checkbox = screen.getByRole('checkbox', { name: /I agree to the terms and conditions/ });
    await u.click(screen.getByRole('button', { name: 'terms and conditions' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Last updated: April 1, 2025');
    expect(dialog).toHaveTextContent('We do not sell your personal data');
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(checkbox).not.toBeChecked();
    await u.click(screen.getByRole('button', { name: 'terms and conditions' }));
    await u.click(await screen.findByRole('button', { name: 'I Agree' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: /I agree to the terms and conditions/ })).toBeChecked();
  });

  async function fillSignUp(email: string, role = 'Student') {
    const u = user();
    await fill(u, screen.getByLabelText('Email'), email);
    await fill(u, screen.getByLabelText('Password'), 'password123');
    await u.selectOptions(screen.getByLabelText('Account type'), role);
    await u.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await u.click(screen.getByRole('button', { name: 'Sign up' }));
  }

  it('signs up with the chosen account type and returns to login keeping the email', async () => {
    let sent: unknown = null;
    server.use(
      http.post('*/api/v1/users', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { status: 'success', data: { id: 1, email: 'x', user_role_id: 2 } },
          { status: 201 },
        );
      }),
    );
    await openSignUp();
    await fillSignUp('new@example.com');
    expect(await screen.findByRole('status')).toHaveTextContent(AUTH_MESSAGES.registrationSuccess);
    expect(sent).toEqual({ email: 'new@example.com', password: 'password123', user_role_id: 2 });
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('new@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    // Keyboard focus is on the password, the one thing left to type (not lost to the page's start).
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });

  it('a taken email shows Email has already been taken', async () => {
    await openSignUp();
    await fillSignUp(TAKEN_EMAIL, 'Teacher');
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.emailTaken);
    expect(screen.getByLabelText('Password')).toHaveValue('password123');
    // The email is what to change: focus is there.
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveFocus());
  });

  it.each([
    [
      'server field errors',
      HttpResponse.json({ errors: { email: ['Email looks wrong'] } }, { status: 422 }),
      'Email looks wrong',
      'field',
    ],
    [
      'unreadable field errors',
      HttpResponse.json({ errors: {} }, { status: 422 }),
      AUTH_MESSAGES.validationFailed,
      'alert',
    ],
    [
      'a 500',
      new HttpResponse(null, { status: 500 }),
      'Registration failed (500). Please try again.',
      'alert',
    ],
    ['no response', HttpResponse.error(), AUTH_MESSAGES.noResponse, 'alert'],
    [
      'an unexpected body',
      HttpResponse.json({ ok: true }, { status: 201 }),
      AUTH_MESSAGES.genericError,
      'alert',
    ],
  ])('sign-up failure: %s', async (_, response, message, where) => {
    server.use(http.post('*/api/v1/users', () => response));
    await openSignUp();
    await fillSignUp('new@example.com');
    if (where === 'alert') expect(await screen.findByRole('alert')).toHaveTextContent(message);
    else expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('preselects the account type chosen on /role', async () => {
    sessionStorage.setItem('chosen_role_id', '2');
    await openSignUp();
    expect(screen.getByLabelText('Account type')).toHaveValue('2');
  });
});

describe('a stored session', () => {
  it('is offered to continue, and Continue routes it', async () => {
    localStorage.setItem('auth_token', 'stored-token');
    localStorage.setItem('user_id', '41');
    localStorage.setItem('role_id', '1');
    server.use(teacherWithoutProfile);
    const view = renderRoute('/');
    expect(await screen.findByText(/You are already logged in as/)).toHaveTextContent('asha@example.com');
    await user().click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(view.current()).toBe('/personal_details_teacher'));
  });

  it('can be set aside to log in with a different account', async () => {
    localStorage.setItem('auth_token', 'stored-token');
    localStorage.setItem('user_id', '41');
    renderRoute('/');
    await user().click(await screen.findByRole('button', { name: 'Log in with a different account' }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});

function teacherRecord() {
  return {
    status: 'success',
    data: {
      id: 5,
      user_id: 41,
      name: 'Asha Sen',
      email: 'asha@example.com',
      mobile_number: '9876543210',
      whatsapp_number: null,
      alt_mobile: null,
      gender: 'female',
      date_of_birth: '01/01/1990',
      address: '12 Park Street, Kolkata',
      latitude: null,
      longitude: null,
      profile_photo: null,
      aadhar_photo: null,
      is_active: true,
      verification_status: 'pending',
      verified: false,
      rejection_reason: null,
      review_version: 0,
      created_at: '2025-01-01T00:00:00.000Z',
      teacher_educational_qualification: {
        id: 1,
        teacher_id: 5,
        degree_id: 5,
        degree_name: null,
        subject_id: 1,
        subject_name: 'Physics',
        year_of_passing: '2012',
        school_name: 'A',
        college_name: 'B',
        university_name: 'C',
        school_education_board: 'cbse',
      },
      teacher_preference: {
        id: 1,
        teacher_id: 5,
        teaching_radius_km: 10,
        preferred_teaching_type: 'individual',
        prior_experience: 2,
        teaching_mode: 'offline',
        teaching_location_preference: null,
        teaching_school: false,
        special_need_children: false,
        special_attention_children: false,
        preferred_medium: ['english'],
        subject_ids: [1],
        subjects: [{ id: 1, name: 'Physics' }],
        mark_sheet: null,
        highest_qualification_certificate: null,
        resume: null,
      },
      teacher_schedules: [{ id: 1, teacher_id: 5, week_day: 0, time_slots: [] }],
      subjects: [{ id: 1, name: 'Physics' }],
    },
  };
}
