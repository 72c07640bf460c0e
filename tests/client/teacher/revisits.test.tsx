import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { WEEKDAYS } from '../../../contract/constants';
import { FILE_MESSAGES } from '../../../contract/rules/files';
import {
  TEACHER_PREFERENCE_MESSAGES as P,
  YES_NO_QUESTIONS,
} from '../../../contract/rules/teacher-preferences';
import { setLanguage } from '../../../src/i18n';
import { teacherRecord } from '../../msw/handlers/teachers';
import { server } from '../../msw/server';
import { fileOf } from '../files';
import { fill } from '../fill';
import { renderRoute } from '../render';

function signedInTeacher() {
  localStorage.setItem('auth_token', 'header.eyJzdWIiOjN9.sig');
  localStorage.setItem('user_id', '3');
  localStorage.setItem('teacher_id', '21');
}
/** Saved schedules as the teacher record carries them: one day and one time each, ids from 1. */
const savedWeek = (...days: Array<[number, string]>) =>
  days.map(([week_day, time_of_day], i) => ({
    id: i + 1,
    teacher_id: 21,
    week_day,
    time_slots: [{ id: i + 1, time_of_day, preferred_group: 'any' }],
  }));

const serveTeacher = (overrides: Record<string, unknown>) =>
  server.use(
    http.get('*/api/v1/teachers/:id', () =>
      HttpResponse.json({ status: 'success', data: teacherRecord(overrides) }),
    ),
  );
const document = (id: number, file_name: string) => ({
  id,
  url: `/api/v1/uploads/${id}`,
  file_name,
  content_type: file_name.endsWith('.pdf') ? 'application/pdf' : 'image/png',
});
const savedPreference = {
  id: 4,
  teacher_id: 21,
  teaching_radius_km: 12,
  preferred_teaching_type: 'individual',
  prior_experience: 5,
  teaching_mode: 'offline',
  teaching_location_preference: null,
  teaching_school: true,
  special_need_children: false,
  special_attention_children: true,
  preferred_medium: ['english', 'bengali'],
  subject_ids: [1, 2],
  subjects: [
    { id: 1, name: 'Physics' },
    { id: 2, name: 'Mathematics' },
  ],
  mark_sheet: document(2, 'marks.png'),
  highest_qualification_certificate: document(3, 'degree.png'),
  resume: document(5, 'cv.pdf'),
};
const savedQualification = {
  id: 7,
  teacher_id: 21,
  degree_id: 5,
  degree_name: null,
  subject_id: 1,
  subject_name: 'Physics',
  year_of_passing: '2012',
  school_name: 'Hindu School',
  college_name: 'Presidency College',
  university_name: 'University of Calcutta',
  school_education_board: 'icse',
};
const questionGroup = (label: string) =>
  screen.getByRole('radiogroup', { name: new RegExp(`^${label.replace('?', '\\?')}`) });
const pill = (name: string) => screen.queryByText(name, { selector: '.mantine-Pill-label' });

