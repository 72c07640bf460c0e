import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import { SAMPLE_APPLICATION } from '../../../machines/samples';
import { server } from '../../msw/server';
import { fill } from '../fill';
import { renderRoute } from '../render';

it('keyboard focus follows Apply into the form, back to Apply on Cancel, and to the confirmation once sent', async () => {
  const user = userEvent.setup();
  server.use(
    http.post('*/api/v1/job_postings/:id/applications', () =>
      HttpResponse.json(
        { status: 'success', id: 21, data: { ...SAMPLE_APPLICATION, job_posting_id: 11, job_seeker_id: 3 } },
        { status: 201 },
      ),
    ),
  );
  renderRoute('/jobs/11');
  await user.click(await screen.findByRole('button', { name: 'Apply' }, { timeout: 10000 }));
  await waitFor(() => expect(screen.getByLabelText('Cover note (optional)')).toHaveFocus());
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Apply' })).toHaveFocus());
  await user.keyboard('{Enter}');
  await waitFor(() => expect(screen.getByLabelText('Cover note (optional)')).toHaveFocus());
  await user.click(screen.getByRole('button', { name: 'Send application' }));
  await screen.findByText('You applied');
  await waitFor(() => expect(document.activeElement).toHaveTextContent('You applied'));
  expect(document.activeElement).toHaveAttribute('role', 'status');
});

it('a cover note of only emoji is refused on the page; an empty one is sent', async () => {
  const user = userEvent.setup();
  let sent = 0;
  server.use(
    http.post('*/api/v1/job_postings/:id/applications', () => {
      sent += 1;
      return HttpResponse.json(
        { status: 'success', id: 21, data: { ...SAMPLE_APPLICATION, job_posting_id: 11, job_seeker_id: 3 } },
        { status: 201 },
      );
    }),
  );
  renderRoute('/jobs/11');
  await user.click(await screen.findByRole('button', { name: 'Apply' }, { timeout: 10000 }));
  await fill(user, screen.getByLabelText('Cover note (optional)'), '😀😀😀 ...');
  await user.click(screen.getByRole('button', { name: 'Send application' }));
  // The rule's words, then the count the long field keeps beside it.
  expect(screen.getByLabelText('Cover note (optional)')).toHaveAccessibleDescription(
    'Please write this in letters or numbers, not only symbols or emoji 10/2,000',
  );
  expect(sent).toBe(0);
  await fill(user, screen.getByLabelText('Cover note (optional)'), '');
  await user.click(screen.getByRole('button', { name: 'Send application' }));
  await screen.findByText('You applied');
  expect(sent).toBe(1);
});

it('a resume picked and taken back: Delete goes with it and focus goes to the field to pick another', async () => {
  const user = userEvent.setup({ applyAccept: false });
  renderRoute('/jobs/11');
  await user.click(await screen.findByRole('button', { name: 'Apply' }, { timeout: 10000 }));
  const field = screen.getByLabelText(/^A new resume for this application/);
  await user.upload(field, new File(['%PDF-1.4\n'], 'cv.pdf', { type: 'application/pdf' }));
  expect(screen.getByText('File selected: cv.pdf')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: /^Delete A new resume/ }));
  expect(screen.queryByText('File selected: cv.pdf')).toBeNull();
  await waitFor(() => expect(field).toHaveFocus());
});
