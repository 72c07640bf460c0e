import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { findMachine } from '../../../machines';
import type { MyApplicationsContext } from '../../../machines/jobs/myApplications';
import { heldResponse, testMachine } from '../../model/kit';
import { renderRoute } from '../render';

/**
 * 'My applications' on the real /myapplications page: the applications read is held until the
 * path's step answers it (the registry's sample, or a failure). The header's bell reads the
 * notifications on its own (nothing new, from the default handlers).
 */
const entry = findMachine('myApplications');
if (!entry) throw new Error('myApplications is not registered');
const user = userEvent.setup();
let applications: ReturnType<typeof heldResponse>;

testMachine(entry, {
  beforePath: () => {
    applications = heldResponse('get', '*/api/v1/job_applications');
  },
  render: () => renderRoute('/myapplications'),
  states: {
    loading: () => expect(screen.getByLabelText('Loading your applications')).toBeInTheDocument(),
    ready: (_, snapshot) => {
      const c = snapshot.context as MyApplicationsContext;
      for (const a of c.applications) {
        const item = screen.getByRole('listitem', { name: a.posting.title });
        expect(within(item).getByText('Hired', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
        if (a.status_note) expect(within(item).getByText(`Note: ${a.status_note}`)).toBeInTheDocument();
        expect(
          within(screen.getByRole('list', { name: `History of ${a.posting.title}` })).getAllByRole(
            'listitem',
          ),
        ).toHaveLength(a.history.length);
      }
    },
    failure: (_, snapshot) =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        (snapshot.context as MyApplicationsContext).error ?? '',
      ),
  },
  events: {
    'list.refresh': () => user.click(screen.getByRole('button', { name: 'Refresh' })),
    'list.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
    'xstate.done.actor.fetchApplications': async (_, { event }) => {
      const { output } = event as unknown as { output: MyApplicationsContext };
      await applications.respond(200, { status: 'success', data: output.applications });
    },
    'xstate.error.actor.fetchApplications': async () => {
      await applications.respond(500, { message: 'Something went wrong' });
    },
  },
});
