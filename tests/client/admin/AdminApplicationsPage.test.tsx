import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { POSTING_MESSAGES } from '../../../contract/rules/job-postings';
import { SAMPLE_APPLICATION, SAMPLE_JOB_SEEKER, SAMPLE_POSTING } from '../../../machines/samples';
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
