import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import type { RequestStatus } from '../../../contract/constants';
import type { MatchFilter } from '../../../contract/rules/matching';
import { MATCH_MESSAGES } from '../../../contract/rules/matching';
import { REQUEST_MESSAGES, REQUEST_STATUS_LABELS } from '../../../contract/rules/request';
import { findMachine } from '../../../machines';
import type { MachineEntry } from '../../../machines/registry';
import type { TeacherFinderContext } from '../../../machines/student/teacherFinder';
import { coveragePaths, type MachinePath } from '../../../src/features/machines/analysis';
import { heldResponse, type ModelTest, testMachine } from '../../model/kit';
import { sampleRequest, sampleTeacher } from '../../msw/handlers/requests';
import { expectBusy, output, renderRoute, signInStudent, type View } from './walk';

/**
 * /teacherfinder walked by the kit (tests/model/kit.ts) on the real page, opened after a reload (no
 * request id: the student's latest request and its first page of matches come in the finder's one
 * call, and the page shows that page without asking again). Every call (the finder's, matching
 * teachers per filter and more, Connect) is held until the path answers it; the 3-second
 * confirmation is waited for. A call the path expects that never comes fails its step after a
 * while (`heldResponse`), so the walk cannot hang; in `ready` no call is left waiting (the first
 * page is not asked for a second time).
 */
const entry = findMachine('teacherFinder') as MachineEntry;
if (!entry) throw new Error('teacherFinder is not registered');
const user = userEvent.setup();
let latest: ReturnType<typeof heldResponse>;
let matches: ReturnType<typeof heldResponse>;
let connect: ReturnType<typeof heldResponse>;
let switchMode: ReturnType<typeof heldResponse>;

const FILTER_LABELS: Record<MatchFilter, string> = {
  all: 'All',
  online: 'Online',
  offline: 'Offline',
  individual: 'Individual',
  group: 'Group',
};

interface SampleMatch {
  teacher: { id: number; name: string };
  connection: { id: number; status: string } | null;
}
interface SamplePage {
  data: SampleMatch[];
  teacher_count: number;
  page: number;
  mode_unavailable?: boolean;
  using_distance?: boolean;
  max_results?: number;
}

/** The matching-teachers response for a page the model knows by ids and names. */
const wirePage = (page: SamplePage) => ({
  status: 'success',
  data: page.data.map((m) => ({
    teacher: sampleTeacher(m.teacher.id, m.teacher.name),
    covered_subject_ids: [1],
    mode_fit: true,
    medium_fit: true,
    connection: m.connection,
  })),
  teacher_count: page.teacher_count,
  page: page.page,
  limit: 2,
  pagination: { next: null, prev: null },
  request: sampleRequest,
  mode_unavailable: page.mode_unavailable ?? false,
  using_distance: page.using_distance ?? false,
  max_results: page.max_results,
});

const loading = () => expect(screen.getByLabelText('Loading teachers')).toBeInTheDocument();
const failBody = (event: unknown) => (event as { error: { status: number; body: unknown } }).error;

// A failed filter load retried once the request is known goes straight to the matches (no second
// look-up through the finder's call).
const samples = entry.sampleEvents ?? {};
const found = (samples['xstate.done.actor.findLatestRequest'] as object[])[0];
const loaded = (samples['xstate.done.actor.loadMatches'] as object[])[0];
const paths: MachinePath[] = [
  ...coveragePaths(entry),
  {
    target: 'ready',
    steps: [
      { ...found, type: 'xstate.done.actor.findLatestRequest' },
      { type: 'filter.change', ...(samples['filter.change'] as object) },
      { type: 'xstate.error.actor.loadMatches', ...(samples['xstate.error.actor.loadMatches'] as object) },
      { type: 'load.retry' },
      { type: 'xstate.done.actor.loadMatches', ...loaded },
    ].map((event) => ({ event: event as EventObject, value: null })),
    transitions: [],
  },
];

