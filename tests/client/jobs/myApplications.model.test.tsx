import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { findMachine } from '../../../machines';
import type { MyApplicationsContext } from '../../../machines/jobs/myApplications';
import { heldResponse, testMachine } from '../../model/kit';
import { renderRoute } from '../render';

/**
 * 'My applications' on the real /myapplications page: the applications and notifications reads are
 * held until the path's step answers them (the registry's sample, or a failure).
 */
const entry = findMachine('myApplications');
if (!entry) throw new Error('myApplications is not registered');
const user = userEvent.setup();
let applications: ReturnType<typeof heldResponse>;
let notifications: ReturnType<typeof heldResponse>;

testMachine(entry, {
  beforePath: () => {
    applications = heldResponse('get', '*/api/v1/job_applications');
    notifications = heldResponse('get', '*/api/v1/notifications');
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
      const region = screen.getByRole('region', { name: 'Notifications' });
      for (const n of c.notifications) expect(within(region).getByText(n.body)).toBeInTheDocument();
    },
    failure: (_, snapshot) =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        (snapshot.context as MyApplicationsContext).error ?? '',
      ),
  },
  events: {
    // Each load reads the notifications again: hold the new read (the last one was answered for good).
    'list.refresh': () => {
      notifications = heldResponse('get', '*/api/v1/notifications');
      return user.click(screen.getByRole('button', { name: 'Refresh' }));
    },
    'list.retry': () => {
      notifications = heldResponse('get', '*/api/v1/notifications');
      return user.click(screen.getByRole('button', { name: 'Try again' }));
    },
    'xstate.done.actor.fetchApplications': async (_, { event }) => {
      const { output } = event as unknown as { output: MyApplicationsContext };
      await applications.respond(200, { status: 'success', data: output.applications });
      await notifications.respondToAll(200, {
        status: 'success',
        data: output.notifications,
        unread_count: output.notifications.length,
        total: output.notifications.length,
        pagination: { next: null, prev: null },
      });
    },
    'xstate.error.actor.fetchApplications': async () => {
      await applications.respond(500, { message: 'Something went wrong' });
      await notifications.respondToAll(200, {
        status: 'success',
        data: [],
        unread_count: 0,
        total: 0,
        pagination: { next: null, prev: null },
      });
    },
  },
});
