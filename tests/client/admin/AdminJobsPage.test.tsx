import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { samplePosting } from '../../msw/handlers/jobs';
import { server } from '../../msw/server';
import { fill } from '../fill';
import { renderRoute } from '../render';
import { signInAdmin } from './model-view';

beforeEach(() => signInAdmin());

it('lists every posting, not only the first page the server answers', async () => {
  const postings = Array.from({ length: 12 }, (_, i) =>
    samplePosting({ id: i + 1, title: `Posting ${i + 1}` }),
  );
  server.use(
    http.get('*/api/v1/job_postings', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
      const data = page === 1 ? postings.slice(0, 10) : postings.slice(10);
      return HttpResponse.json({
        status: 'success',
        data,
        total_count: postings.length,
        pagination: { next: page === 1 ? 2 : null, prev: page === 1 ? null : 1 },
      });
    }),
  );
  renderRoute('/admin/jobs');
  expect(await screen.findByRole('listitem', { name: 'Posting 12' }, { timeout: 10000 })).toBeInTheDocument();
  expect(screen.getByRole('list', { name: 'Job postings' }).children).toHaveLength(12);
});

it('keyboard focus follows the editor in and out, and stays on the posting closed or reopened', async () => {
  const user = userEvent.setup();
  let open = true;
  server.use(
    http.get('*/api/v1/job_postings', () =>
      HttpResponse.json({
        status: 'success',
        data: [
          samplePosting({ id: 1, title: 'First' }),
          samplePosting({
            id: 2,
            title: 'Second',
            status: open ? 'open' : 'closed',
            accepting_applications: open,
          }),
        ],
        total_count: 2,
        pagination: { next: null, prev: null },
      }),
    ),
    http.post('*/api/v1/job_postings/:id/close', () => {
      open = false;
      return HttpResponse.json({
        status: 'success',
        data: samplePosting({ id: 2, title: 'Second', status: 'closed' }),
      });
    }),
  );
  renderRoute('/admin/jobs');
  const newPosting = await screen.findByRole('button', { name: 'New job posting' }, { timeout: 10000 });
  // The list's first arrival moves nobody's focus: only an action's end does.
  expect(document.body).toHaveFocus();
  await user.click(newPosting);
  await waitFor(() => expect(screen.getByLabelText(/^Organisation/)).toHaveFocus());
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'New job posting' })).toHaveFocus());
  await user.click(screen.getByRole('button', { name: 'Edit Second' }));
  await waitFor(() => expect(screen.getByLabelText(/^Organisation/)).toHaveFocus());
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Edit Second' })).toHaveFocus());
  await user.click(screen.getByRole('button', { name: 'Close Second' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Reopen Second' })).toHaveFocus());
});

it("a posting's organisation, title and description of only emoji or dots are refused on the page", async () => {
  const user = userEvent.setup();
  let sent = 0;
  server.use(
    http.post('*/api/v1/job_postings', () => {
      sent += 1;
      return HttpResponse.json({ status: 'success', data: samplePosting() }, { status: 201 });
    }),
  );
  renderRoute('/admin/jobs');
  await user.click(await screen.findByRole('button', { name: 'New job posting' }, { timeout: 10000 }));
  await fill(user, screen.getByLabelText(/^Organisation/), '😀😀😀');
  await fill(user, screen.getByLabelText(/^Job title/), '.....');
  await fill(user, screen.getByLabelText(/^Description/), '🏫🏫🏫 !!!');
  await user.click(screen.getByRole('button', { name: 'Save posting' }));
  for (const label of [/^Organisation/, /^Job title/, /^Description/])
    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(
      expect.stringContaining('Please write this in letters or numbers, not only symbols or emoji'),
    );
  expect(sent).toBe(0);
});

it("a description past the posting rule's 5000 characters says so while typed and is not sent", async () => {
  const user = userEvent.setup();
  let sent = 0;
  server.use(
    http.put('*/api/v1/job_postings/:id', () => {
      sent += 1;
      return HttpResponse.json({ status: 'success', data: samplePosting() });
    }),
  );
  renderRoute('/admin/jobs');
  await user.click(await screen.findByRole('button', { name: /^Edit / }, { timeout: 10000 }));
  const description = screen.getByLabelText(/^Description/);
  await fill(user, description, 'a'.repeat(5001));
  // The count and the rule's words under it as typed (the route itself would take 10,000).
  expect(description).toHaveAccessibleDescription('Description must be at most 5000 characters 5,001/5,000');
  await user.click(screen.getByRole('button', { name: 'Save posting' }));
  await waitFor(() => expect(description).toHaveFocus());
  expect(description).toHaveValue('a'.repeat(5001));
  expect(sent).toBe(0);
});
