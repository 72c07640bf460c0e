import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { NEW_SUBJECT_MESSAGES as M } from '../../../contract/rules/student-subject';
import { entries } from '../../../machines/admin';
import type { AdminSubjectsContext, AdminSubjectsLists } from '../../../machines/admin/adminSubjects';
import AdminDashboardPage from '../../../src/features/admin/AdminDashboardPage';
import { testMachine } from '../../model/kit';
import { failureOf, heldRequests, outputOf, renderPage, signInAdmin } from './model-view';

/**
 * 'New subjects' on the real /admin page, walked by the kit: the suggestions waiting for review and
 * the shared list, approve, reject and merge (with its target) held until a step answers them; the
 * rest of the page comes from the default handlers.
 */
const entry = entries.find((e) => e.name === 'adminSubjects')!;
const user = userEvent.setup();
let pending: ReturnType<typeof heldRequests>;
let approved: ReturnType<typeof heldRequests>;
let approve: ReturnType<typeof heldRequests>;
let reject: ReturnType<typeof heldRequests>;
let merge: ReturnType<typeof heldRequests>;

const MERGE_INTO = 'Merge into';
const panel = () => screen.getByRole('region', { name: 'New subjects' });
const inPanel = () => within(panel());
const ctx = (s: AnyMachineSnapshot) => s.context as AdminSubjectsContext;
const nameOf = (s: AnyMachineSnapshot, id: number) => ctx(s).subjects.find((x) => x.id === id)?.name ?? '';
const idOf = (event: unknown) => (event as { subjectId: number }).subjectId;

function messagesShown(s: AnyMachineSnapshot) {
  const c = ctx(s);
  if (c.notice) expect(inPanel().getByRole('status')).toHaveTextContent(c.notice);
  else expect(inPanel().queryByRole('status')).not.toBeInTheDocument();
  if (c.error) expect(inPanel().getByRole('alert')).toHaveTextContent(c.error);
  else expect(inPanel().queryByRole('alert')).not.toBeInTheDocument();
}
/** One card per suggestion, its buttons enabled or not. */
function cardsShown(s: AnyMachineSnapshot, enabled: boolean) {
  const cards = inPanel().queryAllByRole('article');
  expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(ctx(s).subjects.map((x) => x.name));
  for (const x of ctx(s).subjects) {
    const card = within(inPanel().getByRole('article', { name: x.name }));
    for (const verb of ['Approve', 'Merge', 'Reject'])
      expect(card.getByRole('button', { name: `${verb} ${x.name}` })).toHaveProperty('disabled', !enabled);
  }
}
/** The merge form under the suggestion being merged. */
function mergeBox(s: AnyMachineSnapshot) {
  const c = ctx(s);
  const card = within(inPanel().getByRole('article', { name: nameOf(s, c.subjectId ?? 0) }));
  const select = card.getByLabelText(MERGE_INTO);
  expect(select).toHaveValue(c.intoId === null ? '' : String(c.intoId));
  expect(
    within(select)
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['Choose a subject', ...c.approved.map((a) => a.name)]);
  if (c.intoError) expect(card.getByText(c.intoError)).toBeVisible();
  return card;
}

