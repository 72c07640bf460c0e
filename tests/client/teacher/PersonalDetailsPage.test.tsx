import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEACHER_PERSONAL_MESSAGES as M } from '../../../contract/rules/teacher-personal';
import { setLanguage } from '../../../src/i18n';
import { server } from '../../msw/server';
import { fileOf } from '../files';
import { fill } from '../fill';
import { renderRoute } from '../render';

function signIn() {
  localStorage.setItem('auth_token', 'header.eyJzdWIiOjN9.sig');
  localStorage.setItem('user_id', '3');
  localStorage.setItem('userEmail', 'anita@example.com');
}

function grantLocation(latitude = 22.5726451, longitude = 88.3638919) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback) =>
        ok({ coords: { latitude, longitude } } as GeolocationPosition),
    },
  });
}
function denyLocation() {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (_: PositionCallback, fail: PositionErrorCallback) =>
        fail({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
    },
  });
}

/** Opens step 1 once the route guard lets the screen show (it is held until then). */
async function openStep(name: RegExp = /^Full name/) {
  const view = renderRoute('/personal_details_teacher');
  await screen.findByLabelText(name, {}, { timeout: 5000 });
  return view;
}

const png = (name: string, size = 1024) => fileOf(name, 'image/png', size);

/** Fills every field validly, found by where it sits (data-field), so it reads the same in every language. */
async function fillValid(user: ReturnType<typeof userEvent.setup>, name: RegExp = /^Full name/) {
  await fill(user, await screen.findByLabelText(name, {}, { timeout: 5000 }), 'Anita Sen');
  const field = (id: string) => document.querySelector<HTMLElement>(`[data-field="${id}"]`)!;
  await fill(user, field('mobile_number'), '98765-43210');
  await user.selectOptions(field('gender'), 'female');
  await user.type(field('date_of_birth'), '15081990');
  await fill(user, field('address'), '12 Park Street, Kolkata 700016');
  const [aadhar, photo] = document.querySelectorAll<HTMLInputElement>('input[type="file"]');
  await user.upload(aadhar, fileOf('a.jpg', 'image/jpeg', 10));
  await user.upload(photo, png('me.png'));
}

