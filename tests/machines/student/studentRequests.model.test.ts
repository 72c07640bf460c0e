import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { REQUEST_MESSAGES } from '../../../contract/rules/request';
import type { TeacherStudentRequest } from '../../../contract/structs/request';
import { findMachine } from '../../../machines';
import type { MachineEntry } from '../../../machines/registry';
import { type StudentRequestsContext, sentCopy, timelineOf } from '../../../machines/student/studentRequests';
import { when } from '../../../src/features/student/RequestsPage';
import { heldResponse, type ModelTest, testMachine } from '../../model/kit';
import { expectBusy, output, renderRoute, signInStudent, type View } from './walk';

/**
 * /requests walked by the kit on the real page: the student's requests and the cancel call are held
 * until a step answers them. Every state shows what the student needs: each request, each teacher's
 * timeline, the contact once accepted, the reason when declined.
 */
const entry = findMachine('studentRequests') as MachineEntry;
if (!entry) throw new Error('studentRequests is not registered');
const user = userEvent.setup();
let list: ReturnType<typeof heldResponse>;
let cancel: ReturnType<typeof heldResponse>;

const ctxOf = (s: { context: unknown }) => s.context as StudentRequestsContext;
const failBody = (event: unknown) => (event as { error: { status: number; body: unknown } }).error;
const subjectsOf = (r: TeacherStudentRequest) => r.subjects.map((s) => s.name).join(', ');
const groupOf = (s: { context: unknown }, id: number) => ctxOf(s).groups.find((g) => g.request.id === id)!;

function requestsShown(ctx: StudentRequestsContext) {
  const cards = screen.queryAllByRole('article');
  expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(
    ctx.groups.map((g) => `Request for ${subjectsOf(g.request)}`),
  );
  if (!ctx.groups.length) expect(screen.getByText(REQUEST_MESSAGES.noRequests)).toBeVisible();
  for (const g of ctx.groups) {
    const card = within(screen.getByRole('article', { name: `Request for ${subjectsOf(g.request)}` }));
    const open = g.request.status === 'request_send';
    expect(card.queryByRole('button', { name: REQUEST_MESSAGES.findMoreTeachers }) !== null).toBe(open);
    for (const sent of g.sent) {
      const name = sent.teacher!.name;
      const item = within(card.getByRole('listitem', { name }));
      for (const step of timelineOf(sent)) {
        const text = `${step.status === 'request_send' ? 'Sent' : step.status[0].toUpperCase() + step.status.slice(1)} · ${when(step.at)}`;
        expect(item.getByText(text, { exact: false })).toBeVisible();
        if (step.reason) expect(item.getByText(`Reason: ${step.reason}`, { exact: false })).toBeVisible();
      }
      const contact = sent.teacher?.contact;
      if (contact) {
        expect(item.getByRole('link', { name: `WhatsApp ${name}` })).toHaveAttribute(
          'href',
          contact.whatsapp_url,
        );
        expect(item.getByText(`Mobile: ${contact.mobile_number}`)).toBeVisible();
      } else expect(item.queryByRole('link', { name: `WhatsApp ${name}` })).toBeNull();
      // End tutoring only on a teacher who accepted.
      expect(item.queryByRole('button', { name: `End tutoring with ${name}` }) !== null).toBe(
        sent.status === 'accepted',
      );
    }
  }
}