const spec: ModelTest<View> = {
  paths,
  beforePath: () => {
    signInStudent({ studentId: 7 });
    latest = heldResponse('get', '*/api/v1/students/me/finder');
    matches = heldResponse('get', '*/api/v1/teacher_student_requests/:id/matching_teachers');
    connect = heldResponse('post', '*/api/v1/teacher_student_requests/:id/connect');
    switchMode = heldResponse('patch', '*/api/v1/teacher_student_requests/:id');
  },
  render: () => renderRoute('/teacherfinder'),
  states: {
    modeUnavailable: (_, snapshot) => {
      expect(screen.getByText(MATCH_MESSAGES.onlineUnavailable)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: MATCH_MESSAGES.searchOffline })).toBeEnabled();
      expect(screen.queryByRole('article')).not.toBeInTheDocument();
      const { message } = snapshot.context as TeacherFinderContext;
      if (message) expect(screen.getByText(message)).toBeInTheDocument();
    },
    switchingMode: () => expectBusy(MATCH_MESSAGES.searchOffline),
    resolving: loading,
    loading,
    noRequest: () => {
      expect(screen.getByText('No request yet')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Make a request' })).toHaveAttribute('href', '/subject');
    },
    failure: (_, snapshot) => {
      expect(screen.getByRole('alert')).toHaveTextContent(
        (snapshot.context as TeacherFinderContext).message ?? '',
      );
      expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    },
    ready: (_, snapshot) => {
      const ctx = snapshot.context as TeacherFinderContext;
      const cards = screen.getAllByRole('article');
      expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(ctx.matches.map((m) => m.teacher.name));
      for (const m of ctx.matches) {
        const card = within(screen.getByRole('article', { name: m.teacher.name }));
        const status = m.connection?.status as RequestStatus | undefined;
        if (status) {
          expect(card.getByText(REQUEST_STATUS_LABELS[status] ?? status)).toBeInTheDocument();
          expect(card.queryByRole('button', { name: /^Connect/ })).not.toBeInTheDocument();
        } else
          expect(card.getByRole('button', { name: `Connect with ${m.teacher.name}` })).toBeInTheDocument();
      }
      expect(screen.getByText(`${ctx.total} teachers match your request`)).toBeInTheDocument();
      expect(
        screen.getByText(ctx.usingDistance ? MATCH_MESSAGES.usingDistance : MATCH_MESSAGES.notUsingDistance),
      ).toBeInTheDocument();
      expect(screen.getByRole('button', { name: FILTER_LABELS[ctx.filter] })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      if (ctx.message) expect(screen.getByRole('alert')).toHaveTextContent(ctx.message);
      else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
    'ready.list.idle': (_, snapshot) => {
      const ctx = snapshot.context as TeacherFinderContext;
      expect(matches.pending).toBe(0);
      expect(latest.pending).toBe(0);
      if (ctx.matches.length < ctx.total) expectBusy('Show more teachers', false);
      else expect(screen.queryByRole('button', { name: 'Show more teachers' })).not.toBeInTheDocument();
    },
    'ready.list.loadingMore': () => expectBusy('Show more teachers'),
    'ready.list.connecting': (_, snapshot) => {
      const { connectingId, matches: list } = snapshot.context as TeacherFinderContext;
      const name = list.find((m) => m.teacher.id === connectingId)?.teacher.name;
      expectBusy(`Connect with ${name}`);
    },
    'ready.toast.hidden': () =>
      expect(screen.queryByText(REQUEST_MESSAGES.connectSent)).not.toBeInTheDocument(),
    'ready.toast.shown': () =>
      expect(screen.getByRole('status')).toHaveTextContent(REQUEST_MESSAGES.connectSent),
  },
  events: {
    // The finder's one call: the latest request with its first page of matches, or none.
    'xstate.done.actor.findLatestRequest': (_, { event }) => {
      const page = output<(SamplePage & { request: { id: number } }) | null>(event);
      return latest.respond(200, {
        status: 'success',
        data: page ? { ...wirePage(page), request: { ...sampleRequest, id: page.request.id } } : null,
      });
    },
    'xstate.error.actor.findLatestRequest': (_, { event }) =>
      latest.respond(failBody(event).status, failBody(event).body),
    'xstate.done.actor.loadMatches': (_, { event }) =>
      matches.respond(200, wirePage(output<SamplePage>(event))),
    'xstate.error.actor.loadMatches': (_, { event }) =>
      matches.respond(failBody(event).status, failBody(event).body),
    'xstate.done.actor.loadMoreMatches': (_, { event }) =>
      matches.respond(200, wirePage(output<SamplePage>(event))),
    'xstate.error.actor.loadMoreMatches': (_, { event }) =>
      matches.respond(failBody(event).status, failBody(event).body),
    'filter.change': (_, { event }) => {
      const { filter } = event as unknown as { filter: MatchFilter };
      return user.click(
        within(screen.getByRole('group', { name: 'Filter teachers' })).getByRole('button', {
          name: FILTER_LABELS[filter],
        }),
      );
    },
    'mode.offline': () => user.click(screen.getByRole('button', { name: MATCH_MESSAGES.searchOffline })),
    'xstate.done.actor.switchToOffline': () =>
      switchMode.respond(200, { status: 'success', data: { ...sampleRequest, mode_of_teaching: 'offline' } }),
    'xstate.error.actor.switchToOffline': (_, { event }) =>
      switchMode.respond(failBody(event).status, failBody(event).body),
    'page.more': () => user.click(screen.getByRole('button', { name: 'Show more teachers' })),
    'load.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
    'teacher.connect': (_, { event, from }) => {
      const { teacherId } = event as unknown as { teacherId: number };
      const name = (from.context as TeacherFinderContext).matches.find((m) => m.teacher.id === teacherId)
        ?.teacher.name;
      return user.click(screen.getByRole('button', { name: `Connect with ${name}` }));
    },
    'xstate.done.actor.connectTeacher': (_, { event }) => {
      const sent = output<{ id: number; status: string }>(event);
      return connect.respond(201, { status: 'success', data: { ...sampleRequest, ...sent, teacher_id: 1 } });
    },
    'xstate.error.actor.connectTeacher': (_, { event }) =>
      connect.respond(failBody(event).status, failBody(event).body),
    'toast.close': () => user.click(within(screen.getByRole('status')).getByRole('button')),
  },
  timeout: 15000,
};

testMachine(entry, spec);

/**
 * The finder's answer already in when the page first renders (the page's HTML asked for it): the
 * page starts where it leads (the matches, no request yet, or online teaching not offered), with no
 * call. Its promise never settles here, so a page that waited for it instead would never get there.
 */
const startsAt = ['ready', 'noRequest', 'modeUnavailable'];
for (const [i, { output: first }] of (
  samples['xstate.done.actor.findLatestRequest'] as Array<{ output: unknown }>
).entries())
  testMachine(
    { ...entry, sampleInput: { requestId: null, first } },
    {
      ...spec,
      paths: [{ target: startsAt[i], steps: [], transitions: [] }],
      beforePath: (path) => {
        spec.beforePath?.(path);
        const page = first as (SamplePage & { request: { id: number } }) | null;
        const body = {
          status: 'success',
          data: page ? { ...wirePage(page), request: { ...sampleRequest, id: page.request.id } } : null,
        };
        window.__FIRST_SCREEN__ = {
          url: '/api/v1/students/me/finder',
          body: new Promise(() => {}),
          done: true,
          value: body,
        };
      },
    },
  );

// Coming from /subject, the request id is in the navigation state: the matches load at once.
testMachine(
  { ...entry, sampleInput: { requestId: 11 } },
  {
    paths: [{ target: 'loading', steps: [], transitions: [] }],
    beforePath: () => {
      signInStudent({ studentId: 7 });
      window.history.replaceState({ requestId: 11 }, '');
      latest = heldResponse('get', '*/api/v1/students/me/finder');
      matches = heldResponse('get', '*/api/v1/teacher_student_requests/:id/matching_teachers');
    },
    render: () => renderRoute('/teacherfinder'),
    states: {
      loading: () => {
        loading();
        expect(matches.requests).toBe(1);
        expect(latest.requests).toBe(0);
        window.history.replaceState(null, '');
      },
    },
    events: {},
  },
);
