import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  TEACHER_DASHBOARD_MESSAGES as D,
  VERIFICATION_MESSAGES as V,
} from '../../../contract/rules/teacher-dashboard';
import { TEACHER_EDUCATION_MESSAGES as E } from '../../../contract/rules/teacher-education';
import { TEACHER_PREFERENCE_MESSAGES as P } from '../../../contract/rules/teacher-preferences';
import { DEFAULT_AVATAR } from '../../../src/features/teacher/TeacherParts';
import { sampleRequest } from '../../msw/handlers/requests';
import { teacherRecord } from '../../msw/handlers/teachers';
import { server } from '../../msw/server';
import { fileOf } from '../files';
import { renderRoute } from '../render';

const DRAFT_NOTE = 'What you type is kept on this device until you submit.';

function signedInTeacher() {
  localStorage.setItem('auth_token', 'header.eyJzdWIiOjN9.sig');
  localStorage.setItem('user_id', '3');
  localStorage.setItem('teacher_id', '21');
}

describe('EducationalDetailsPage', () => {
  it("shows 'Could not load data' when subjects fail, and Try Again reloads", async () => {
    signedInTeacher();
    let fail = true;
    server.use(
      http.get('*/api/v1/subjects', () =>
        fail
          ? HttpResponse.json({ message: 'down' }, { status: 503 })
          : HttpResponse.json({ status: 'success', data: [{ id: 1, name: 'Physics', is_active: true }] }),
      ),
    );
    const user = userEvent.setup();
    renderRoute('/educational_details_teacher');
    expect(await screen.findByText(E.couldNotLoad)).toBeInTheDocument();
    expect(screen.getByText(E.subjectsLoadFailed)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByLabelText(/^School name/)).toBeInTheDocument();
  });

  it('keeps what was typed before the first save across a reload', async () => {
    signedInTeacher();
    server.use(
      http.get('*/api/v1/teachers/:id', () =>
        HttpResponse.json({
          status: 'success',
          data: teacherRecord({ teacher_educational_qualification: null }),
        }),
      ),
    );
    const user = userEvent.setup();
    const first = renderRoute('/educational_details_teacher');
    await user.type(await screen.findByLabelText(/^School name/), 'Hindu School');
    expect(screen.getByText(DRAFT_NOTE)).toBeVisible();
    await user.type(screen.getByLabelText(/^College name/), 'Presidency College');
    await user.selectOptions(screen.getByLabelText(/^University/), 'Others');
    await user.type(screen.getByLabelText(/^University name/), 'Rabindra Bharati University');
    await user.type(screen.getByLabelText(/^Year of passing/), '2012');
    first.unmount();

    renderRoute('/educational_details_teacher');
    expect(await screen.findByLabelText(/^School name/)).toHaveValue('Hindu School');
    expect(screen.getByLabelText(/^College name/)).toHaveValue('Presidency College');
    expect(screen.getByLabelText(/^University name/)).toHaveValue('Rabindra Bharati University');
    expect(screen.getByLabelText(/^Year of passing/)).toHaveValue('2012');
  });

  it('keeps an invalid year as typed and says why (D6); Others switches to free text and back', async () => {
    signedInTeacher();
    const user = userEvent.setup();
    renderRoute('/educational_details_teacher');
    const year = await screen.findByLabelText(/^Year of passing/);
    await user.type(year, '20x99');
    await user.selectOptions(screen.getByLabelText(/^University/), 'Others');
    expect(screen.getByLabelText(/^University name/)).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(E.yearInvalid)).toBeInTheDocument();
    expect(year).toHaveValue('2099');
    for (const m of [
      E.degreeRequired,
      E.subjectRequired,
      E.schoolRequired,
      E.collegeRequired,
      E.universityRequired,
    ])
      expect(screen.getByText(m)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show Dropdown' }));
    expect(screen.getByRole('combobox', { name: /^University/ })).toBeInTheDocument();
  });
});

