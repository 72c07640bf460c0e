import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { ADMIN_MESSAGES } from '../../../contract/rules/admin';
import { entries } from '../../../machines/admin';
import type { AdminApprovalsContext } from '../../../machines/admin/adminApprovals';
import AdminDashboardPage from '../../../src/features/admin/AdminDashboardPage';
import { testMachine } from '../../model/kit';
import { failureOf, heldRequests, outputOf, renderPage, signInAdmin } from './model-view';

/**
 * Teacher Approvals on the real /admin page, walked by the kit: the pending list, approve and reject
 * (with its reason) held until a step answers them; the month overview and notifications come from
 * the default handlers.
 */
const entry = entries.find((e) => e.name === 'adminApprovals')!;
const user = userEvent.setup();
let list: ReturnType<typeof heldRequests>;
let approve: ReturnType<typeof heldRequests>;
let reject: ReturnType<typeof heldRequests>;

const panel = () => screen.getByRole('region', { name: 'Teacher Approvals' });
const inPanel = () => within(panel());
const teachersOf = (s: AnyMachineSnapshot) => (s.context as AdminApprovalsContext).teachers;
const nameOf = (s: AnyMachineSnapshot, id: number) => teachersOf(s).find((t) => t.id === id)?.name ?? '';
const idOf = (event: unknown) => (event as { teacherId: number }).teacherId;
const LOAD_FAILED = 'Failed to load teacher approvals. Please try again later.';

/** Notice and error as the context says. */
function messagesShown(s: AnyMachineSnapshot) {
  const c = s.context as AdminApprovalsContext;
  if (c.notice) expect(inPanel().getByRole('status')).toHaveTextContent(c.notice);
  else expect(inPanel().queryByRole('status')).not.toBeInTheDocument();
  if (c.error) expect(inPanel().getByRole('alert')).toHaveTextContent(c.error);
  else expect(inPanel().queryByRole('alert')).not.toBeInTheDocument();
}
/** One card per pending teacher, its Approve and Reject buttons enabled or not. */
function cardsShown(s: AnyMachineSnapshot, enabled: boolean) {
  const cards = inPanel().queryAllByRole('article');
  expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(teachersOf(s).map((t) => t.name));
  for (const t of teachersOf(s)) {
    const card = within(inPanel().getByRole('article', { name: t.name }));
    expect(card.getByRole('button', { name: `Approve ${t.name}` })).toHaveProperty('disabled', !enabled);
    expect(card.getByRole('button', { name: `Reject ${t.name}` })).toHaveProperty('disabled', !enabled);
  }
}
/** The reason box under the teacher being rejected. */
function reasonBox(s: AnyMachineSnapshot) {
  const c = s.context as AdminApprovalsContext;
  const card = within(inPanel().getByRole('article', { name: nameOf(s, c.teacherId ?? 0) }));
  const reason = card.getByLabelText('Reason for rejection');
  expect(reason).toHaveValue(c.reason);
  if (c.reasonError) expect(card.getByText(c.reasonError)).toBeVisible();
  return card;
}

testMachine(entry, {
  beforePath: () => {
    signInAdmin();
    list = heldRequests('get', '*/api/v1/admin/teacher_approvals');
    approve = heldRequests('patch', '*/api/v1/teachers/:id/approve');
    reject = heldRequests('patch', '*/api/v1/teachers/:id/reject');
  },
  render: () => renderPage(<AdminDashboardPage />, '/admin'),
  states: {
    loading: (_, s) => {
      messagesShown(s);
      if (teachersOf(s).length) cardsShown(s, false);
      else expect(inPanel().getByLabelText('Loading teacher approvals')).toBeInTheDocument();
    },
    failure: () => {
      expect(inPanel().getByRole('alert')).toHaveTextContent(LOAD_FAILED);
      expect(inPanel().getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    ready: (_, s) => {
      messagesShown(s);
      if (teachersOf(s).length) cardsShown(s, true);
      else expect(panel()).toHaveTextContent(`${ADMIN_MESSAGES.noApprovals}${ADMIN_MESSAGES.allProcessed}`);
    },
    approving: (_, s) => {
      const name = nameOf(s, (s.context as AdminApprovalsContext).teacherId ?? 0);
      expect(inPanel().getByRole('button', { name: `Approve ${name}` })).toHaveAttribute('data-loading');
    },
    rejecting: (_, s) => messagesShown(s),
    'rejecting.askingReason': (_, s) => {
      const card = reasonBox(s);
      expect(card.getByRole('button', { name: 'Confirm rejection' })).toBeEnabled();
      expect(card.getByRole('button', { name: 'Cancel' })).toBeEnabled();
      // The other teachers wait until this decision is made.
      for (const t of teachersOf(s).filter((x) => x.id !== (s.context as AdminApprovalsContext).teacherId))
        expect(inPanel().getByRole('button', { name: `Approve ${t.name}` })).toBeDisabled();
    },
    'rejecting.submitting': (_, s) => {
      const card = reasonBox(s);
      expect(card.getByRole('button', { name: 'Confirm rejection' })).toHaveAttribute('data-loading');
      expect(card.getByLabelText('Reason for rejection')).toBeDisabled();
    },
  },
  events: {
    'xstate.done.actor.fetchApprovals': (_, { event }) => {
      const out = outputOf(event) as { teachers: unknown[]; total: number };
      return list.respond(200, { status: 'success', data: out.teachers, total_count: out.total });
    },
    'xstate.error.actor.fetchApprovals': (_, { event }) => {
      const { status, body } = failureOf(event);
      return list.respond(status, body);
    },
    'approvals.retry': () => user.click(inPanel().getByRole('button', { name: 'Try again' })),
    'approval.approve': (_, { event, from }) =>
      user.click(inPanel().getByRole('button', { name: `Approve ${nameOf(from, idOf(event))}` })),
    'approval.reject': (_, { event, from }) =>
      user.click(inPanel().getByRole('button', { name: `Reject ${nameOf(from, idOf(event))}` })),
    'reason.change': async (_, { event }) => {
      const box = inPanel().getByLabelText('Reason for rejection');
      await user.clear(box);
      await user.type(box, (event as unknown as { value: string }).value);
    },
    'rejection.submit': () => user.click(inPanel().getByRole('button', { name: 'Confirm rejection' })),
    'rejection.cancel': () => user.click(inPanel().getByRole('button', { name: 'Cancel' })),
    // The decision goes to the teacher the administrator picked, with the reason typed.
    'xstate.done.actor.approveTeacher': (_, { event, from }) =>
      approve.respond(200, outputOf(event), (url) =>
        url.pathname.endsWith(`/teachers/${(from.context as AdminApprovalsContext).teacherId}/approve`),
      ),
    'xstate.error.actor.approveTeacher': (_, { event }) => {
      const { status, body } = failureOf(event);
      return approve.respond(status, body);
    },
    'xstate.done.actor.rejectTeacher': (_, { event, from }) =>
      reject.respond(200, outputOf(event), (url) =>
        url.pathname.endsWith(`/teachers/${(from.context as AdminApprovalsContext).teacherId}/reject`),
      ),
    'xstate.error.actor.rejectTeacher': (_, { event }) => {
      const { status, body } = failureOf(event);
      return reject.respond(status, body);
    },
  },
});
