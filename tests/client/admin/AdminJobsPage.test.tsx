import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, expect, it } from 'vitest';
import { samplePosting } from '../../msw/handlers/jobs';
import { server } from '../../msw/server';
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
