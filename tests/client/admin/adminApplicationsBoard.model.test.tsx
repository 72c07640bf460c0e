import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { findMachine } from '../../../machines';
import type {
  AdminApplicationsBoardContext,
  BoardData,
} from '../../../machines/admin/adminApplicationsBoard';
import { heldResponse, testMachine } from '../../model/kit';
import { fill } from '../fill';
import { renderRoute } from '../render';
import { signInAdmin } from './model-view';

/**
 * A posting's applications on the real /admin/jobs/11 page: the board read and each move are held
 * until the path's step answers them with the registry's samples (or a failure).
 */
const entry = findMachine('adminApplicationsBoard');
if (!entry) throw new Error('adminApplicationsBoard is not registered');
const user = userEvent.setup();
let board: ReturnType<typeof heldResponse>;
let move: ReturnType<typeof heldResponse>;
const failed = { message: 'Something went wrong' };

testMachine(entry, {
  beforePath: () => {
    signInAdmin();
    vi.spyOn(window, 'open').mockReturnValue(null);
    board = heldResponse('get', '*/api/v1/job_postings/:id/applications');
    move = heldResponse('patch', '*/api/v1/job_applications/:id/status');
  },
  render: () => renderRoute('/admin/jobs/11'),
  states: {
    loading: () => expect(screen.getByLabelText('Loading applications')).toBeInTheDocument(),
    failure: (_, s) =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        (s.context as AdminApplicationsBoardContext).error ?? '',
      ),
    board: (_, s) => {
      const c = s.context as AdminApplicationsBoardContext;
      for (const a of c.applications) {
        const item = screen.getByRole('listitem', { name: a.job_seeker.name });
        if (c.selectedId === a.id)
          expect(within(item).getByText(`Email: ${a.job_seeker.email}`)).toBeVisible();
        if (a.status === 'applied')
          expect(within(item).getByRole('button', { name: 'Shortlist' })).toBeEnabled();
        expect(
          within(item).getByRole('button', { name: `Open resume of ${a.job_seeker.name}` }),
        ).toBeEnabled();
      }
      if (c.error) expect(screen.getByRole('alert')).toHaveTextContent(c.error);
    },
    deciding: (_, s) => {
      const c = s.context as AdminApplicationsBoardContext;
      // After a failed move too: the note written is still there, with the failure above.
      expect(screen.getByRole('textbox', { name: /^Note for/ })).toHaveValue(c.decision?.note ?? '');
      expect(screen.getByRole('textbox', { name: /^Note for/ })).not.toHaveAttribute('readonly');
      expect(screen.getByRole('button', { name: /^Confirm:/ })).not.toHaveAttribute('data-loading');
      if (c.error) expect(screen.getByRole('alert')).toHaveTextContent(c.error);
      else expect(screen.queryByRole('alert')).toBeNull();
      // A note of only emoji: the rule's words on the note, the move not sent.
      if (c.noteError)
        expect(screen.getByRole('textbox', { name: /^Note for/ })).toHaveAccessibleDescription(
          expect.stringContaining(c.noteError),
        );
    },
    moving: (_, s) => {
      const c = s.context as AdminApplicationsBoardContext;
      expect(screen.getByRole('button', { name: /^Confirm:/ })).toHaveAttribute('data-loading');
      expect(screen.getByRole('textbox', { name: /^Note for/ })).toHaveValue(c.decision?.note ?? '');
      expect(screen.getByRole('textbox', { name: /^Note for/ })).toHaveAttribute('readonly');
    },
  },
  events: {
    'application.select': () => user.click(screen.getByRole('button', { name: 'Rina Das' })),
    'status.choose': () => user.click(screen.getByRole('button', { name: 'Shortlist' })),
    'note.change': async (_, { event }) => {
      const input = screen.getByRole('textbox', { name: /^Note for/ });
      await fill(user, input, (event as unknown as { value: string }).value);
    },
    'decision.confirm': () => user.click(screen.getByRole('button', { name: /^Confirm:/ })),
    'decision.cancel': () => user.click(screen.getByRole('button', { name: 'Cancel' })),
    'resume.open': () => user.click(screen.getByRole('button', { name: 'Open resume of Rina Das' })),
    'board.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
    'xstate.done.actor.fetchBoard': (_, { event }) => {
      const { output } = event as unknown as { output: BoardData };
      return board.respond(200, { status: 'success', data: output.applications, posting: output.posting });
    },
    'xstate.error.actor.fetchBoard': () => board.respond(500, failed),
    'xstate.done.actor.moveApplication': (_, { event }) =>
      move.respond(200, {
        status: 'success',
        data: { job_posting_id: 11, job_seeker_id: 3, ...(event as unknown as { output: object }).output },
      }),
    'xstate.error.actor.moveApplication': () => move.respond(500, failed),
  },
});