describe('Preferences: the red failure banner', () => {
  it('shows the failure in a red banner, keeps every choice and file, and a second Next saves', async () => {
    signedInTeacher();
    serveTeacher({ teacher_preference: null });
    let fail = true;
    let sent: FormData | null = null;
    server.use(
      http.post('*/api/v1/teachers/:id/teacher_preferences', async ({ request }) => {
        if (fail)
          return HttpResponse.json({ message: 'Preferences could not be saved right now' }, { status: 500 });
        sent = await request.formData();
        return HttpResponse.json({ status: 'success', data: savedPreference }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const view = renderRoute('/teacherSubject');
    const subjects = await screen.findByLabelText(
      /^Subjects you teach/,
      { selector: 'input' },
      { timeout: 5000 },
    );
    await user.click(subjects);
    await user.click(await screen.findByRole('option', { name: 'Physics', hidden: true }));
    const experience = screen.getByLabelText(/^Teaching experience/);
    await user.clear(experience);
    await user.type(experience, '7');
    for (const { label } of YES_NO_QUESTIONS)
      await user.click(within(questionGroup(label)).getByRole('radio', { name: 'Yes' }));
    await user.upload(
      screen.getByLabelText(/^Marksheet/, { selector: 'input' }),
      fileOf('marks.png', 'image/png'),
    );
    await user.upload(
      screen.getByLabelText(/^Highest qualification certificate/, { selector: 'input' }),
      fileOf('degree.png', 'image/png'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Preferences could not be saved right now');
    // The product's one red failure banner (ErrorBanner: light red, as on every screen), above the form.
    expect(banner).toHaveAttribute('data-variant', 'light');
    expect(banner.getAttribute('style') ?? '').toMatch(/red/);
    expect(view.current()).toBe('/teacherSubject');
    // Nothing chosen is lost.
    expect(pill('Physics')).toBeVisible();
    expect(experience).toHaveValue('7');
    for (const { label } of YES_NO_QUESTIONS)
      expect(within(questionGroup(label)).getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.getByText('File selected: marks.png')).toBeInTheDocument();
    expect(screen.getByText('File selected: degree.png')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(view.current()).toBe('/slots'));
    const form = sent as unknown as FormData;
    expect(form.getAll('teacher_preference[subject_ids][]')).toEqual(['1']);
    expect(form.get('teacher_preference[prior_experience]')).toBe('7');
    // Both picked images go as file parts (jsdom's bridge to fetch keeps their type, not their bytes).
    for (const file of ['mark_sheet', 'highest_qualification_certificate'])
      expect((form.get(`teacher_preference[${file}]`) as Blob).type).toBe('image/png');
    expect(form.get('teacher_preference[resume]')).toBeNull();
  });
});

describe('Revisiting a step', () => {
  it('education: prefilled from the saved qualification and saved again with PUT (no second POST)', async () => {
    signedInTeacher();
    serveTeacher({ teacher_educational_qualification: savedQualification });
    let posts = 0;
    let put: { id: string; body: unknown } | null = null;
    server.use(
      http.post('*/api/v1/teachers/:id/teacher_educational_qualifications', () => {
        posts += 1;
        return HttpResponse.json({ message: 'duplicate' }, { status: 409 });
      }),
      http.put('*/api/v1/teacher_educational_qualifications/:id', async ({ params, request }) => {
        const body = (await request.json()) as { teacher_educational_qualification: Record<string, unknown> };
        put = { id: String(params.id), body };
        return HttpResponse.json({
          status: 'success',
          data: { ...savedQualification, ...body.teacher_educational_qualification },
        });
      }),
    );
    const user = userEvent.setup();
    const view = renderRoute('/educational_details_teacher');
    const school = await screen.findByLabelText(/^School name/, {}, { timeout: 5000 });
    expect(school).toHaveValue('Hindu School');
    expect(screen.getByLabelText(/^Highest qualification/)).toHaveValue('5');
    expect(screen.getByLabelText(/^Specialized subject/, { selector: 'input' })).toHaveValue('Physics');
    expect(screen.getByLabelText(/^School education board/)).toHaveValue('icse');
    expect(screen.getByLabelText(/^College name/)).toHaveValue('Presidency College');
    expect(screen.getByRole('combobox', { name: /^University/ })).toHaveValue('University of Calcutta');
    expect(screen.getByLabelText(/^Year of passing/)).toHaveValue('2012');

    const college = screen.getByLabelText(/^College name/);
    await user.clear(college);
    await fill(user, college, 'Scottish Church College');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(view.current()).toBe('/teacherSubject'));
    expect(posts).toBe(0);
    expect(put).toEqual({
      id: '7',
      body: {
        teacher_educational_qualification: {
          degree_id: 5,
          degree_name: null,
          subject_id: 1,
          year_of_passing: '2012',
          school_name: 'Hindu School',
          college_name: 'Scottish Church College',
          university_name: 'University of Calcutta',
          school_education_board: 'icse',
        },
      },
    });
  });

  it('education: a saved university outside the list comes back as free text with Show Dropdown', async () => {
    signedInTeacher();
    serveTeacher({
      teacher_educational_qualification: { ...savedQualification, university_name: 'Visva-Bharati' },
    });
    renderRoute('/educational_details_teacher');
    expect(await screen.findByLabelText(/^University name/, {}, { timeout: 5000 })).toHaveValue(
      'Visva-Bharati',
    );
    expect(screen.getByRole('button', { name: 'Show Dropdown' })).toBeInTheDocument();
  });

  it('preferences: documents on file, every choice prefilled, saved without uploading them again', async () => {
    signedInTeacher();
    serveTeacher({ teacher_preference: savedPreference });
    let sent: FormData | null = null;
    server.use(
      http.post('*/api/v1/teachers/:id/teacher_preferences', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ status: 'success', data: savedPreference }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const view = renderRoute('/teacherSubject');
    expect(await screen.findByText('On file: marks.png', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('On file: degree.png')).toBeInTheDocument();
    expect(screen.getByText('On file: cv.pdf')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Teaching experience/)).toHaveValue('5');
    expect(screen.getByText('Teaching radius: 12 km')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'English' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Hindi' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bengali' })).toBeChecked();
    const answers = {
      special_attention_children: 'Yes',
      teaching_school: 'Yes',
      special_need_children: 'No',
    };
    for (const { field, label } of YES_NO_QUESTIONS)
      expect(within(questionGroup(label)).getByRole('radio', { name: answers[field] })).toBeChecked();
    await waitFor(() => expect(pill('Mathematics')).toBeVisible(), { timeout: 5000 });
    expect(pill('Physics')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(view.current()).toBe('/slots'));
    const form = sent as unknown as FormData;
    expect(form.getAll('teacher_preference[subject_ids][]')).toEqual(['1', '2']);
    expect(form.get('teacher_preference[teaching_radius_km]')).toBe('12');
    for (const file of ['mark_sheet', 'highest_qualification_certificate', 'resume'])
      expect(form.get(`teacher_preference[${file}]`)).toBeNull();
  });

  it('preferences: experience is whole years from 0 to 60; a decimal or too many years is refused as typed', async () => {
    signedInTeacher();
    serveTeacher({ teacher_preference: savedPreference });
    let sent: FormData | null = null;
    server.use(
      http.post('*/api/v1/teachers/:id/teacher_preferences', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ status: 'success', data: savedPreference }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    const view = renderRoute('/teacherSubject');
    expect(await screen.findByText('On file: marks.png', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(pill('Mathematics')).toBeVisible(), { timeout: 5000 });
    const experience = screen.getByLabelText(/^Teaching experience/);
    // Typed key by key, '2.5' stays '2.5' (it used to lose its point and become 25) and is refused.
    await user.clear(experience);
    await user.type(experience, '2.5');
    expect(experience).toHaveValue('2.5');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(P.experienceNotWhole)).toBeInTheDocument();
    expect(experience).toHaveValue('2.5');
    expect(view.current()).toBe('/teacherSubject');
    await fill(user, experience, '99');
    expect(screen.queryByText(P.experienceNotWhole)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(P.experienceOutOfRange)).toBeInTheDocument();
    expect(P.experienceOutOfRange).toBe('Teaching experience must be from 0 to 60 years');
    expect(sent).toBeNull();
    await fill(user, experience, '60');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(view.current()).toBe('/slots'));
    expect((sent as unknown as FormData).get('teacher_preference[prior_experience]')).toBe('60');
  });

  it('preferences in Bengali: a decimal experience is refused in Bengali; Bengali digits are years', async () => {
    signedInTeacher();
    serveTeacher({ teacher_preference: savedPreference });
    let sent: FormData | null = null;
    server.use(
      http.post('*/api/v1/teachers/:id/teacher_preferences', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ status: 'success', data: savedPreference }, { status: 201 });
      }),
    );
    await setLanguage('bn', { chosen: false });
    try {
      const user = userEvent.setup();
      const view = renderRoute('/teacherSubject');
      const experience = await screen.findByLabelText(/^পড়ানোর অভিজ্ঞতা/, {}, { timeout: 5000 });
      await waitFor(() => expect(experience).toHaveValue('5'));
      await fill(user, experience, '২.৫');
      await user.click(screen.getByRole('button', { name: 'পরবর্তী' }));
      expect(await screen.findByText('অভিজ্ঞতা পূর্ণ বছরে লিখুন (যেমন ২, ২.৫ নয়)')).toBeInTheDocument();
      await fill(user, experience, '৭০');
      await user.click(screen.getByRole('button', { name: 'পরবর্তী' }));
      expect(await screen.findByText('পড়ানোর অভিজ্ঞতা ০ থেকে ৬০ বছরের মধ্যে হতে হবে')).toBeInTheDocument();
      expect(sent).toBeNull();
      await fill(user, experience, '১২');
      await user.click(screen.getByRole('button', { name: 'পরবর্তী' }));
      await waitFor(() => expect(view.current()).toBe('/slots'));
      expect((sent as unknown as FormData).get('teacher_preference[prior_experience]')).toBe('12');
    } finally {
      await setLanguage('en', { chosen: false });
    }
  });

  it('preferences: a refused resume stops Next with its message until it is replaced or deleted', async () => {
    signedInTeacher();
    serveTeacher({ teacher_preference: { ...savedPreference, resume: null } });
    let sent: FormData | null = null;
    server.use(
      http.post('*/api/v1/teachers/:id/teacher_preferences', async ({ request }) => {
        sent = await request.formData();
        return HttpResponse.json({ status: 'success', data: savedPreference }, { status: 201 });
      }),
    );
    const user = userEvent.setup({ applyAccept: false });
    const view = renderRoute('/teacherSubject');
    expect(await screen.findByText('On file: marks.png', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(pill('Mathematics')).toBeVisible(), { timeout: 5000 });
    const resume = screen.getByLabelText(/^Resume/, { selector: 'input' });
    await user.upload(resume, fileOf('cv.docx', 'application/msword'));
    expect(await screen.findByText(FILE_MESSAGES.pdfOnly)).toBeInTheDocument();
    expect(screen.queryByText('File selected: cv.docx')).toBeNull();
    expect(screen.getByText('Not attached: cv.docx')).toBeInTheDocument();

    // Next keeps the refusal in view and sends nothing: the file was not attached.
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(FILE_MESSAGES.pdfOnly)).toBeInTheDocument();
    expect(view.current()).toBe('/teacherSubject');
    expect(sent).toBeNull();
    expect(screen.getByLabelText(/^Teaching experience/)).toHaveValue('5');

    // Deleting the refused file lets the step go on without a resume.
    await user.click(screen.getByRole('button', { name: /^Delete Resume/ }));
    expect(screen.queryByText(FILE_MESSAGES.pdfOnly)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(view.current()).toBe('/slots'));
    expect((sent as unknown as FormData).get('teacher_preference[resume]')).toBeNull();
  });

  it('schedule: the saved days and slots are ticked and Create Profile is ready', async () => {
    signedInTeacher();
    serveTeacher({ teacher_schedules: savedWeek([0, 'morning'], [2, 'evening']) });
    renderRoute('/slots');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: WEEKDAYS[0] })).toBeChecked(), {
      timeout: 5000,
    });
    expect(screen.getByRole('checkbox', { name: `${WEEKDAYS[0]} Morning` })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: `${WEEKDAYS[0]} Evening` })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: WEEKDAYS[1] })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: `${WEEKDAYS[1]} Morning` })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: WEEKDAYS[2] })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: `${WEEKDAYS[2]} Evening` })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Create Profile' })).toBeEnabled();
  });

  it('schedule: a ticked day with no time says it will not be saved, until a time is chosen', async () => {
    const user = userEvent.setup();
    signedInTeacher();
    serveTeacher({ teacher_schedules: savedWeek([0, 'morning']) });
    renderRoute('/slots');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: WEEKDAYS[0] })).toBeChecked(), {
      timeout: 5000,
    });
    const note = `No time chosen for ${WEEKDAYS[5]}: it will not be saved.`;
    expect(screen.queryByText(note)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: WEEKDAYS[5] }));
    expect(screen.getByText(note)).toBeVisible();
    expect(screen.getByRole('group', { name: `${WEEKDAYS[5]} time slots` })).toHaveAccessibleDescription(
      note,
    );
    // Create Profile stays possible (Monday has a time); the note says what it will leave out.
    expect(screen.getByRole('button', { name: 'Create Profile' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: `${WEEKDAYS[5]} Afternoon` }));
    expect(screen.queryByText(note)).toBeNull();
  });
});
