import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { Route } from 'wouter';
import type { AnyMachineSnapshot } from 'xstate';
import { ADMIN_MESSAGES } from '../../../contract/rules/admin';
import { formatDate } from '../../../contract/rules/common';
import type { AdminTeacherFile } from '../../../contract/structs/admin';
import { entries } from '../../../machines/admin';
import type { AdminTeacherFileContext } from '../../../machines/admin/adminTeacherFile';
import AdminTeacherFilePage from '../../../src/features/admin/AdminTeacherFilePage';
import { testMachine } from '../../model/kit';
import { failureOf, heldRequests, outputOf, renderPage, signInAdmin } from './model-view';

/**
 * The real /Admin_Teacher/21 page walked over adminTeacherFile: the teacher's full record once it
 * loads, 'Teacher not found' for a 404, and the error banner with 'Try again' for other failures.
 * The teacher is pending: Approve, and Reject with a reason in a dialog, as Teacher Approvals takes
 * them; the new status and the confirmation show at once, and focus goes to the decision's card.
 */
const entry = entries.find((e) => e.name === 'adminTeacherFile')!;
const user = userEvent.setup();
let file: ReturnType<typeof heldRequests>;
let approve: ReturnType<typeof heldRequests>;
let reject: ReturnType<typeof heldRequests>;
const contextOf = (s: AnyMachineSnapshot) => s.context as AdminTeacherFileContext;
const main = () => within(screen.getByRole('main'));
const decision = () => within(main().getByRole('region', { name: 'Verification decision' }));
const dialog = () => within(screen.getByRole('dialog', { name: 'Reject Anita Sen' }));
const STATUS: Record<string, string> = { pending: 'Pending', verified: 'Verified', rejected: 'Rejected' };

/** The messages of the decision's card (outside the dialog) as the context says. */
function decisionShown(c: AdminTeacherFileContext) {
  if (c.notice) expect(decision().getByRole('status')).toHaveTextContent(c.notice);
  else expect(main().queryByRole('status')).not.toBeInTheDocument();
  if (c.decisionError) expect(decision().getByRole('alert')).toHaveTextContent(c.decisionError);
  else if (main().queryByRole('region', { name: 'Verification decision' }))
    expect(decision().queryByRole('alert')).not.toBeInTheDocument();
  // A failed reload after a decision says so above the file.
  if (c.error) expect(main().getAllByRole('alert')[0]).toHaveTextContent(c.error);
  else if (!c.decisionError) expect(main().queryByRole('alert')).not.toBeInTheDocument();
}

/** Where a decided (or refused) decision leaves the person: nothing left to decide on. */
function decidedShown(c: AdminTeacherFileContext) {
  decisionShown(c);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  if (c.notice || c.decisionError) {
    expect(decision().queryByRole('button')).not.toBeInTheDocument();
    expect(decision().getByRole('heading', { name: 'Verification decision' })).toHaveFocus();
  } else expect(main().queryByRole('region', { name: 'Verification decision' })).not.toBeInTheDocument();
}

function recordShown(f: AdminTeacherFile) {
  const t = f.teacher;
  expect(main().getByRole('heading', { level: 1, name: t.name })).toBeVisible();
  const personal = within(main().getByRole('region', { name: 'Personal details' }));
  expect(personal.getByText(t.email)).toBeVisible();
  expect(personal.getByText(t.date_of_birth)).toBeVisible();
  expect(personal.getByText(formatDate(t.created_at))).toBeVisible();
  expect(personal.getByText(STATUS[t.verification_status])).toBeVisible();
  const documents = within(main().getByRole('region', { name: 'Documents' }));
  expect(documents.getByRole('button', { name: 'Aadhar card' })).toBeVisible();
  const requests = within(main().getByRole('region', { name: 'Requests' }));
  for (const r of f.requests)
    expect(requests.getByRole('row', { name: new RegExp(r.student_name) })).toBeVisible();
  const activity = within(main().getByRole('region', { name: 'Activity' }));
  expect(activity.getAllByRole('listitem')).toHaveLength(f.activity.length);
  for (const region of ['Qualification', 'Preferences', 'Schedule'])
    expect(main().getByRole('region', { name: region })).toBeVisible();
}

