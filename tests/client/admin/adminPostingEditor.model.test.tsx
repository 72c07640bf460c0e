import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import { findMachine } from '../../../machines';
import type { AdminPostingEditorContext } from '../../../machines/admin/adminPostingEditor';
import type { MachinePath } from '../../../src/features/machines/analysis';
import { chainedPaths, expectFormLocked, heldResponse, testMachine } from '../../model/kit';
import { fill } from '../fill';
import { renderRoute } from '../render';
import { signInAdmin } from './model-view';

/**
 * The administrators' job postings on the real /admin/jobs page: the list read, saving and closing
 * or reopening are held until the path's step answers them with the registry's samples.
 */
const entry = findMachine('adminPostingEditor');
if (!entry) throw new Error('adminPostingEditor is not registered');
const user = userEvent.setup();
let list: ReturnType<typeof heldResponse>;
let create: ReturnType<typeof heldResponse>;
let update: ReturnType<typeof heldResponse>;
let close: ReturnType<typeof heldResponse>;
let reopen: ReturnType<typeof heldResponse>;
let editing: 'new' | 'edit' = 'new';

const listBody = (postings: unknown[]) => ({
  status: 'success',
  data: postings,
  total_count: postings.length,
  pagination: { next: null, prev: null },
});
const failed = { message: 'Something went wrong' };

const fetched = entry.sampleEvents?.['xstate.done.actor.fetchPostings'] as { output: unknown };
const paths: MachinePath[] = [
  ...chainedPaths(entry),
  // A new posting saved empty: every rule is shown, nothing is sent.
  {
    target: 'editor.editing',
    steps: [
      {
        event: { type: 'xstate.done.actor.fetchPostings', output: fetched.output } as EventObject,
        value: 'list',
      },
      { event: { type: 'posting.new' }, value: { editor: 'editing' } },
      { event: { type: 'form.submit' }, value: { editor: 'editing' } },
    ],
    transitions: [],
  },
];

testMachine(entry, {
  paths,
  beforePath: () => {
    signInAdmin();
    list = heldResponse('get', '*/api/v1/job_postings');
    create = heldResponse('post', '*/api/v1/job_postings');
    update = heldResponse('put', '*/api/v1/job_postings/:id');
    close = heldResponse('post', '*/api/v1/job_postings/:id/close');
    reopen = heldResponse('post', '*/api/v1/job_postings/:id/reopen');
  },
  render: () => renderRoute('/admin/jobs'),
  states: {
    loading: () => expect(screen.getByLabelText('Loading job postings')).toBeInTheDocument(),
    failure: (_, s) =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        (s.context as AdminPostingEditorContext).error ?? '',
      ),
    list: (_, s) => {
      const c = s.context as AdminPostingEditorContext;
      expect(screen.getByRole('button', { name: 'New job posting' })).toBeEnabled();
      for (const p of c.postings) expect(screen.getByRole('listitem', { name: p.title })).toBeInTheDocument();
      if (c.error) expect(screen.getByRole('alert')).toHaveTextContent(c.error);
    },
    closing: () => expect(screen.getByRole('button', { name: 'New job posting' })).toBeInTheDocument(),
    reopening: () => expect(screen.getByRole('button', { name: 'New job posting' })).toBeInTheDocument(),
    'editor.editing': (_, s) => {
      const c = s.context as AdminPostingEditorContext;
      const form = screen.getByRole('form', {
        name: c.editingId === null ? 'New job posting' : 'Edit job posting',
      });
      expect(within(form).getByRole('textbox', { name: /^Job title/ })).toHaveValue(c.values.title);
      for (const message of Object.values(c.errors))
        if (message) expect(within(form).getByText(message)).toBeVisible();
      expect(within(form).getByRole('button', { name: 'Save posting' })).not.toHaveAttribute('data-loading');
    },
    'editor.saving': () => {
      expect(screen.getByRole('button', { name: 'Save posting' })).toHaveAttribute('data-loading');
      // The posting's fields wait, as sent.
      expectFormLocked(screen.getByRole('button', { name: 'Save posting' }));
    },
  },
  events: {
    'posting.new': () => {
      editing = 'new';
      return user.click(screen.getByRole('button', { name: 'New job posting' }));
    },
    'posting.edit': () => {
      editing = 'edit';
      return user.click(screen.getByRole('button', { name: 'Edit Physics Teacher' }));
    },
    'posting.close': () => user.click(screen.getByRole('button', { name: 'Close Physics Teacher' })),
    'posting.reopen': () => user.click(screen.getByRole('button', { name: 'Reopen Maths Tutor' })),
    'field.change': async (_, { event }) => {
      const input = screen.getByRole('textbox', { name: /^Job title/ });
      await fill(user, input, (event as unknown as { value: string }).value);
    },
    'form.submit': () => user.click(screen.getByRole('button', { name: 'Save posting' })),
    'form.cancel': () => user.click(screen.getByRole('button', { name: 'Cancel' })),
    'list.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
    'xstate.done.actor.fetchPostings': (_, { event }) =>
      list.respond(200, listBody((event as unknown as { output: unknown[] }).output)),
    'xstate.error.actor.fetchPostings': () => list.respond(500, failed),
    'xstate.done.actor.savePosting': (_, { event }) =>
      (editing === 'new' ? create : update).respond(editing === 'new' ? 201 : 200, {
        status: 'success',
        data: (event as unknown as { output: unknown }).output,
      }),
    'xstate.error.actor.savePosting': (_, { event }) => {
      const { error } = event as unknown as { error: { status: number; body: object } };
      return (editing === 'new' ? create : update).respond(error.status, error.body);
    },
    'xstate.done.actor.closePosting': (_, { event }) =>
      close.respond(200, { status: 'success', data: (event as unknown as { output: unknown }).output }),
    'xstate.error.actor.closePosting': () => close.respond(500, failed),
    'xstate.done.actor.reopenPosting': (_, { event }) =>
      reopen.respond(200, { status: 'success', data: (event as unknown as { output: unknown }).output }),
    'xstate.error.actor.reopenPosting': () => reopen.respond(500, failed),
  },
});