const spec: ModelTest<View> = {
  beforePath: () => {
    signInStudent({ studentId: 7 });
    list = heldResponse('get', '*/api/v1/teacher_student_requests');
    cancel = heldResponse('patch', '*/api/v1/teacher_student_requests/:id/update_status');
  },
  render: () => renderRoute('/requests'),
  states: {
    loading: () => expect(screen.getByLabelText('Loading your requests')).toBeInTheDocument(),
    failure: (_, s) => {
      expect(screen.getByRole('alert')).toHaveTextContent(ctxOf(s).message ?? '');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    ready: (_, s) => {
      requestsShown(ctxOf(s));
      expect(screen.queryByRole('dialog')).toBeNull();
      const { message, notice } = ctxOf(s);
      if (message) expect(screen.getByRole('alert')).toHaveTextContent(message);
      if (notice) expect(screen.getByRole('status')).toHaveTextContent(notice);
    },
    confirmingCancel: (_, s) => {
      const dialog = screen.getByRole('dialog', { name: 'Cancel request' });
      expect(dialog).toHaveTextContent(REQUEST_MESSAGES.cancelConfirm);
      expect(dialog).toHaveTextContent(subjectsOf(groupOf(s, ctxOf(s).cancellingId!).request));
    },
    cancelling: () => expectBusy('Cancel request'),
    confirmingEnd: (_, s) => {
      const dialog = screen.getByRole('dialog', { name: 'End tutoring' });
      const name = sentCopy(ctxOf(s).groups, ctxOf(s).endingId)!.sent.teacher!.name;
      expect(dialog).toHaveTextContent(REQUEST_MESSAGES.endConfirm(name));
    },
    ending: () => expectBusy('End tutoring'),
    leaving: (view, s) => {
      const where = view.current();
      // Change request opens the form prefilled with that request (/subject?change=<id>).
      expect(where).toMatch(/^\/(teacherfinder|subject|subject\?change=\d+)$/);
      expect(ctxOf(s).groups.length).toBeGreaterThanOrEqual(0);
    },
  },
  events: {
    'xstate.done.actor.loadRequests': (_, { event }) => {
      const rows = output<TeacherStudentRequest[]>(event);
      return list.respond(200, {
        status: 'success',
        data: rows,
        total: rows.length,
        pagination: { next: null, prev: null },
      });
    },
    'xstate.error.actor.loadRequests': (_, { event }) =>
      list.respond(failBody(event).status, failBody(event).body),
    'requests.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
    'request.cancel': (_, { event, from }) => {
      const { id } = event as unknown as { id: number };
      return user.click(
        screen.getByRole('button', { name: `Cancel request for ${subjectsOf(groupOf(from, id).request)}` }),
      );
    },
    'request.findMore': (_, { event, from }) => {
      const { id } = event as unknown as { id: number };
      const card = screen.getByRole('article', {
        name: `Request for ${subjectsOf(groupOf(from, id).request)}`,
      });
      return user.click(within(card).getByRole('button', { name: REQUEST_MESSAGES.findMoreTeachers }));
    },
    'request.change': (_, { event, from }) => {
      const { id } = event as unknown as { id: number };
      const card = screen.getByRole('article', {
        name: `Request for ${subjectsOf(groupOf(from, id).request)}`,
      });
      return user.click(within(card).getByRole('button', { name: 'Change request' }));
    },
    'request.new': () => user.click(screen.getByRole('button', { name: 'New request' })),
    'cancel.confirm': () =>
      user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel request' })),
    'cancel.dismiss': () =>
      user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep request' })),
    'tutoring.end': (_, { event, from }) => {
      const { id } = event as unknown as { id: number };
      const name = sentCopy(ctxOf(from).groups, id)!.sent.teacher!.name;
      return user.click(screen.getByRole('button', { name: `End tutoring with ${name}` }));
    },
    'end.confirm': () =>
      user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'End tutoring' })),
    'end.dismiss': () =>
      user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep tutoring' })),
    // The end and the cancel are the same call (update_status), held by one handler.
    'xstate.done.actor.endTutoring': (_, { event }) =>
      cancel.respond(200, { status: 'success', data: output(event) }),
    'xstate.error.actor.endTutoring': (_, { event }) =>
      cancel.respond(failBody(event).status, failBody(event).body),
    'xstate.done.actor.cancelRequest': (_, { event }) =>
      cancel.respond(200, { status: 'success', data: output(event) }),
    'xstate.error.actor.cancelRequest': (_, { event }) =>
      cancel.respond(failBody(event).status, failBody(event).body),
  },
  timeout: 15000,
};

testMachine<View>(entry, spec);

/**
 * The list already in when the page first renders (the page's HTML asked for it): on screen at once
 * with no call, and the load after a cancel asks the server, not the answer given at the start.
 */
const loadedSamples = entry.sampleEvents?.['xstate.done.actor.loadRequests'] as Array<{ output: unknown[] }>;
const rows = loadedSamples[0].output as TeacherStudentRequest[];
const step = (event: Record<string, unknown>) => ({ event: event as { type: string }, value: null });
testMachine<View>(
  { ...entry, sampleInput: { first: rows } },
  {
    ...spec,
    beforePath: () => {
      spec.beforePath?.({ target: '', transitions: [], steps: [] });
      const body = {
        status: 'success',
        data: rows,
        total: rows.length,
        pagination: { next: null, prev: null },
      };
      // Already back: `done` with its value. Its promise never settles here, so a page that waited
      // for it (a load a step later) instead of starting from it would never show the list.
      window.__FIRST_SCREEN__ = {
        url: '/api/v1/teacher_student_requests?limit=100',
        body: new Promise(() => {}),
        done: true,
        value: body,
      };
    },
    paths: [
      {
        target: 'ready',
        transitions: [],
        steps: [
          step({ type: 'request.cancel', id: 11 }),
          step({ type: 'cancel.confirm' }),
          step({
            type: 'xstate.done.actor.cancelRequest',
            ...entry.sampleEvents?.['xstate.done.actor.cancelRequest'],
          }),
          step({ type: 'xstate.done.actor.loadRequests', output: [] }),
        ],
      },
    ],
  },
);
