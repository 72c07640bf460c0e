import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, vi } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { TOAST_MS } from '../../../contract/constants';
import {
  DECLINE_REASON_PRESET_KEYS,
  DECLINE_REASONS,
  type DeclineReasonKey,
  REQUEST_MESSAGES,
} from '../../../contract/rules/request';
import {
  TEACHER_DASHBOARD_MESSAGES as M,
  VERIFICATION_MESSAGES as V,
} from '../../../contract/rules/teacher-dashboard';
import type { TeacherStudentRequest } from '../../../contract/structs/request';
import { entries } from '../../../machines/teacher';
import { activeRequests, newRequests, studentName } from '../../../machines/teacher/dashboard';
import { refusalOf } from '../../../machines/teacher/form';
import {
  coveragePaths,
  describeMachine,
  fewestPaths,
  type MachinePath,
} from '../../../src/features/machines/analysis';
import DashboardPage from '../../../src/features/teacher/DashboardPage';
import { fill } from '../../client/fill';
import {
  failureOf,
  outputOf,
  type PageView,
  renderPage,
  signInTeacher,
} from '../../client/teacher/model-view';
import { heldResponse, type ModelTest, type StepInfo, testMachine } from '../../model/kit';

// The toast's 3 seconds under a length of their own, so the test can hold exactly those timers (a
// path goes on while a toast shows; the step for the delay lets them run out).
vi.mock('../../../contract/constants', async (original) => ({
  ...(await original<typeof import('../../../contract/constants')>()),
  TOAST_MS: 3001,
}));

/**
 * /dashboard walked by the kit on the real page: the teacher, their requests and each status change
 * held until a step answers it; the toast stays until the step for its delay (or Close).
 */
const entry = entries.find((e) => e.name === 'teacherDashboard')!;
const user = userEvent.setup();
let teacher: ReturnType<typeof heldResponse>;
let requests: ReturnType<typeof heldResponse>;
let status: ReturnType<typeof heldResponse>;

/** The toast's timers, run by the delay's step instead of the clock. */
const toastTimers = new Map<number, () => void>();
function holdToastTimers() {
  const setTimer = globalThis.setTimeout;
  const clearTimer = globalThis.clearTimeout;
  let next = 1_000_000;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    fn: () => void,
    ms?: number,
    ...rest: unknown[]
  ) => {
    if (ms !== TOAST_MS) return setTimer(fn, ms, ...rest);
    next += 1;
    toastTimers.set(next, fn);
    return next;
  }) as typeof setTimeout);
  vi.spyOn(globalThis, 'clearTimeout').mockImplementation(((id: number) => {
    if (!toastTimers.delete(id)) clearTimer(id);
  }) as typeof clearTimeout);
}
afterEach(() => {
  vi.restoreAllMocks();
  toastTimers.clear();
});
const runToastTimers = async () => {
  expect(toastTimers.size).toBeGreaterThan(0);
  for (const [id, fn] of [...toastTimers]) {
    toastTimers.delete(id);
    fn();
  }
};
const delays = Object.fromEntries(
  describeMachine(entry.machine)
    .transitions.filter((t) => t.eventType.startsWith('xstate.after.'))
    .map((t) => [t.eventType, runToastTimers]),
);

const pathOf = (view: unknown) => (view as PageView).current();
const listOf = (title: string) => screen.getByRole('region', { name: title });
const requestsOf = (s: AnyMachineSnapshot) => s.context.requests as TeacherStudentRequest[];
const nameOf = (s: AnyMachineSnapshot, id: number) => studentName(requestsOf(s).find((r) => r.id === id));
const idOf = (step: StepInfo) => (step.event as unknown as { id: number }).id;

/** New Requests and Active on screen equal the model's lists. */
function listsShown(s: AnyMachineSnapshot) {
  const fresh = newRequests(requestsOf(s));
  const active = activeRequests(requestsOf(s));
  if (fresh.length === 0) expect(listOf('New Requests')).toHaveTextContent(M.noNewRequests);
  for (const r of fresh) {
    expect(within(listOf('New Requests')).getByText(studentName(r))).toBeVisible();
    const accept = screen.getByRole('button', { name: `Accept request from ${studentName(r)}` });
    expect(accept).toHaveProperty('disabled', s.context.pendingId !== null);
  }
  if (active.length === 0) expect(listOf('Active')).toHaveTextContent(M.noActive);
  for (const r of active)
    expect(screen.getByRole('button', { name: `End contract with ${studentName(r)}` })).toBeVisible();
}