testMachine(entry, {
  beforePath: () => {
    signInAdmin();
    file = heldRequests('get', '*/api/v1/admin/teachers/:id');
    approve = heldRequests('patch', '*/api/v1/teachers/:id/approve');
    reject = heldRequests('patch', '*/api/v1/teachers/:id/reject');
  },
  render: () =>
    renderPage(<Route path="/Admin_Teacher/:id" component={AdminTeacherFilePage} />, '/Admin_Teacher/21'),
  states: {
    loading: () => {
      expect(main().getByLabelText('Loading the teacher')).toBeInTheDocument();
      expect(main().queryByRole('alert')).not.toBeInTheDocument();
    },
    loaded: (_, s) => recordShown(contextOf(s).file as AdminTeacherFile),
    'loaded.decided': (_, s) => decidedShown(contextOf(s)),
    // The file loads again after a decision: still on screen, the decision said, nothing to press.
    refreshing: (_, s) => {
      recordShown(contextOf(s).file as AdminTeacherFile);
      decidedShown(contextOf(s));
    },
    'loaded.pending.viewing': (_, s) => {
      const c = contextOf(s);
      decisionShown(c);
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(decision().getByRole('button', { name: 'Approve Anita Sen' })).toBeEnabled();
      expect(decision().getByRole('button', { name: 'Reject Anita Sen' })).toBeEnabled();
      // After a decision (the file loaded again) focus is on the card's title; after a refused
      // approval the file did not reload for, back on Approve.
      const reloaded = c.notice || c.decisionError === ADMIN_MESSAGES.alreadyDecided;
      if (reloaded) expect(decision().getByRole('heading', { name: 'Verification decision' })).toHaveFocus();
      else if (c.decisionError)
        expect(decision().getByRole('button', { name: 'Approve Anita Sen' })).toHaveFocus();
    },
    'loaded.pending.approving': () => {
      expect(decision().getByRole('button', { name: 'Approve Anita Sen' })).toHaveAttribute('data-loading');
      expect(decision().getByRole('button', { name: 'Reject Anita Sen' })).toBeDisabled();
    },
    'loaded.pending.rejecting': () => {
      expect(screen.getByRole('dialog', { name: 'Reject Anita Sen' })).toBeVisible();
    },
    'loaded.pending.rejecting.editing': (_, s) => {
      const c = contextOf(s);
      const reason = dialog().getByLabelText('Reason for rejection');
      expect(reason).toHaveValue(c.reason);
      expect(reason).toBeEnabled();
      if (c.reasonError) expect(dialog().getByText(c.reasonError)).toBeVisible();
      if (c.decisionError) expect(dialog().getByRole('alert')).toHaveTextContent(c.decisionError);
      else expect(dialog().queryByRole('alert')).not.toBeInTheDocument();
      expect(dialog().getByRole('button', { name: 'Confirm rejection' })).toBeEnabled();
      // The dialog holds focus (the reason is focused when it opens).
      expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    },
    'loaded.pending.rejecting.submitting': () => {
      expect(dialog().getByRole('button', { name: 'Confirm rejection' })).toHaveAttribute('data-loading');
      expect(dialog().getByLabelText('Reason for rejection')).toBeDisabled();
    },
    notFound: () => {
      expect(main().getByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.teacherNotFound);
      expect(main().queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    },
    failure: () => {
      expect(main().getByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.teacherFileFailed);
      expect(main().getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
  },
  events: {
    'xstate.done.actor.fetchTeacherFile': (_, { event }) =>
      file.respond(200, { status: 'success', data: outputOf(event) }, (url) =>
        url.pathname.endsWith('/api/v1/admin/teachers/21'),
      ),
    'xstate.error.actor.fetchTeacherFile': (_, { event }) => {
      const { status, body } = failureOf(event);
      return file.respond(status, body);
    },
    'file.retry': () => user.click(main().getByRole('button', { name: 'Try again' })),
    'file.approve': () => user.click(decision().getByRole('button', { name: 'Approve Anita Sen' })),
    'file.reject': () => user.click(decision().getByRole('button', { name: 'Reject Anita Sen' })),
    'decision.change': async (_, { event }) => {
      const reason = dialog().getByLabelText('Reason for rejection');
      await user.clear(reason);
      await user.type(reason, (event as unknown as { value: string }).value);
    },
    'decision.confirm': () => user.click(dialog().getByRole('button', { name: 'Confirm rejection' })),
    'decision.cancel': () => user.click(dialog().getByRole('button', { name: 'Cancel' })),
    'xstate.done.actor.approveTeacher': (_, { event }) => approve.respond(200, outputOf(event)),
    'xstate.error.actor.approveTeacher': (_, { event }) => {
      const { status, body } = failureOf(event);
      return approve.respond(status, body);
    },
    'xstate.done.actor.rejectTeacher': (_, { event }) => reject.respond(200, outputOf(event)),
    'xstate.error.actor.rejectTeacher': (_, { event }) => {
      const { status, body } = failureOf(event);
      return reject.respond(status, body);
    },
  },
});