testMachine(entry, {
  beforePath: () => {
    signInAdmin();
    pending = heldRequests('get', '*/api/v1/admin/subjects');
    approved = heldRequests('get', '*/api/v1/subjects');
    approve = heldRequests('patch', '*/api/v1/admin/subjects/:id/approve');
    reject = heldRequests('patch', '*/api/v1/admin/subjects/:id/reject');
    merge = heldRequests('patch', '*/api/v1/admin/subjects/:id/merge');
  },
  render: () => renderPage(<AdminDashboardPage />, '/admin'),
  states: {
    loading: (_, s) => {
      messagesShown(s);
      if (ctx(s).subjects.length) cardsShown(s, false);
      else expect(inPanel().getByLabelText('Loading new subjects')).toBeInTheDocument();
    },
    failure: () => {
      expect(inPanel().getByRole('alert')).toHaveTextContent(M.loadFailed);
      expect(inPanel().getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    ready: (_, s) => {
      messagesShown(s);
      if (ctx(s).subjects.length) cardsShown(s, true);
      else expect(panel()).toHaveTextContent('No new subjectsEvery suggested subject has been reviewed');
    },
    approving: (_, s) => {
      const name = nameOf(s, ctx(s).subjectId ?? 0);
      expect(inPanel().getByRole('button', { name: `Approve ${name}` })).toHaveAttribute('data-loading');
    },
    rejecting: (_, s) => {
      const name = nameOf(s, ctx(s).subjectId ?? 0);
      expect(inPanel().getByRole('button', { name: `Reject ${name}` })).toHaveAttribute('data-loading');
    },
    merging: (_, s) => messagesShown(s),
    'merging.choosing': (_, s) => {
      const card = mergeBox(s);
      expect(card.getByRole('button', { name: 'Confirm merge' })).toBeEnabled();
      expect(card.getByRole('button', { name: 'Cancel' })).toBeEnabled();
      // The other suggestions wait until this decision is made.
      for (const x of ctx(s).subjects.filter((y) => y.id !== ctx(s).subjectId))
        expect(inPanel().getByRole('button', { name: `Approve ${x.name}` })).toBeDisabled();
    },
    'merging.submitting': (_, s) => {
      const card = mergeBox(s);
      expect(card.getByRole('button', { name: 'Confirm merge' })).toHaveAttribute('data-loading');
      expect(card.getByLabelText(MERGE_INTO)).toBeDisabled();
    },
  },
  events: {
    'xstate.done.actor.fetchNewSubjects': async (_, { event }) => {
      const out = outputOf(event) as AdminSubjectsLists;
      await pending.respond(200, { status: 'success', data: out.subjects });
      await approved.respond(200, {
        status: 'success',
        data: out.approved.map((a) => ({ ...a, is_active: true, status: 'approved' })),
      });
    },
    'xstate.error.actor.fetchNewSubjects': async (_, { event }) => {
      const { status, body } = failureOf(event);
      await pending.respond(status, body);
      await approved.respond(200, { status: 'success', data: [] });
    },
    'subjects.retry': () => user.click(inPanel().getByRole('button', { name: 'Try again' })),
    'subject.approve': (_, { event, from }) =>
      user.click(inPanel().getByRole('button', { name: `Approve ${nameOf(from, idOf(event))}` })),
    'subject.reject': (_, { event, from }) =>
      user.click(inPanel().getByRole('button', { name: `Reject ${nameOf(from, idOf(event))}` })),
    'subject.merge': (_, { event, from }) =>
      user.click(inPanel().getByRole('button', { name: `Merge ${nameOf(from, idOf(event))}` })),
    'mergeTarget.change': (_, { event }) => {
      const intoId = (event as unknown as { intoId: number | null }).intoId;
      return user.selectOptions(inPanel().getByLabelText(MERGE_INTO), intoId === null ? '' : String(intoId));
    },
    'merge.submit': () => user.click(inPanel().getByRole('button', { name: 'Confirm merge' })),
    'merge.cancel': () => user.click(inPanel().getByRole('button', { name: 'Cancel' })),
    // Each decision goes to the suggestion the administrator picked (a merge with its target).
    'xstate.done.actor.approveSubject': (_, { event, from }) =>
      approve.respond(200, outputOf(event), (url) =>
        url.pathname.endsWith(`/subjects/${ctx(from).subjectId}/approve`),
      ),
    'xstate.error.actor.approveSubject': (_, { event }) => {
      const { status, body } = failureOf(event);
      return approve.respond(status, body);
    },
    'xstate.done.actor.rejectSubject': (_, { event, from }) =>
      reject.respond(200, outputOf(event), (url) =>
        url.pathname.endsWith(`/subjects/${ctx(from).subjectId}/reject`),
      ),
    'xstate.error.actor.rejectSubject': (_, { event }) => {
      const { status, body } = failureOf(event);
      return reject.respond(status, body);
    },
    'xstate.done.actor.mergeSubject': (_, { event, from }) =>
      merge.respond(200, outputOf(event), (url) =>
        url.pathname.endsWith(`/subjects/${ctx(from).subjectId}/merge`),
      ),
    'xstate.error.actor.mergeSubject': (_, { event }) => {
      const { status, body } = failureOf(event);
      return merge.respond(status, body);
    },
  },
});
