import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { findMachine } from '../../../machines';
import type { MyApplicationsContext } from '../../../machines/jobs/myApplications';
import { heldResponse, testMachine } from '../../model/kit';
import { renderRoute } from '../render';

/**
 * 'My applications' on the real /myapplications page: the applications read and the withdrawal are
 * held until the path's step answers them (the registry's samples, or a failure). The header's bell
 * reads the notifications on its own (nothing new, from the default handlers).
 */
const entry = findMachine('myApplications');
if (!entry) throw new Error('myApplications is not registered');
const user = userEvent.setup();
let applications: ReturnType<typeof heldResponse>;
let withdrawal: ReturnType<typeof heldResponse>;

const STATUS_TEXT: Record<string, string> = { applied: 'Applied', hired: 'Hired', withdrawn: 'Withdrawn' };
const dialog = () => screen.getByRole('dialog', { name: 'Withdraw this application?' });

testMachine(entry, {
  beforePath: () => {
    applications = heldResponse('get', '*/api/v1/job_applications');
    withdrawal = heldResponse('post', '*/api/v1/job_applications/:id/withdraw');
  },
  render: () => renderRoute('/myapplications'),
  states: {
    loading: () => expect(screen.getByLabelText('Loading your applications')).toBeInTheDocument(),
    ready: (_, snapshot) => {
      const c = snapshot.context as MyApplicationsContext;
      for (const a of c.applications) {
        const item = screen.getByRole('listitem', { name: a.posting.title });
        expect(
          within(item).getByText(STATUS_TEXT[a.status], { selector: '.mantine-Badge-label' }),
        ).toBeInTheDocument();
        if (a.status_note) expect(within(item).getByText(`Note: ${a.status_note}`)).toBeInTheDocument();
        expect(
          within(screen.getByRole('list', { name: `History of ${a.posting.title}` })).getAllByRole(
            'listitem',
          ),
        ).toHaveLength(a.history.length);
        // Only an application still in progress offers Withdraw.
        const withdraw = within(item).queryByRole('button', {
          name: `Withdraw application for ${a.posting.title}`,
        });
        if (['applied', 'shortlisted'].includes(a.status)) expect(withdraw).toBeEnabled();
        else expect(withdraw).toBeNull();
      }
      if (c.notice) expect(screen.getByRole('status')).toHaveTextContent(c.notice);
      expect(screen.queryByRole('dialog')).toBeNull();
    },
    failure: (_, snapshot) =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        (snapshot.context as MyApplicationsContext).error ?? '',
      ),
    confirming: (_, snapshot) => {
      const c = snapshot.context as MyApplicationsContext;
      const chosen = c.applications.find((a) => a.id === c.withdrawId);
      expect(dialog()).toHaveTextContent(
        `Your application for ${chosen?.posting.title} at ${chosen?.posting.organisation} will be withdrawn`,
      );
      expect(within(dialog()).getByRole('button', { name: 'Withdraw application' })).not.toHaveAttribute(
        'data-loading',
      );
      expect(within(dialog()).getByRole('button', { name: 'Keep application' })).toBeEnabled();
      if (c.error) expect(within(dialog()).getByRole('alert')).toHaveTextContent(c.error);
      else expect(within(dialog()).queryByRole('alert')).toBeNull();
    },
    withdrawing: () => {
      expect(within(dialog()).getByRole('button', { name: 'Withdraw application' })).toHaveAttribute(
        'data-loading',
      );
      expect(within(dialog()).getByRole('button', { name: 'Keep application' })).toBeDisabled();
    },
  },
  events: {
    'list.refresh': () => user.click(screen.getByRole('button', { name: 'Refresh' })),
    'list.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
    'withdraw.open': async (_, { event, from }) => {
      const { id } = event as unknown as { id: number };
      const a = (from.context as MyApplicationsContext).applications.find((x) => x.id === id);
      await user.click(screen.getByRole('button', { name: `Withdraw application for ${a?.posting.title}` }));
      await screen.findByRole('dialog', { name: 'Withdraw this application?' });
    },
    'withdraw.cancel': () => user.click(within(dialog()).getByRole('button', { name: 'Keep application' })),
    'withdraw.confirm': () =>
      user.click(within(dialog()).getByRole('button', { name: 'Withdraw application' })),
    'xstate.done.actor.fetchApplications': async (_, { event }) => {
      const { output } = event as unknown as { output: MyApplicationsContext };
      await applications.respond(200, { status: 'success', data: output.applications });
    },
    'xstate.error.actor.fetchApplications': async () => {
      await applications.respond(500, { message: 'Something went wrong' });
    },
    'xstate.done.actor.withdrawApplication': async (_, { event }) => {
      const { output } = event as unknown as { output: Record<string, unknown> };
      await withdrawal.respond(200, {
        status: 'success',
        data: { job_seeker_id: 3, resume_url: '/api/v1/job_applications/22/resume', ...output },
      });
    },
    'xstate.error.actor.withdrawApplication': async (_, { event }) => {
      const { error } = event as unknown as { error: { status: number; body: object } };
      await withdrawal.respond(error.status, error.body);
    },
  },
});