describe('PreferencesPage', () => {
  it('starts with the documented defaults, shows each rule and checks the file type', async () => {
    signedInTeacher();
    // The subject list waits until the test has seen its loading text (a fixed delay raced the page's
    // own loading on a busy machine).
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      // A first visit: nothing saved yet, so the product's defaults.
      http.get('*/api/v1/teachers/:id', () =>
        HttpResponse.json({ status: 'success', data: teacherRecord({ teacher_preference: null }) }),
      ),
      http.post('*/api/v1/teachers/:id/teacher_preferences', () =>
        HttpResponse.json({ message: 'Preferences could not be saved right now' }, { status: 500 }),
      ),
      http.get('*/api/v1/subjects', async () => {
        await released;
        return HttpResponse.json({ status: 'success', data: [{ id: 1, name: 'Physics', is_active: true }] });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/teacherSubject');
    expect(await screen.findByText(P.loadingSubjects)).toBeInTheDocument();
    release();
    expect(
      (await screen.findAllByLabelText(/^Subjects you teach/, {}, { timeout: 5000 }))[0],
    ).toBeInTheDocument();
    // Step 3 of the four, with the way out.
    const progress = screen.getByRole('navigation', { name: 'Sign-up progress' });
    expect(progress).toHaveTextContent('Step 3 of 4');
    expect(
      within(progress)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Personal Details', 'Educational Details', 'Teaching Preferences', 'Date & Time']);
    expect(within(progress).getByText('Teaching Preferences').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(screen.getByRole('button', { name: 'Logout' })).toBeEnabled();
    expect(screen.getByLabelText(/^Teaching experience/)).toHaveValue('2');
    expect(screen.getByText('Teaching radius: 10 km')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Offline' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Online/ })).toBeDisabled();
    expect(screen.getByText(P.onlineUnavailable)).toBeInTheDocument();
    for (const m of ['English', 'Hindi', 'Bengali'])
      expect(screen.getByRole('checkbox', { name: m })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    for (const m of [P.subjectsRequired, P.markSheetRequired, P.certificateRequired])
      expect(await screen.findByText(m)).toBeInTheDocument();
    expect(screen.getAllByText(P.answerRequired)).toHaveLength(3);
    // Focus is on the first field in error (the subjects), and its list stays closed: no dropdown
    // opens by itself to cover the errors.
    const subjectsInput = screen
      .getAllByLabelText(/^Subjects you teach/)
      .find((el) => el.tagName === 'INPUT' && el.getAttribute('type') !== 'hidden');
    await waitFor(() => expect(document.activeElement).toBe(subjectsInput));
    expect(subjectsInput).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByText(P.subjectsRequired)).toBeVisible();

    for (const group of screen.getAllByRole('radiogroup'))
      await user.click(within(group).getByLabelText('No'));
    const upload = userEvent.setup({ applyAccept: false });
    await upload.upload(screen.getByLabelText(/^Marksheet/), fileOf('marks.gif', 'image/gif'));
    expect(await screen.findByText(P.imageType)).toBeInTheDocument();
    await upload.upload(screen.getByLabelText(/^Marksheet/), fileOf('marks.png', 'image/png'));
    expect(await screen.findByText(P.fileSelected('marks.png'))).toBeInTheDocument();
    await upload.upload(
      screen.getByLabelText(/^Highest qualification certificate/),
      fileOf('cert.jpg', 'image/jpeg'),
    );
    expect(screen.getByText(P.fileSelected('cert.jpg'))).toBeInTheDocument();
  });

  it('keeps the choices made before the first save across a reload (files are picked again)', async () => {
    signedInTeacher();
    server.use(
      http.get('*/api/v1/teachers/:id', () =>
        HttpResponse.json({ status: 'success', data: teacherRecord({ teacher_preference: null }) }),
      ),
    );
    const user = userEvent.setup();
    const first = renderRoute('/teacherSubject');
    const experience = await screen.findByLabelText(/^Teaching experience/, {}, { timeout: 5000 });
    expect(screen.getByText(DRAFT_NOTE)).toBeVisible();
    await user.clear(experience);
    await user.type(experience, '7');
    await user.click(screen.getByRole('checkbox', { name: 'Hindi' }));
    for (const group of screen.getAllByRole('radiogroup'))
      await user.click(within(group).getByLabelText('No'));
    first.unmount();

    renderRoute('/teacherSubject');
    expect(await screen.findByLabelText(/^Teaching experience/, {}, { timeout: 5000 })).toHaveValue('7');
    expect(screen.getByRole('checkbox', { name: 'Hindi' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bengali' })).toBeChecked();
    for (const group of screen.getAllByRole('radiogroup'))
      expect(within(group).getByLabelText('No')).toBeChecked();
  });

  it("shows the subjects' load error instead of the dropdown", async () => {
    signedInTeacher();
    server.use(http.get('*/api/v1/subjects', () => HttpResponse.error()));
    renderRoute('/teacherSubject');
    expect(await screen.findByText('No response from server. Please try again later.')).toBeInTheDocument();
  });
});

describe('DashboardPage', () => {
  it('lists new and active requests; accept, and end a contract after confirming', async () => {
    signedInTeacher();
    const active = {
      ...sampleRequest,
      id: 12,
      teacher_id: 21,
      status: 'accepted',
      student: { ...sampleRequest.student!, id: 8, name: 'Arjun Das' },
    };
    const fresh = { ...sampleRequest, teacher_id: 21 };
    const statuses: Array<[string, unknown]> = [];
    server.use(
      http.get('*/api/v1/teacher_student_requests', ({ request }) => {
        expect(new URL(request.url).searchParams.get('teacher_id')).toBe('21');
        return HttpResponse.json({ status: 'success', data: [fresh, active] });
      }),
      http.patch('*/api/v1/teacher_student_requests/:id/update_status', async ({ params, request }) => {
        const { status } = (await request.json()) as { status: string };
        statuses.push([String(params.id), status]);
        const base = params.id === '12' ? active : fresh;
        return HttpResponse.json({ status: 'success', data: { ...base, status } });
      }),
    );
    const user = userEvent.setup();
    renderRoute('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Anita Sen' })).toBeInTheDocument();
    const account = await screen.findByRole('region', { name: 'Account Details' });
    expect(within(account).getByText('Physics')).toBeInTheDocument();
    expect(within(account).getByText('2 years')).toBeInTheDocument();
    expect(within(account).getByText('10 km')).toBeInTheDocument();

    // Where the teacher stands with verification, at the top (Edit and Details navigate: see the model test).
    expect(screen.getByRole('region', { name: 'Verification' })).toHaveTextContent(V.pendingTitle);

    await user.click(await screen.findByRole('button', { name: 'End contract with Arjun Das' }));
    expect(await screen.findByText(D.endContractQuestion('Arjun Das'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'End contract with Arjun Das' }));
    await user.click(await screen.findByRole('button', { name: 'End Contract' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(D.contractEnded('Arjun Das')));
    expect(await screen.findByText(`${D.noActive} – ${D.noActiveHint}`)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Accept request from Riya Sen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Accept request' });
    await user.click(within(confirm).getByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(screen.getByText(`${D.noNewRequests} – ${D.noNewRequestsHint}`)).toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'End contract with Riya Sen' })).toBeInTheDocument();
    expect(statuses).toEqual([
      ['12', 'ended'],
      ['11', 'accepted'],
    ]);
  });

  it('falls back to the default avatar when the photo fails to load', async () => {
    signedInTeacher();
    server.use(
      http.get('*/api/v1/teacher_student_requests', () => HttpResponse.json({ status: 'success', data: [] })),
    );
    renderRoute('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Anita Sen' });
    const [photo] = screen.getAllByRole('img', { name: 'Anita Sen' });
    expect(photo).toHaveAttribute('src', expect.stringContaining('/uploads/profile_photos/'));
    photo.dispatchEvent(new Event('error'));
    await waitFor(() => expect(photo).toHaveAttribute('src', DEFAULT_AVATAR));
  });
});
