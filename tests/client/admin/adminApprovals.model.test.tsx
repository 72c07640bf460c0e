import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { ADMIN_MESSAGES } from '../../../contract/rules/admin';
import type { TeacherRecord } from '../../../contract/structs/teacher';
import { entries } from '../../../machines/admin';
import { APPROVALS_FIRST, APPROVALS_MORE } from '../../../machines/admin/adminApprovals';
import type { ReviewQueueContext, ReviewQueueList } from '../../../machines/admin/reviewQueue';
import AdminDashboardPage from '../../../src/features/admin/AdminDashboardPage';
import { testMachine } from '../../model/kit';
import { fill } from '../fill';
import { dashboardAnswerBack, failureOf, heldRequests, outputOf, renderPage, sampleOf } from './model-view';
import { reviewQueueModel } from './review-queue-view';

/**
 * Teacher Approvals on the real /admin page, walked by the kit: the pending list (its first page,
 * then the next on 'Show more'), approve and reject (with its reason) held until a step answers
 * them; the month overview and notifications come from the default handlers.
 */
const entry = entries.find((e) => e.name === 'adminApprovals')!;
const user = userEvent.setup();
let list: ReturnType<typeof heldRequests>;
const shown = (s: { context: unknown }) => (s.context as ReviewQueueContext).items.length;

const queue = reviewQueueModel({
  panel: 'Teacher Approvals',
  loadingLabel: 'Loading teacher approvals',
  loadFailed: 'Failed to load teacher approvals. Please try again later.',
  empty: `${ADMIN_MESSAGES.noApprovals}${ADMIN_MESSAGES.allProcessed}`,
  decisions: {
    approve: {
      state: 'approving',
      actor: 'approveTeacher',
      button: 'Approve',
      url: '*/api/v1/teachers/:id/approve',
    },
    reject: {
      state: 'rejecting',
      actor: 'rejectTeacher',
      button: 'Reject',
      url: '*/api/v1/teachers/:id/reject',
    },
  },
  asking: {
    verb: 'reject',
    field: 'Reason for rejection',
    confirm: 'Confirm rejection',
    shows: (field, c) => expect(field).toHaveValue(String(c.value)),
    change: async (field, value) => {
      await fill(user, field, String(value));
    },
  },
});

testMachine(entry, {
  beforePath: () => {
    queue.beforePath();
    list = heldRequests('get', '*/api/v1/admin/teacher_approvals');
  },
  render: () => renderPage(<AdminDashboardPage />, '/admin'),
  states: queue.states,
  events: {
    ...queue.events,
    // The first page: three, or as many as were shown before a decision.
    'xstate.done.actor.fetchApprovals': (_, { event, from }) => {
      const out = outputOf(event) as { items: unknown[]; total: number };
      const limit = String(Math.max(APPROVALS_FIRST, shown(from)));
      return list.respond(
        200,
        { status: 'success', data: out.items, total_count: out.total },
        (url) => url.searchParams.get('offset') === '0' && url.searchParams.get('limit') === limit,
      );
    },
    'xstate.error.actor.fetchApprovals': (_, { event }) => {
      const { status, body } = failureOf(event);
      return list.respond(status, body);
    },
    // The next page is asked for after the cards shown.
    'xstate.done.actor.fetchMoreApprovals': (_, { event, from }) => {
      const out = outputOf(event) as { items: unknown[]; total: number };
      return list.respond(
        200,
        { status: 'success', data: out.items, total_count: out.total },
        (url) =>
          url.searchParams.get('offset') === String(shown(from)) &&
          url.searchParams.get('limit') === String(APPROVALS_MORE),
      );
    },
    'xstate.error.actor.fetchMoreApprovals': (_, { event }) => {
      const { status, body } = failureOf(event);
      return list.respond(status, body);
    },
  },
});

/**
 * The first page already back when the page first renders (its HTML asked for it): on screen at
 * once, with no call (its promise never settles here, so a page that waited for it would fail).
 */
const given = outputOf(sampleOf(entry, 'xstate.done.actor.fetchApprovals')) as ReviewQueueList;
testMachine(
  { ...entry, sampleInput: { first: given } },
  {
    paths: [{ target: 'ready', transitions: [], steps: [] }],
    beforePath: () => {
      queue.beforePath();
      dashboardAnswerBack({
        teacher_approvals: {
          status: 'success',
          data: given.items as TeacherRecord[],
          total_count: given.total ?? given.items.length,
        },
      });
    },
    render: () => renderPage(<AdminDashboardPage />, '/admin'),
    states: queue.states,
    events: {},
  },
);
