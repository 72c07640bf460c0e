import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { ADMIN_MESSAGES } from '../../../contract/rules/admin';
import type { AdminNotification, MonthOverview } from '../../../contract/structs/admin';
import { entries } from '../../../machines/admin';
import type { AdminDashboardContext, NotificationsPage } from '../../../machines/admin/adminDashboard';
import AdminDashboardPage from '../../../src/features/admin/AdminDashboardPage';
import { coveragePaths, fewestPaths } from '../../../src/features/machines/analysis';
import { testMachine } from '../../model/kit';
import { adminTeacher } from '../../msw/handlers/admin';
import { server } from '../../msw/server';
import {
  dashboardAnswerBack,
  failureOf,
  heldRequests,
  outputOf,
  renderPage,
  sampleOf,
  signInAdmin,
  takeable,
} from './model-view';

/**
 * The real /admin page walked by the kit over adminDashboard: the month overview (figures, the
 * month selector, the charts' data tables or their empty states) and the notifications panel, each
 * call held until a step answers it. Teacher Approvals holds one teacher, whose approval (answered at
 * once) loads the month's figures again.
 */
const entry = entries.find((e) => e.name === 'adminDashboard')!;
const user = userEvent.setup();
let overview: ReturnType<typeof heldRequests>;
let notifications: ReturnType<typeof heldRequests>;
let markRead: ReturnType<typeof heldRequests>;

// recharts is a lazy chunk of the page: load it once so the charts appear within an assertion's wait.
beforeAll(async () => {
  await import('../../../src/features/admin/OverviewCharts');
});

const contextOf = (s: AnyMachineSnapshot) => s.context as AdminDashboardContext;
const main = () => within(screen.getByRole('main'));
const panel = () => within(screen.getByRole('region', { name: 'Notifications' }));
const NOTIFICATIONS_FAILED = 'Failed to load notifications. Please try again later.';

