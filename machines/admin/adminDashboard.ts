import { assign, fromPromise, setup } from 'xstate';
import { ADMIN_MESSAGES } from '../../contract/rules/admin';
import type { AdminNotification, MonthOverview } from '../../contract/structs/admin';
import { notProvided } from '../common/actors';

/**
 * The admin dashboard (/admin, /Admin): the month overview (figures and charts computed by the
 * server for the chosen month, D9) and the notifications panel (the latest ten, then 'Show more'
 * a page at a time from the server), loaded independently (parallel regions). Teacher Approvals and New subjects are machines of their own
 * (adminApprovals, adminSubjects); after each of their decisions the month's figures are loaded again (`overview.refresh`): a decision made
 * while they load starts the load again (the answer on its way may predate the decision), and one
 * made while they failed to load loads them. Calls come from `.provide()`.
 * Either region starts from its answer when the page already has it (input `first`: the page's HTML
 * asked for it), on screen at once; otherwise it loads it.
 */

export interface AdminDashboardContext {
  /** null: the server's default (the current month). */
  month: string | null;
  overview: MonthOverview | null;
  overviewError: string | null;
  /** The pages loaded so far, newest first. */
  notifications: AdminNotification[];
  /** Whether the server has another page ('Show more'). */
  notificationsHasMore: boolean;
  notificationsError: string | null;
  /** The first page of notifications came with the input (no load for it). */
  notificationsGiven: boolean;
}

export interface AdminDashboardInput {
  /** The first screen's answers already back when the page first renders (either may be missing). */
  first?: { overview?: MonthOverview; notifications?: NotificationsPage } | null;
}

/** One page of notifications as the server answers it. */
export interface NotificationsPage {
  items: AdminNotification[];
  hasMore: boolean;
}

export type AdminDashboardEvent =
  | { type: 'month.select'; month: string }
  | { type: 'overview.retry' }
  /** A teacher or a suggested subject was decided on (here or by someone else): the figures are loaded again. */
  | { type: 'overview.refresh' }
  | { type: 'notifications.retry' }
  | { type: 'notifications.more' }
  | { type: 'notifications.markRead' };

const NOTIFICATIONS_FAILED = ADMIN_MESSAGES.notificationsLoadFailed;

export const adminDashboardMachine = setup({
  types: {
    context: {} as AdminDashboardContext,
    events: {} as AdminDashboardEvent,
    input: {} as AdminDashboardInput,
  },
  actors: {
    fetchOverview: fromPromise<MonthOverview, { month: string | null }>(
      notProvided('adminDashboard', 'fetchOverview'),
    ),
    fetchNotifications: fromPromise<NotificationsPage, { offset: number }>(
      notProvided('adminDashboard', 'fetchNotifications'),
    ),
    markNotificationsRead: fromPromise<unknown>(notProvided('adminDashboard', 'markNotificationsRead')),
  },
  guards: {
    isOtherMonth: ({ context, event }) =>
      event.type === 'month.select' && event.month !== (context.month ?? context.overview?.month),
    hasMoreNotifications: ({ context }) => context.notificationsHasMore,
    hasOverview: ({ context }) => context.overview !== null,
    notificationsGiven: ({ context }) => context.notificationsGiven,
  },
  actions: {
    selectMonth: assign({ month: ({ event }) => (event.type === 'month.select' ? event.month : null) }),
    showOverview: assign(({ event }) => {
      const overview = (event as unknown as { output: MonthOverview }).output;
      return { overview, month: overview.month, overviewError: null };
    }),
    showOverviewFailure: assign({ overviewError: ADMIN_MESSAGES.overviewFailed }),
    showNotifications: assign(({ event }) => {
      const page = (event as unknown as { output: NotificationsPage }).output;
      return { notifications: page.items, notificationsHasMore: page.hasMore, notificationsError: null };
    }),
    appendNotifications: assign(({ context, event }) => {
      const page = (event as unknown as { output: NotificationsPage }).output;
      const known = new Set(context.notifications.map((n) => n.id));
      return {
        notifications: [...context.notifications, ...page.items.filter((n) => !known.has(n.id))],
        notificationsHasMore: page.hasMore,
        notificationsError: null,
      };
    }),
    showNotificationsFailure: assign({ notificationsError: NOTIFICATIONS_FAILED }),
    clearNotifications: assign({ notifications: [], notificationsHasMore: false }),
  },
}).createMachine({
  id: 'adminDashboard',
  context: ({ input }) => ({
    month: input?.first?.overview?.month ?? null,
    overview: input?.first?.overview ?? null,
    overviewError: null,
    notifications: input?.first?.notifications?.items ?? [],
    notificationsHasMore: input?.first?.notifications?.hasMore ?? false,
    notificationsError: null,
    notificationsGiven: Boolean(input?.first?.notifications),
  }),
  type: 'parallel',
  states: {
    overview: {
      initial: 'starting',
      on: { 'month.select': { guard: 'isOtherMonth', target: '.loading', actions: 'selectMonth' } },
      states: {
        /** Given with the input: on screen at once; otherwise loaded. */
        starting: { always: [{ guard: 'hasOverview', target: 'loaded' }, { target: 'loading' }] },
        loading: {
          on: { 'overview.refresh': { target: 'loading', reenter: true } },
          invoke: {
            id: 'fetchOverview',
            src: 'fetchOverview',
            input: ({ context }) => ({ month: context.month }),
            onDone: { target: 'loaded', actions: 'showOverview' },
            onError: { target: 'failure', actions: 'showOverviewFailure' },
          },
        },
        loaded: { on: { 'overview.refresh': 'loading' } },
        failure: { on: { 'overview.retry': 'loading', 'overview.refresh': 'loading' } },
      },
    },
    notifications: {
      initial: 'starting',
      states: {
        /** Given with the input: on screen at once; otherwise loaded. */
        starting: { always: [{ guard: 'notificationsGiven', target: 'loaded' }, { target: 'loading' }] },
        loading: {
          invoke: {
            id: 'fetchNotifications',
            src: 'fetchNotifications',
            input: () => ({ offset: 0 }),
            onDone: { target: 'loaded', actions: 'showNotifications' },
            onError: { target: 'failure', actions: 'showNotificationsFailure' },
          },
        },
        loaded: {
          on: {
            'notifications.markRead': 'markingRead',
            'notifications.more': { guard: 'hasMoreNotifications', target: 'loadingMore' },
          },
        },
        // The next page ('Show more'), after the ones shown; a failure keeps what is shown.
        loadingMore: {
          invoke: {
            id: 'fetchMoreNotifications',
            src: 'fetchNotifications',
            input: ({ context }) => ({ offset: context.notifications.length }),
            onDone: { target: 'loaded', actions: 'appendNotifications' },
            onError: { target: 'loaded', actions: 'showNotificationsFailure' },
          },
        },
        markingRead: {
          invoke: {
            id: 'markNotificationsRead',
            src: 'markNotificationsRead',
            onDone: { target: 'loaded', actions: 'clearNotifications' },
            onError: { target: 'loaded', actions: 'showNotificationsFailure' },
          },
        },
        failure: { on: { 'notifications.retry': 'loading' } },
      },
    },
  },
});