describe('PersonalDetailsPage', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('fills latitude and longitude (6 decimals) from a granted location', async () => {
    signIn();
    grantLocation();
    await openStep();
    await waitFor(() => expect(screen.getByLabelText('Latitude')).toHaveValue('22.572645'));
    expect(screen.getByLabelText('Longitude')).toHaveValue('88.363892');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('anita@example.com');
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('readonly');
  });

  it('says why when the location is denied or unsupported', async () => {
    signIn();
    denyLocation();
    const first = await openStep();
    expect(await screen.findByText(M.locationError('User denied Geolocation'))).toBeInTheDocument();
    first.unmount();
    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: undefined });
    await openStep();
    expect(await screen.findByText(M.geolocationUnsupported)).toBeInTheDocument();
  });

  it('mirrors the mobile number into WhatsApp while ticked; unticking clears it', async () => {
    signIn();
    grantLocation();
    const user = userEvent.setup();
    await openStep();
    await user.type(screen.getByRole('textbox', { name: /^Mobile number/ }), '98765abc43210');
    const whatsapp = screen.getByRole('textbox', { name: /^WhatsApp number/ });
    expect(whatsapp).toHaveValue('9876543210');
    expect(whatsapp).toHaveAttribute('readonly');
    await user.click(screen.getByRole('checkbox', { name: 'Same as mobile number' }));
    expect(whatsapp).toHaveValue('');
    expect(whatsapp).not.toHaveAttribute('readonly');
  });

  it('refuses a photo that is too large or of the wrong type, with Preview and Delete for a good one', async () => {
    signIn();
    grantLocation();
    const user = userEvent.setup({ applyAccept: false });
    await openStep();
    const photo = screen.getByLabelText(/^Profile photo/);
    await user.upload(photo, png('big.png', 512001));
    expect(await screen.findByText('File size must be less than 500KB')).toBeInTheDocument();
    await user.upload(photo, fileOf('cv.pdf', 'application/pdf'));
    expect(await screen.findByText(M.imageType)).toBeInTheDocument();
    await user.upload(photo, png('me.png'));
    expect(await screen.findByText('File selected: me.png')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview Profile photo' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Profile photo' }));
    expect(screen.queryByText('File selected: me.png')).not.toBeInTheDocument();
    expect(screen.getByText(/masked Aadhar card/)).toBeInTheDocument();
  });

  it('its fields keep a text past what the server accepts and say why (a 3,000-character name)', async () => {
    signIn();
    grantLocation();
    await openStep();
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/^Full name/);
    for (const field of [name, screen.getByLabelText(/^Address/), screen.getByLabelText(/^Email/)])
      expect(field).not.toHaveAttribute('maxlength');
    await user.click(name);
    await user.paste('অ'.repeat(3000));
    expect((name as HTMLInputElement).value).toHaveLength(3000);
    expect(name).toHaveAccessibleDescription(expect.stringContaining('must be at most 200 characters'));
  });

  it.each([
    ['en', 'Next', /^Full name/, 'Full name must be at most 200 characters'],
    ['bn', 'পরবর্তী', /^পুরো নাম/, 'পুরো নাম: সর্বোচ্চ ২০০টি অক্ষর হতে পারে'],
  ] as const)(
    "refuses a name past the server's limit on Next, before any call, in its words (%s)",
    async (language, next, label, rule) => {
      signIn();
      grantLocation();
      let calls = 0;
      server.use(
        http.post('*/api/v1/teachers', () => {
          calls += 1;
          return HttpResponse.json({}, { status: 500 });
        }),
      );
      const user = userEvent.setup();
      await setLanguage(language, { chosen: false });
      try {
        await openStep(label);
        await fillValid(user, label);
        const name = screen.getByLabelText(label);
        await fill(user, name, 'A'.repeat(201));
        await user.click(screen.getByRole('button', { name: next }));
        await waitFor(() => expect(name).toHaveFocus());
        expect(name).toHaveAccessibleDescription(rule);
        expect(name).toHaveValue('A'.repeat(201));
        expect(calls).toBe(0);
        // The address and the e-mail are held to theirs the same way.
        await fill(user, name, 'Anita Sen');
        const address = screen.getAllByRole('textbox').find((box) => box.dataset.field === 'address')!;
        await fill(user, address, 'a'.repeat(1001));
        await user.click(screen.getByRole('button', { name: next }));
        await waitFor(() => expect(address).toHaveFocus());
        expect(address).toHaveAttribute('aria-invalid', 'true');
        expect(calls).toBe(0);
      } finally {
        await setLanguage('en', { chosen: false });
      }
    },
  );

  it('judges a picked file by its first bytes: a text file named .png is refused at pick time', async () => {
    signIn();
    grantLocation();
    const user = userEvent.setup({ applyAccept: false });
    await openStep();
    const photo = screen.getByLabelText(/^Profile photo/);
    await user.upload(photo, fileOf('fake.png', 'image/png', 0, 'not really a picture'));
    expect(await screen.findByText(M.imageType)).toBeInTheDocument();
    expect(screen.queryByText('File selected: fake.png')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preview Profile photo' })).not.toBeInTheDocument();
  });

  it('an oversized photo keeps saying so on Next (never that the photo is required)', async () => {
    signIn();
    grantLocation();
    const user = userEvent.setup({ applyAccept: false });
    await openStep();
    await user.upload(screen.getByLabelText(/^Profile photo/), png('big.png', 512001));
    expect(await screen.findByText('File size must be less than 500KB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(M.aadharRequired)).toBeInTheDocument();
    expect(screen.getByText('File size must be less than 500KB')).toBeInTheDocument();
    expect(screen.queryByText(M.profilePhotoRequired)).not.toBeInTheDocument();
  });

  it('says that what is typed is kept on this device until it is submitted', async () => {
    signIn();
    await openStep();
    expect(screen.getByText('What you type is kept on this device until you submit.')).toBeVisible();
  });

  it('shows every rule message on an empty submit', async () => {
    signIn();
    grantLocation();
    const user = userEvent.setup();
    await openStep();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    for (const message of [
      M.nameRequired,
      M.mobileInvalid,
      M.genderRequired,
      M.dobRequired,
      M.addressTooShort,
      M.aadharRequired,
      M.profilePhotoRequired,
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    // Long enough, but only emoji: no address.
    await fill(user, screen.getByLabelText(/^Address/), '🏠🏠🏠🏠🏠🏠');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(M.withoutWords)).toBeInTheDocument();
    expect(screen.queryByText(M.addressTooShort)).toBeNull();
  });

  it('puts a server 422 under the right field and keeps what was typed', async () => {
    signIn();
    grantLocation();
    server.use(
      http.post('*/api/v1/teachers', () =>
        HttpResponse.json(
          { errors: { mobile_number: [M.mobileInvalid] }, message: 'Validation failed' },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup();
    const view = await openStep();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const mobile = screen.getByRole('textbox', { name: /^Mobile number/ });
    await waitFor(() => expect(mobile).toHaveAccessibleDescription(M.mobileInvalid));
    // A bare 'Validation failed' from the server is replaced by what it refused.
    expect(screen.getByRole('alert')).toHaveTextContent(M.mobileInvalid);
    expect(screen.getByRole('alert')).not.toHaveTextContent('Validation failed');
    expect(screen.getByLabelText(/^Full name/)).toHaveValue('Anita Sen');
    expect(view.current()).toBe('/personal_details_teacher');
  });

  it('creates the teacher, stores the id, clears the draft and goes to education', async () => {
    signIn();
    grantLocation();
    let body: FormData | null = null;
    server.use(
      http.post('*/api/v1/teachers', async ({ request }) => {
        body = await request.formData();
        return HttpResponse.json(
          {
            status: 'success',
            data: (await import('../../msw/handlers/teachers')).teacherRecord({ id: 42 }),
          },
          { status: 201 },
        );
      }),
    );
    const user = userEvent.setup();
    const view = await openStep();
    await fillValid(user);
    expect(JSON.parse(localStorage.getItem('personaldetails')!)['3'].name).toBe('Anita Sen');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(view.current()).toBe('/educational_details_teacher'));
    const sent = body as unknown as FormData;
    expect(sent.get('teacher[date_of_birth]')).toBe('15/08/1990');
    expect(sent.get('teacher[whatsapp_number]')).toBe('9876543210');
    expect(sent.get('teacher[profile_photo]')).toMatchObject({ type: 'image/png' });
    expect(localStorage.getItem('teacher_id')).toBe('42');
    expect(localStorage.getItem('personaldetails')).toBeNull();
  });

  it('restores the draft after a reload', async () => {
    signIn();
    grantLocation();
    localStorage.setItem(
      'personaldetails',
      JSON.stringify({ 3: { name: 'Anita Draft', address: 'Somewhere long enough' } }),
    );
    await openStep();
    expect(await screen.findByDisplayValue('Anita Draft')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Address/)).toHaveValue('Somewhere long enough');
  });

  it("offers no Back to a new teacher (nothing before step 1) and never the login screen's 'already logged in'", async () => {
    signIn();
    grantLocation();
    await openStep();
    expect(screen.getByRole('button', { name: 'Next' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  it('sends a visitor without a session to /', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const view = renderRoute('/personal_details_teacher');
      expect(await screen.findByText(M.notLoggedIn)).toBeInTheDocument();
      await vi.advanceTimersByTimeAsync(1600);
      await waitFor(() => expect(view.current()).toBe('/'));
    } finally {
      vi.useRealTimers();
    }
  });
});