/** Every figure, the month selector and the Teaching charts (their data tables) of the overview. */
function overviewShown(o: MonthOverview, selectorEnabled: boolean) {
  const s = o.summary;
  for (const [label, value] of [
    ['Total Teachers', s.total_teachers],
    ['Active Teachers', s.active_teachers],
    ['Total Students', s.total_students],
    ['Active Students', s.active_students],
    ['Active Job Posts', s.active_job_posts],
    ['Job Applications', s.job_applications],
  ] as const)
    expect(main().getByLabelText(`${label}: ${value}`)).toHaveTextContent(value.toLocaleString('en-IN'));
  const month = main().getByLabelText('Month');
  expect(month).toHaveValue(o.month);
  expect(month).toHaveProperty('disabled', !selectorEnabled);
  expect(
    within(month)
      .getAllByRole('option')
      .map((x) => x.textContent),
  ).toEqual(o.months.map((m) => m.label));
  const t = o.teaching;
  if (t.class_modes.every((m) => m.value === 0)) {
    for (const title of ['Offline vs Online Classes', 'Busy Hours'])
      expect(main().getByRole('figure', { name: title })).toHaveTextContent(`No requests in ${o.label}.`);
  } else {
    const modes = main().getByRole('table', { name: 'Offline vs Online Classes' });
    expect(
      within(modes)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['ModeRequests', ...t.class_modes.map((m) => `${m.name}${m.value}`)]);
    const busy = main().getByRole('table', { name: 'Busy Hours' });
    expect(
      within(busy)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(t.busy_hours.map((b) => `${b.slot}${b.school_students}${b.college_students}${b.working_pro}`));
  }
  if (t.searched_subjects.length) {
    const subjects = main().getByRole('table', { name: 'Most Searched Subject' });
    expect(
      within(subjects)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(t.searched_subjects.map((x) => `${x.subject}${x.count}`));
  } else {
    expect(main().getByRole('figure', { name: 'Most Searched Subject' })).toHaveTextContent(
      `No subjects searched in ${o.label}.`,
    );
  }
  const j = o.jobs;
  if (j.industry_postings.every((i) => i.count === 0))
    expect(main().getByRole('figure', { name: 'Industry wise job postings' })).toHaveTextContent(
      `No job postings in ${o.label}.`,
    );
  else
    expect(
      within(main().getByRole('table', { name: 'Industry wise job postings' }))
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(j.industry_postings.map((i) => `${i.label}${i.count}`));
  if (j.hiring_ratio.every((r) => r.value === 0))
    expect(main().getByRole('figure', { name: 'Hiring Ratio' })).toHaveTextContent(
      `No job applications in ${o.label}.`,
    );
  else
    expect(
      within(main().getByRole('table', { name: 'Hiring Ratio' }))
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(j.hiring_ratio.map((r) => `${r.name}${r.value}`));
}

/** The notifications as the context holds them, or the empty panel; the error line when there is one. */
function notificationsShown(s: AnyMachineSnapshot) {
  const { notifications: list, notificationsError } = contextOf(s);
  if (notificationsError) expect(panel().getByRole('alert')).toHaveTextContent(notificationsError);
  else expect(panel().queryByRole('alert')).not.toBeInTheDocument();
  expect(
    panel()
      .queryAllByRole('listitem')
      .map((li) => li.firstChild?.textContent),
  ).toEqual(list.map((n: AdminNotification) => n.message));
  if (!list.length) {
    expect(panel().getByText(ADMIN_MESSAGES.noNotifications)).toBeVisible();
    expect(panel().getByText(ADMIN_MESSAGES.allCaughtUp)).toBeVisible();
    expect(panel().queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  }
}

// Month selector and Mark all as read exist only once there is something to show: a path that
// takes them earlier first lets the overview load.
const overviewLoaded = sampleOf(entry, 'xstate.done.actor.fetchOverview');
const notificationsLoaded = sampleOf(entry, 'xstate.done.actor.fetchNotifications');
const firstLoad = (s: AnyMachineSnapshot, event: EventObject) =>
  event.type === 'month.select' && (s.matches({ overview: 'loading' }) || !contextOf(s).overview)
    ? [overviewLoaded]
    : [];
const paths = fewestPaths(entry, takeable(entry, coveragePaths(entry), firstLoad));
// And the month chosen is shown: January has no requests (the charts' empty states).
const january = entry.sampleEvents?.['xstate.done.actor.fetchOverview'] as { output: MonthOverview }[];
paths.push(
  ...takeable(
    entry,
    [
      {
        target: 'loaded',
        transitions: [],
        steps: [
          notificationsLoaded,
          { type: 'month.select', month: '2025-01' },
          { ...january[1], type: 'xstate.done.actor.fetchOverview' },
        ].map((event) => ({ event: event as EventObject, value: null })),
      },
    ],
    firstLoad,
  ),
);

/** Answers the held notifications call for this offset with the sample page. */
function respondPage(event: EventObject, offset: number) {
  const page = outputOf(event) as NotificationsPage;
  return notifications.respond(
    200,
    { status: 'success', data: page.items, since: null, has_more: page.hasMore },
    (url) => url.searchParams.get('offset') === String(offset),
  );
}

testMachine(entry, {
  paths,
  beforePath: () => {
    signInAdmin();
    overview = heldRequests('get', '*/api/v1/admin/overview');
    notifications = heldRequests('get', '*/api/v1/admin/notifications');
    markRead = heldRequests('post', '*/api/v1/admin/notifications/seen');
    server.use(
      http.get('*/api/v1/admin/teacher_approvals', () =>
        HttpResponse.json({ status: 'success', data: [adminTeacher(7)], total_count: 1 }),
      ),
      http.patch('*/api/v1/teachers/:id/approve', () =>
        HttpResponse.json({ status: 'success', data: adminTeacher(7, { verification_status: 'verified' }) }),
      ),
    );
  },
  render: () => renderPage(<AdminDashboardPage />, '/admin'),
  states: {
    overview: () => expect(screen.getByRole('heading', { name: 'An Overview for the month' })).toBeVisible(),
    'overview.loading': (_, s) => {
      const o = contextOf(s).overview;
      if (o) expect(main().getByLabelText('Month')).toBeDisabled();
      else expect(main().getByLabelText('Loading the overview')).toBeInTheDocument();
      expect(main().queryByRole('alert')).not.toBeInTheDocument();
    },
    'overview.loaded': (_, s) => {
      overviewShown(contextOf(s).overview as MonthOverview, true);
      expect(main().queryByRole('alert')).not.toBeInTheDocument();
    },
    'overview.failure': (_, s) => {
      expect(main().getByRole('alert')).toHaveTextContent(ADMIN_MESSAGES.overviewFailed);
      expect(main().getByRole('button', { name: 'Try again' })).toBeEnabled();
      const o = contextOf(s).overview;
      if (o) overviewShown(o, true);
      else expect(main().queryByLabelText('Month')).not.toBeInTheDocument();
    },
    'notifications.loading': () => {
      expect(panel().getByLabelText('Loading notifications')).toBeInTheDocument();
      expect(panel().queryByRole('alert')).not.toBeInTheDocument();
    },
    'notifications.loaded': (_, s) => {
      notificationsShown(s);
      if (contextOf(s).notifications.length)
        expect(panel().getByRole('button', { name: 'Mark all as read' })).toBeEnabled();
      if (contextOf(s).notificationsHasMore)
        expect(panel().getByRole('button', { name: 'Show more' })).toBeEnabled();
      else expect(panel().queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    },
    'notifications.loadingMore': (_, s) => {
      notificationsShown(s);
      expect(panel().getByRole('button', { name: 'Show more' })).toBeDisabled();
      expect(panel().getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    },
    'notifications.markingRead': (_, s) => {
      notificationsShown(s);
      expect(panel().getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    },
    'notifications.failure': () => {
      expect(panel().getByRole('alert')).toHaveTextContent(NOTIFICATIONS_FAILED);
      expect(panel().getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(panel().queryByText(ADMIN_MESSAGES.noNotifications)).not.toBeInTheDocument();
    },
  },
  events: {
    // The overview asked for is the machine's month (none at first: the server's current month).
    'xstate.done.actor.fetchOverview': (_, { event, from }) =>
      overview.respond(
        200,
        { status: 'success', data: outputOf(event) },
        (url) => url.searchParams.get('month') === contextOf(from).month,
      ),
    'xstate.error.actor.fetchOverview': (_, { event, from }) => {
      const { status, body } = failureOf(event);
      return overview.respond(status, body, (url) => url.searchParams.get('month') === contextOf(from).month);
    },
    'month.select': (_, { event }) =>
      user.selectOptions(main().getByLabelText('Month'), (event as unknown as { month: string }).month),
    'overview.retry': () => user.click(main().getByRole('button', { name: 'Try again' })),
    // A decision in Teacher Approvals (the queue reloads; the figures load again).
    'overview.refresh': async () => {
      const approve = await screen.findByRole('button', { name: 'Approve Teacher 07' });
      await waitFor(() => expect(approve).toBeEnabled());
      await user.click(approve);
    },
    'xstate.done.actor.fetchNotifications': (_, { event }) => respondPage(event, 0),
    'xstate.error.actor.fetchNotifications': (_, { event }) => {
      const { status, body } = failureOf(event);
      return notifications.respond(status, body, (url) => url.searchParams.get('offset') === '0');
    },
    'notifications.more': () => user.click(panel().getByRole('button', { name: 'Show more' })),
    // The next page is asked for after the ones shown.
    'xstate.done.actor.fetchMoreNotifications': (_, { event, from }) =>
      respondPage(event, contextOf(from).notifications.length),
    'xstate.error.actor.fetchMoreNotifications': (_, { event, from }) => {
      const { status, body } = failureOf(event);
      const offset = String(contextOf(from).notifications.length);
      return notifications.respond(status, body, (url) => url.searchParams.get('offset') === offset);
    },
    'notifications.retry': () => user.click(panel().getByRole('button', { name: 'Try again' })),
    'notifications.markRead': () => user.click(panel().getByRole('button', { name: 'Mark all as read' })),
    'xstate.done.actor.markNotificationsRead': (_, { event }) => markRead.respond(200, outputOf(event)),
    'xstate.error.actor.markNotificationsRead': (_, { event }) => {
      const { status, body } = failureOf(event);
      return markRead.respond(status, body);
    },
  },
});

/**
 * The overview and the first page of notifications already back when the page first renders (its
 * HTML asked for them): both on screen at once, with no call. Their promises never settle here, so
 * a page that waited for them (a load a step later) instead of starting from them would fail.
 */
const givenOverview = outputOf(overviewLoaded) as MonthOverview;
const givenNotifications = outputOf(notificationsLoaded) as NotificationsPage;
testMachine(
  { ...entry, sampleInput: { first: { overview: givenOverview, notifications: givenNotifications } } },
  {
    paths: [{ target: 'loaded', transitions: [], steps: [] }],
    beforePath: () => {
      signInAdmin();
      dashboardAnswerBack({
        overview: { status: 'success', data: givenOverview },
        notifications: {
          status: 'success',
          data: givenNotifications.items,
          since: null,
          has_more: givenNotifications.hasMore,
        },
      });
    },
    render: () => renderPage(<AdminDashboardPage />, '/admin'),
    states: {
      'overview.loaded': () => overviewShown(givenOverview, true),
      'notifications.loaded': (_, s) => notificationsShown(s),
    },
    events: {},
  },
);
