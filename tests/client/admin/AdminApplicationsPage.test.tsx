import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { APPLICATION_NOTE_MAX } from '../../../contract/constants';
import { POSTING_MESSAGES } from '../../../contract/rules/job-postings';
import { SAMPLE_APPLICATION, SAMPLE_JOB_SEEKER, SAMPLE_POSTING } from '../../../machines/samples';
import { type Language, setLanguage } from '../../../src/i18n';
import { server } from '../../msw/server';
import { renderRoute } from '../render';
import { signInAdmin } from './model-view';

/** The hiring board of a posting with a withdrawn application on it. */
const applicant = (id: number, name: string, status: string) => ({
  ...SAMPLE_APPLICATION,
  id,
  status,
  job_seeker: { ...SAMPLE_JOB_SEEKER, id: id + 100, name, email: `${id}@example.com` },
  education: null,
});

beforeEach(() => {
  signInAdmin();
  server.use(
    http.get('*/api/v1/job_postings/:id/applications', () =>
      HttpResponse.json({
        status: 'success',
        data: [applicant(21, 'Rina Das', 'applied'), applicant(22, 'Arka Pal', 'withdrawn')],
        posting: SAMPLE_POSTING,
      }),
    ),
  );
});

it('shows a withdrawn application with its status and offers no move on it', async () => {
  renderRoute('/admin/jobs/11');
  const withdrawn = await screen.findByRole('listitem', { name: 'Arka Pal' }, { timeout: 10000 });
  expect(within(withdrawn).getByText('Withdrawn', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
  expect(within(withdrawn).queryByRole('button', { name: /Shortlist|Not selected|Hire/ })).toBeNull();
  expect(
    within(screen.getByRole('listitem', { name: 'Rina Das' })).getByRole('button', { name: 'Shortlist' }),
  ).toBeEnabled();
});

it('a move on an application withdrawn meanwhile is refused in clear words (409)', async () => {
  const user = userEvent.setup();
  server.use(
    http.patch('*/api/v1/job_applications/:id/status', () =>
      HttpResponse.json(
        { error: 'conflict', message: POSTING_MESSAGES.applicationWithdrawn },
        { status: 409 },
      ),
    ),
  );
  renderRoute('/admin/jobs/11');
  const rina = await screen.findByRole('listitem', { name: 'Rina Das' }, { timeout: 10000 });
  await user.click(within(rina).getByRole('button', { name: 'Shortlist' }));
  await user.click(screen.getByRole('button', { name: /^Confirm:/ }));
  expect(await screen.findByRole('alert')).toHaveTextContent(POSTING_MESSAGES.applicationWithdrawn);
});

it.each<[Language, string, string, string]>([
  ['en', 'Confirm:', 'Note must be at most 1000 characters', '1,001/1,000'],
  ['bn', 'নিশ্চিত করুন:', 'নোট সর্বোচ্চ ১০০০ অক্ষরের হতে পারে', '১,০০১/১,০০০'],
  ['hi', 'पक्का करें:', 'नोट ज़्यादा से ज़्यादा 1000 अक्षरों का हो सकता है', '1,001/1,000'],
])(
  'a note past its limit is kept whole and says why it cannot be sent (%s)',
  async (language, confirm, rule, count) => {
    const user = userEvent.setup();
    let moves = 0;
    server.use(
      http.patch('*/api/v1/job_applications/:id/status', () => {
        moves += 1;
        return HttpResponse.json({ status: 'success' });
      }),
    );
    await setLanguage(language, { chosen: false });
    renderRoute('/admin/jobs/11');
    const rina = await screen.findByRole('listitem', { name: 'Rina Das' }, { timeout: 10000 });
    await user.click(within(rina).getAllByRole('button')[2]);
    const note = within(rina).getByRole('textbox');
    await user.click(note);
    await user.paste('a'.repeat(APPLICATION_NOTE_MAX + 1));
    // Nothing cut: the whole text stays, the count and the rule's words (the server's 422) under it.
    expect(note).toHaveValue('a'.repeat(APPLICATION_NOTE_MAX + 1));
    expect(note).toHaveAccessibleDescription(`${rule} ${count}`);
    expect(note).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(rina).getByRole('button', { name: new RegExp(`^${confirm}`) }));
    expect(note).toHaveAccessibleDescription(`${rule} ${count}`);
    expect(moves).toBe(0);
    // One character less and it goes.
    await user.type(note, '{Backspace}');
    expect(note).not.toHaveAttribute('aria-invalid', 'true');
    await user.click(within(rina).getByRole('button', { name: new RegExp(`^${confirm}`) }));
    await waitFor(() => expect(moves).toBe(1));
  },
);
