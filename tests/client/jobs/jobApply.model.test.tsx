import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { findMachine } from '../../../machines';
import type { JobApplyContext } from '../../../machines/jobs/jobApply';
import { coveragePaths, type MachinePath } from '../../../src/features/machines/analysis';
import { expectFormLocked, heldResponse, testMachine } from '../../model/kit';
import { fill } from '../fill';
import { renderRoute } from '../render';

/**
 * A posting page and applying to it, on the real /jobs/11 page: the posting read and the application
 * are held until the path's step answers them (the registry's samples: sent, or refused with 409).
 */
const entry = findMachine('jobApply');
if (!entry) throw new Error('jobApply is not registered');
const user = userEvent.setup({ applyAccept: false });
let posting: ReturnType<typeof heldResponse>;
let apply: ReturnType<typeof heldResponse>;

const fileOf = (f: { name: string; type: string }) => new File(['%PDF-1.4'], f.name, { type: f.type });

const WORD = { name: 'cv.docx', type: 'application/msword', size: 2048 };
const paths: MachinePath[] = [
  ...coveragePaths(entry),
  // A Word file is refused before anything is sent.
  {
    target: 'composing.editing',
    steps: [
      {
        event: {
          type: 'xstate.done.actor.fetchPosting',
          output: (entry.sampleEvents as Record<string, { output: unknown }>)[
            'xstate.done.actor.fetchPosting'
          ].output,
        } as EventObject,
        value: 'viewing',
      },
      { event: { type: 'apply.open' }, value: { composing: 'editing' } },
      { event: { type: 'resume.select', file: WORD } as EventObject, value: { composing: 'editing' } },
      { event: { type: 'apply.submit' }, value: { composing: 'editing' } },
    ],
    transitions: [],
  },
];

testMachine(entry, {
  paths,
  beforePath: () => {
    posting = heldResponse('get', '*/api/v1/job_postings/:id');
    apply = heldResponse('post', '*/api/v1/job_postings/:id/applications');
  },
  render: () => renderRoute('/jobs/11'),
  states: {
    loading: () => expect(screen.getByLabelText('Loading the job opening')).toBeInTheDocument(),
    failure: (_, snapshot) =>
      expect(screen.getByRole('alert')).toHaveTextContent((snapshot.context as JobApplyContext).error ?? ''),
    viewing: () => {
      expect(screen.getByText('Teach physics to classes 9 to 12.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Apply' })).toBeEnabled();
      expect(screen.queryByRole('form', { name: 'Your application' })).not.toBeInTheDocument();
    },
    'composing.editing': (_, snapshot) => {
      const c = snapshot.context as JobApplyContext;
      expect(screen.getByRole('textbox', { name: 'Cover note (optional)' })).toHaveValue(c.coverNote);
      // A refused file is held with its refusal, never shown as attached.
      if (c.resume)
        expect(
          screen.getByText(`${c.errors.resume ? 'Not attached' : 'File selected'}: ${c.resume.name}`),
        ).toBeInTheDocument();
      if (c.errors.resume) expect(screen.getByText(c.errors.resume)).toBeInTheDocument();
      if (c.error) expect(screen.getByRole('alert')).toHaveTextContent(c.error);
      expect(screen.getByRole('button', { name: 'Send application' })).not.toHaveAttribute('data-loading');
    },
    'composing.submitting': () => {
      expect(screen.getByRole('button', { name: 'Send application' })).toHaveAttribute('data-loading');
      // The cover note and the resume wait, as sent.
      expectFormLocked(screen.getByRole('button', { name: 'Send application' }));
    },
    applied: () => {
      expect(screen.getByRole('status')).toHaveTextContent('You applied');
      expect(screen.getByText('Applied', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    },
  },
  events: {
    'apply.open': () => user.click(screen.getByRole('button', { name: 'Apply' })),
    'apply.cancel': () => user.click(screen.getByRole('button', { name: 'Cancel' })),
    'cover.change': async (_, { event }) => {
      const input = screen.getByRole('textbox', { name: 'Cover note (optional)' });
      await fill(user, input, (event as unknown as { value: string }).value);
    },
    'resume.select': (_, { event }) =>
      user.upload(
        screen.getByLabelText(/^A new resume/),
        fileOf((event as unknown as { file: { name: string; type: string } }).file),
      ),
    'apply.submit': () => user.click(screen.getByRole('button', { name: 'Send application' })),
    'posting.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
    'xstate.done.actor.fetchPosting': (_, { event }) =>
      posting.respond(200, { status: 'success', data: (event as unknown as { output: unknown }).output }),
    'xstate.error.actor.fetchPosting': () => posting.respond(500, { message: 'Something went wrong' }),
    'xstate.done.actor.submitApplication': () =>
      apply.respond(201, {
        status: 'success',
        id: 21,
        data: {
          id: 21,
          job_posting_id: 11,
          job_seeker_id: 3,
          cover_note: null,
          status: 'applied',
          status_note: null,
          resume_url: '/api/v1/job_applications/21/resume',
          created_at: '2025-03-02T10:00:00.000Z',
          history: [{ status: 'applied', note: null, created_at: '2025-03-02T10:00:00.000Z' }],
        },
      }),
    'xstate.error.actor.submitApplication': () =>
      apply.respond(409, { error: 'conflict', message: 'You have already applied for this job' }),
  },
});
