import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { expect, it } from 'vitest';
import { samplePosting } from '../../msw/handlers/jobs';
import { server } from '../../msw/server';
import { renderRoute } from '../render';

it('keeps keyboard focus on the pager while pages load, on the last page too', async () => {
  const user = userEvent.setup();
  server.use(
    http.get('*/api/v1/job_postings', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
      return HttpResponse.json({
        status: 'success',
        data: [samplePosting({ id: page, title: `Posting on page ${page}` })],
        total_count: 2,
        pagination: { next: page === 1 ? 2 : null, prev: page === 1 ? null : 1 },
      });
    }),
  );
  renderRoute('/joblist');
  await user.click(await screen.findByRole('button', { name: 'Next' }, { timeout: 10000 }));
  await screen.findByRole('listitem', { name: 'Posting on page 2' });
  // Next cannot be pressed on the last page: focus goes to the page's number beside it.
  await waitFor(() => expect(screen.getByText('Page 2')).toHaveFocus());
  await user.click(screen.getByRole('button', { name: 'Previous' }));
  await screen.findByRole('listitem', { name: 'Posting on page 1' });
  // Back on the first page Previous cannot be pressed either.
  await waitFor(() => expect(screen.getByText('Page 1')).toHaveFocus());
});