const step = (event: Record<string, unknown>) => ({ event: event as { type: string }, value: null });
// The requests and toasts are walked with the pending teacher; verified and rejected (and Fix
// documents) on their own paths, so the verification states do not multiply every other path.
const teacherSamples = entry.sampleEvents?.['xstate.done.actor.loadTeacher'] as Array<
  Record<string, unknown>
>;
const pendingTeacher = {
  ...entry,
  sampleEvents: { ...entry.sampleEvents, 'xstate.done.actor.loadTeacher': teacherSamples[0] },
};
const paths: MachinePath[] = [
  // The fewest of them that cover the same states and transitions (not every region combination).
  ...fewestPaths(pendingTeacher, coveragePaths(pendingTeacher)),
  // Rejected: Fix documents opens step 1 (all on file), or step 3 (only the mark sheet missing).
  ...teacherSamples.slice(1).map((sample, i) => ({
    target: i === 0 ? 'verification.verified' : 'verification.rejected',
    transitions: [],
    steps: [
      step({ type: 'xstate.done.actor.loadTeacher', ...sample }),
      ...(i > 0 ? [step({ type: 'documents.fix' })] : []),
    ],
  })),
  // A third toast while a replaced one shows: visible again, with its own 3 seconds.
  {
    target: 'toast.visible',
    transitions: [],
    steps: [
      step({ type: 'xstate.done.actor.loadTeacher', ...teacherSamples[0] }),
      step({
        type: 'xstate.done.actor.loadRequests',
        ...entry.sampleEvents?.['xstate.done.actor.loadRequests'],
      }),
      ...[1, 2, 3].flatMap(() => [
        step({ type: 'contract.end', id: 2 }),
        step({ type: 'dialog.confirm' }),
        step({
          type: 'xstate.error.actor.endContract',
          ...entry.sampleEvents?.['xstate.error.actor.endContract'],
        }),
      ]),
    ],
  },
];

