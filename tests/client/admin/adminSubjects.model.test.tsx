import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { NEW_SUBJECT_MESSAGES as M } from '../../../contract/rules/student-subject';
import type { SubjectSuggestion } from '../../../contract/structs/reference';
import { entries } from '../../../machines/admin';
import type { ReviewQueueList } from '../../../machines/admin/reviewQueue';
import AdminDashboardPage from '../../../src/features/admin/AdminDashboardPage';
import { testMachine } from '../../model/kit';
import { dashboardAnswerBack, failureOf, heldRequests, outputOf, renderPage, sampleOf } from './model-view';
import { reviewQueueModel } from './review-queue-view';

/**
 * 'New subjects' on the real /admin page, walked by the kit: the suggestions waiting for review and
 * the shared list, approve, reject and merge (with its target) held until a step answers them; the
 * rest of the page comes from the default handlers.
 */
const entry = entries.find((e) => e.name === 'adminSubjects')!;
const user = userEvent.setup();
let pending: ReturnType<typeof heldRequests>;
let approved: ReturnType<typeof heldRequests>;

const subjects = (verb: string) => `*/api/v1/admin/subjects/:id/${verb}`;
const queue = reviewQueueModel({
  panel: 'New subjects',
  loadingLabel: 'Loading new subjects',
  loadFailed: M.loadFailed,
  empty: 'No new subjectsEvery suggested subject has been reviewed',
  decisions: {
    approve: { state: 'approving', actor: 'approveSubject', button: 'Approve', url: subjects('approve') },
    merge: { state: 'merging', actor: 'mergeSubject', button: 'Merge', url: subjects('merge') },
    reject: { state: 'rejecting', actor: 'rejectSubject', button: 'Reject', url: subjects('reject') },
  },
  asking: {
    verb: 'merge',
    field: 'Merge into',
    confirm: 'Confirm merge',
    shows: (select, c) => {
      expect(select).toHaveValue(c.value === null ? '' : String(c.value));
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose a subject', ...c.choices.map((a) => a.name)]);
    },
    change: (select, value) => user.selectOptions(select, value === null ? '' : String(value)),
  },
});

testMachine(entry, {
  beforePath: () => {
    queue.beforePath();
    pending = heldRequests('get', '*/api/v1/admin/subjects');
    approved = heldRequests('get', '*/api/v1/subjects');
  },
  render: () => renderPage(<AdminDashboardPage />, '/admin'),
  states: queue.states,
  events: {
    ...queue.events,
    'xstate.done.actor.fetchNewSubjects': async (_, { event }) => {
      const out = outputOf(event) as ReviewQueueList;
      await pending.respond(200, { status: 'success', data: out.items });
      await approved.respond(200, {
        status: 'success',
        data: (out.choices ?? []).map((a) => ({ ...a, is_active: true, status: 'approved' })),
      });
    },
    'xstate.error.actor.fetchNewSubjects': async (_, { event }) => {
      const { status, body } = failureOf(event);
      await pending.respond(status, body);
      await approved.respond(200, { status: 'success', data: [] });
    },
  },
});

/**
 * Both answers already back when the page first renders (its HTML asked for them): the list on
 * screen at once, with no call (their promises never settle here, so a page that waited for them
 * would fail).
 */
const given = outputOf(sampleOf(entry, 'xstate.done.actor.fetchNewSubjects')) as ReviewQueueList;
testMachine(
  { ...entry, sampleInput: { first: given } },
  {
    paths: [{ target: 'ready', transitions: [], steps: [] }],
    beforePath: () => {
      queue.beforePath();
      dashboardAnswerBack({
        subject_suggestions: { status: 'success', data: given.items as Array<typeof SubjectSuggestion.TYPE> },
        subjects: {
          status: 'success',
          data: (given.choices ?? []).map((a) => ({ ...a, is_active: true, status: 'approved' })),
        },
      });
    },
    render: () => renderPage(<AdminDashboardPage />, '/admin'),
    states: queue.states,
    events: {},
  },
);
