import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { findMachine } from '../../../machines';
import type { JobListContext } from '../../../machines/jobs/jobList';
import { heldResponse, testMachine } from '../../model/kit';
import { fill } from '../fill';
import { renderRoute } from '../render';

/**
 * The job list on the real /joblist page: every page read is held until the path's step answers it
 * with the registry's sample pages (a first page with a next one, a second with a previous one) or a
 * failure; filters, search and paging are used as a person would.
 */
const entry = findMachine('jobList');
if (!entry) throw new Error('jobList is not registered');
const user = userEvent.setup();
let postings: ReturnType<typeof heldResponse>;

testMachine(entry, {
  beforePath: () => {
    postings = heldResponse('get', '*/api/v1/job_postings');
  },
  render: () => renderRoute('/joblist'),
  states: {
    loading: () => expect(screen.getByLabelText('Loading job openings')).toBeInTheDocument(),
    ready: (_, snapshot) => {
      const c = snapshot.context as JobListContext;
      expect(screen.getByRole('status')).toHaveTextContent(`${c.total} job opening`);
      for (const p of c.postings) expect(screen.getByRole('link', { name: p.title })).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Industry' })).toHaveValue(c.filters.industry);
      if (c.next !== null) expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
      if (c.prev !== null) expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled();
    },
    failure: (_, snapshot) =>
      expect(screen.getByRole('alert')).toHaveTextContent((snapshot.context as JobListContext).error ?? ''),
  },
  events: {
    'filter.change': () => user.selectOptions(screen.getByRole('combobox', { name: 'Industry' }), 'school'),
    'search.change': async (_, { event }) => {
      const input = screen.getByRole('textbox', { name: 'Search jobs' });
      await fill(user, input, (event as unknown as { value: string }).value);
    },
    'search.submit': () => user.click(screen.getByRole('button', { name: 'Search' })),
    'page.next': () => user.click(screen.getByRole('button', { name: 'Next' })),
    'page.prev': () => user.click(screen.getByRole('button', { name: 'Previous' })),
    'list.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
    'xstate.done.actor.fetchPostings': (_, { event }) => {
      const { output } = event as unknown as { output: JobListContext };
      return postings.respond(200, {
        status: 'success',
        data: output.postings,
        total_count: output.total,
        pagination: { next: output.next, prev: output.prev },
      });
    },
    'xstate.error.actor.fetchPostings': () => postings.respond(500, { message: 'Something went wrong' }),
  },
});