const spec: ModelTest<PageView> = {
  paths,
  beforePath: () => {
    signInTeacher();
    holdToastTimers();
    // The page logs failed loads (docs/product.md#validation-and-messages); the failures here are on purpose.
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The dashboard's one call; its answer carries no requests here, so the requests region's own
    // load (and its failure) stays reachable.
    teacher = heldResponse('get', '*/api/v1/teachers/me/dashboard');
    requests = heldResponse('get', '*/api/v1/teacher_student_requests');
    status = heldResponse('patch', '*/api/v1/teacher_student_requests/:id/update_status');
  },
  render: () => renderPage(<DashboardPage />, '/dashboard'),
  states: {
    'verification.unknown': () => expect(screen.queryByRole('region', { name: 'Verification' })).toBeNull(),
    'verification.pending': (_, s) => {
      const banner = screen.getByRole('region', { name: 'Verification' });
      expect(banner).toHaveTextContent(V.pendingTitle);
      expect(within(banner).queryByRole('button')).toBeNull();
      expect(s.context.teacher.verification_status).toBe('pending');
    },
    'verification.verified': () =>
      expect(screen.getByRole('region', { name: 'Verification' })).toHaveTextContent(V.verified),
    'verification.rejected': (_, s) => {
      const banner = screen.getByRole('region', { name: 'Verification' });
      expect(banner).toHaveTextContent(V.rejected(s.context.teacher.rejection_reason));
      expect(within(banner).getByRole('button', { name: V.fixDocuments })).toBeEnabled();
    },
    'teacher.loading': () => expect(screen.getByLabelText('Loading your dashboard')).toBeInTheDocument(),
    'teacher.loaded': (_, s) => {
      expect(screen.getByRole('heading', { name: `Welcome, ${s.context.teacher.name}` })).toBeVisible();
      expect(listOf('Account Details')).toHaveTextContent(s.context.teacher.email);
      for (const subject of s.context.teacher.subjects)
        expect(within(listOf('Account Details')).getByText(subject.name)).toBeVisible();
    },
    'teacher.failed': () => {
      expect(screen.getByRole('alert')).toHaveTextContent(M.teacherLoadFailed);
      expect(screen.getByRole('button', { name: 'Try Again' })).toBeEnabled();
    },
    // Nothing of the requests shows before the teacher is known.
    'requests.waiting': () => expect(screen.queryByRole('heading', { name: 'New Requests' })).toBeNull(),
    'requests.loading': () => expect(screen.getByLabelText('Loading requests')).toBeInTheDocument(),
    'requests.failed': () => {
      expect(listOf('New Requests')).toHaveTextContent(M.requestsLoadFailed);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    'requests.loaded': (_, s) => listsShown(s),
    'requests.confirmingAccept': (_, s) => {
      listsShown(s);
      const dialog = screen.getByRole('dialog', { name: 'Accept request' });
      expect(dialog).toHaveTextContent(REQUEST_MESSAGES.acceptConfirm(nameOf(s, s.context.pendingId)));
      expect(within(dialog).getByRole('button', { name: 'Accept' })).not.toHaveAttribute('data-loading');
    },
    'requests.confirmingDecline': (_, s) => {
      listsShown(s);
      const dialog = screen.getByRole('dialog', { name: 'Decline request' });
      expect(dialog).toHaveTextContent(REQUEST_MESSAGES.declineConfirm(nameOf(s, s.context.pendingId)));
      // After a failed decline too: the reason written is still there, to send again.
      expect(within(dialog).getByLabelText(/^Reason/)).toHaveValue(s.context.reason);
      expect(within(dialog).getByLabelText(/^Reason/)).not.toHaveAttribute('readonly');
      const key = s.context.reasonKey as DeclineReasonKey | null;
      for (const preset of DECLINE_REASON_PRESET_KEYS)
        if (preset === key) expect(within(dialog).getByLabelText(DECLINE_REASONS[preset])).toBeChecked();
        else expect(within(dialog).getByLabelText(DECLINE_REASONS[preset])).not.toBeChecked();
    },
    'requests.accepting': (_, s) => {
      listsShown(s);
      const name = nameOf(s, s.context.pendingId);
      expect(screen.getByRole('button', { name: `Accept request from ${name}` })).toHaveAttribute(
        'data-loading',
      );
    },
    'requests.declining': (_, s) => {
      listsShown(s);
      const name = nameOf(s, s.context.pendingId);
      expect(screen.getByRole('button', { name: `Decline request from ${name}` })).toHaveAttribute(
        'data-loading',
      );
      // The reason waits as it is sent.
      const reason = within(screen.getByRole('dialog', { name: 'Decline request' })).getByLabelText(
        /^Reason/,
      );
      expect(reason).toHaveValue(s.context.reason);
      expect(reason).toHaveAttribute('readonly');
    },
    'contract.closed': () => expect(screen.queryByRole('dialog', { name: 'End Contract' })).toBeNull(),
    'contract.confirming': (_, s) => {
      expect(screen.getByRole('dialog')).toHaveTextContent(M.endContractQuestion(s.context.ending.name));
      expect(
        within(screen.getByRole('dialog')).getByRole('button', { name: 'End Contract' }),
      ).not.toHaveAttribute('data-loading');
    },
    'contract.ending': () =>
      expect(
        within(screen.getByRole('dialog')).getByRole('button', { name: 'End Contract' }),
      ).toHaveAttribute('data-loading'),
    'toast.hidden': () => expect(screen.queryByRole('status')).toBeNull(),
    'toast.visible': (_, s) => expect(screen.getByRole('status')).toHaveTextContent(s.context.toast),
    'toast.replaced': (_, s) => expect(screen.getByRole('status')).toHaveTextContent(s.context.toast),
  },
  events: {
    ...delays,
    'xstate.done.actor.loadTeacher': (_, { event }) =>
      teacher.respond(200, { status: 'success', data: { teacher: outputOf(event) } }),
    'xstate.error.actor.loadTeacher': (_, { event }) => {
      const { status: code, body } = failureOf(event);
      return teacher.respond(code, body);
    },
    'teacher.retry': () => user.click(screen.getByRole('button', { name: 'Try Again' })),
    'xstate.done.actor.loadRequests': (_, { event }) =>
      requests.respond(200, { status: 'success', data: outputOf(event) }),
    'xstate.error.actor.loadRequests': (_, { event }) => {
      const { status: code, body } = failureOf(event);
      return requests.respond(code, body);
    },
    'requests.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
    'account.edit': async (view) => {
      await user.click(screen.getByRole('button', { name: 'Edit' }));
      expect(pathOf(view)).toBe('/personal_details_teacher?edit=1');
    },
    'account.details': async (view) => {
      await user.click(screen.getByRole('button', { name: 'Details' }));
      expect(pathOf(view)).toBe('/profile');
    },
    'documents.fix': async (view, { from }) => {
      await user.click(screen.getByRole('button', { name: V.fixDocuments }));
      const missing = refusalOf(from.context.teacher)?.missing ?? [];
      // Where what is missing goes: step 3 for the mark sheet alone, else step 1.
      expect(pathOf(view)).toBe(
        missing.length && !missing.includes('aadhar_photo')
          ? '/teacherSubject?edit=1'
          : '/personal_details_teacher?edit=1',
      );
    },
    'toast.dismiss': () => user.click(within(screen.getByRole('status')).getByRole('button')),
    'request.accept': (_, step) =>
      user.click(
        screen.getByRole('button', { name: `Accept request from ${nameOf(step.from, idOf(step))}` }),
      ),
    'request.decline': (_, step) =>
      user.click(
        screen.getByRole('button', { name: `Decline request from ${nameOf(step.from, idOf(step))}` }),
      ),
    'contract.end': (_, step) =>
      user.click(screen.getByRole('button', { name: `End contract with ${nameOf(step.from, idOf(step))}` })),
    'decision.confirm': () =>
      user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^(Accept|Decline)$/ })),
    'decision.cancel': () =>
      user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' })),
    'reason.change': async (_, { event }) => {
      const { reason, key } = event as unknown as { reason: string; key?: DeclineReasonKey };
      // A preset is picked by its words; own words are typed (and replace the preset).
      if (key) await user.click(screen.getByLabelText(DECLINE_REASONS[key]));
      else {
        await fill(user, screen.getByLabelText(/^Reason/), reason);
      }
    },
    'dialog.confirm': () =>
      user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'End Contract' })),
    'dialog.cancel': () =>
      user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' })),
    ...Object.fromEntries(
      ['acceptRequest', 'declineRequest', 'endContract'].flatMap((actor) => [
        [
          `xstate.done.actor.${actor}`,
          (_: unknown, { event }: StepInfo) =>
            status.respond(200, { status: 'success', data: outputOf(event) }),
        ],
        [
          `xstate.error.actor.${actor}`,
          (_: unknown, { event }: StepInfo) => {
            const { status: code, body } = failureOf(event);
            return status.respond(code, body);
          },
        ],
      ]),
    ),
  },
  timeout: 20000,
};

testMachine(entry, spec);

/**
 * The first screen's answer already in when the page first renders (the page's HTML asked for it):
 * the teacher, the verification banner and both lists on screen at once, with no call.
 */
const given = {
  teacher: outputOf({ type: 'xstate.done.actor.loadTeacher', ...teacherSamples[0] }),
  requests: outputOf({
    type: 'xstate.done.actor.loadRequests',
    ...entry.sampleEvents?.['xstate.done.actor.loadRequests'],
  }),
};
testMachine(
  { ...entry, sampleInput: { first: given } },
  {
    ...spec,
    beforePath: (path) => {
      spec.beforePath?.(path);
      const body = { status: 'success', data: given };
      // Already back: `done` with its value. Its promise never settles here, so a page that waited
      // for it (a load a step later) instead of starting from it would never show the dashboard.
      window.__FIRST_SCREEN__ = {
        url: '/api/v1/teachers/me/dashboard',
        body: new Promise(() => {}),
        done: true,
        value: body,
      };
    },
    paths: [
      {
        target: 'toast.visible',
        transitions: [],
        steps: [
          step({ type: 'request.accept', id: 1 }),
          step({ type: 'decision.confirm' }),
          step({
            type: 'xstate.done.actor.acceptRequest',
            ...entry.sampleEvents?.['xstate.done.actor.acceptRequest'],
          }),
        ],
      },
    ],
  },
);
