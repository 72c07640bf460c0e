import { assign, fromPromise, setup } from 'xstate';
import {
  NOTIFICATION_MESSAGES as M,
  NOTIFICATION_BACKOFF_MAX_MS,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_POLL_MS,
} from '../../contract/rules/notifications';
import type { Notification } from '../../contract/structs/notification';

export interface NotificationPage {
  data: Notification[];
  unread_count: number;
  total: number;
}

export interface NotificationsContext {
  /** Newest first: the latest page, then the older pages 'Show older' loaded. */
  items: Notification[];
  unread: number;
  /** How many the person has in all (more than listed: 'Show older'). */
  total: number;
  /** Failed polls in a row: each doubles the wait before the next, up to the maximum. */
  failures: number;
  /** The notification being marked read. */
  markingId: number | null;
  message: string | null;
  /** The panel is open (its list and buttons are on screen). */
  open: boolean;
}

export type NotificationsEvent =
  | { type: 'bell.toggle' }
  | { type: 'panel.close' }
  | { type: 'notification.open'; id: number }
  | { type: 'notification.read'; id: number }
  | { type: 'notifications.readAll' }
  | { type: 'notifications.refresh' }
  | { type: 'notifications.older' };

const markRead = (items: Notification[], id: number | null, at: string) =>
  items.map((n) => (id === null || n.id === id ? { ...n, read_at: n.read_at ?? at } : n));

/**
 * A poll's newest page in front of what is listed: the older pages already loaded stay (without the
 * ones the newest page repeats), so a poll never takes away what 'Show older' brought.
 */
export function withNewest(items: Notification[], newest: Notification[]): Notification[] {
  const ids = new Set(newest.map((n) => n.id));
  const oldest = newest.length ? Math.min(...newest.map((n) => n.id)) : Number.POSITIVE_INFINITY;
  return [...newest, ...items.filter((n) => !ids.has(n.id) && n.id < oldest)];
}

/** An older page behind what is listed (without repeats: new ones may have shifted the pages). */
export function withOlder(items: Notification[], older: Notification[]): Notification[] {
  const ids = new Set(items.map((n) => n.id));
  return [...items, ...older.filter((n) => !ids.has(n.id))];
}

/** The page that follows what is listed. */
export const nextPageOf = (items: Notification[]) => Math.floor(items.length / NOTIFICATION_PAGE_SIZE) + 1;

/** How long to wait before polling again: the interval, doubled per failure in a row, capped. */
export const pollDelay = (failures: number) =>
  Math.min(NOTIFICATION_POLL_MS * 2 ** failures, NOTIFICATION_BACKOFF_MAX_MS);

/**
 * The header's bell: polls the signed-in person's notifications (the unread count on the bell),
 * waiting longer after each failed poll (network down) and back to the normal interval after a
 * success; the panel lists them (newest first, 'Show older' loads the next page); opening one marks it
 * read and goes where it leads; mark one or all read.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
  },
  actors: {
    loadNotifications: fromPromise<NotificationPage, void>(async () => {
      throw new Error('loadNotifications not provided');
    }),
    markRead: fromPromise<unknown, { id: number }>(async () => {
      throw new Error('markRead not provided');
    }),
    markAllRead: fromPromise<unknown, void>(async () => {
      throw new Error('markAllRead not provided');
    }),
    /** An older page of the list ('Show older'). */
    loadOlder: fromPromise<NotificationPage, { page: number }>(async () => {
      throw new Error('loadOlder not provided');
    }),
  },
  actions: {
    /** Supplied by the view: go to the notification's link. */
    openLink: (_, _params: { link: string | null }) => {},
  },
  guards: {
    /** The list's buttons exist only while the panel is open. */
    isListed: ({ context, event }) =>
      context.open && 'id' in event && context.items.some((n) => n.id === event.id),
    isUnread: ({ context, event }) =>
      context.open && 'id' in event && context.items.some((n) => n.id === event.id && n.read_at === null),
    hasUnread: ({ context }) => context.open && context.unread > 0,
    /** 'Try again' shows in the open panel after a failure. */
    canRetry: ({ context }) => context.open && context.message !== null,
    /** 'Show older' shows in the open panel while the person has more than is listed. */
    hasOlder: ({ context }) => context.open && context.items.length < context.total,
  },
  delays: {
    poll: ({ context }) => pollDelay(context.failures),
  },
}).createMachine({
  id: 'notifications',
  context: { items: [], unread: 0, total: 0, failures: 0, markingId: null, message: null, open: false },
  type: 'parallel',
  states: {
    poll: {
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            id: 'loadNotifications',
            src: 'loadNotifications',
            onDone: {
              target: 'waiting',
              actions: assign(({ context, event }) => ({
                items: withNewest(context.items, event.output.data),
                total: event.output.total,
                unread: event.output.unread_count,
                failures: 0,
                message: null,
              })),
            },
            onError: {
              target: 'backingOff',
              actions: assign(({ context }) => ({ failures: context.failures + 1, message: M.loadFailed })),
            },
          },
        },
        /** Up to date; polls again after the interval. */
        waiting: {
          after: { poll: 'fetching' },
          on: { 'notifications.refresh': { guard: 'canRetry', target: 'fetching' } },
        },
        /** The last poll failed: the next waits longer (the delay grows with each failure). */
        backingOff: {
          after: { poll: 'fetching' },
          on: { 'notifications.refresh': { guard: 'canRetry', target: 'fetching' } },
        },
      },
    },
    panel: {
      initial: 'closed',
      states: {
        closed: { entry: assign({ open: false }), on: { 'bell.toggle': 'open' } },
        open: {
          entry: assign({ open: true }),
          on: {
            'bell.toggle': 'closed',
            'panel.close': 'closed',
            'notification.open': {
              guard: 'isListed',
              target: 'closed',
              actions: {
                type: 'openLink',
                params: ({ context, event }) => ({
                  link: context.items.find((n) => n.id === event.id)?.link ?? null,
                }),
              },
            },
          },
        },
      },
    },
    /** 'Show older': the next page, behind what is listed. */
    older: {
      initial: 'idle',
      states: {
        idle: { on: { 'notifications.older': { guard: 'hasOlder', target: 'loading' } } },
        loading: {
          invoke: {
            id: 'loadOlder',
            src: 'loadOlder',
            input: ({ context }) => ({ page: nextPageOf(context.items) }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                items: withOlder(context.items, event.output.data),
                total: event.output.total,
                message: null,
              })),
            },
            onError: { target: 'idle', actions: assign({ message: M.loadFailed }) },
          },
        },
      },
    },
    marking: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'notification.read': {
              guard: 'isUnread',
              target: 'markingOne',
              actions: assign({ markingId: ({ event }) => event.id }),
            },
            'notification.open': {
              guard: 'isUnread',
              target: 'markingOne',
              actions: assign({ markingId: ({ event }) => event.id }),
            },
            'notifications.readAll': { guard: 'hasUnread', target: 'markingAll' },
          },
        },
        markingOne: {
          invoke: {
            id: 'markRead',
            src: 'markRead',
            input: ({ context }) => ({ id: context.markingId! }),
            onDone: {
              target: 'idle',
              actions: assign(({ context }) => ({
                items: markRead(context.items, context.markingId, new Date().toISOString()),
                unread: Math.max(0, context.unread - 1),
                markingId: null,
              })),
            },
            onError: { target: 'idle', actions: assign({ markingId: null, message: M.loadFailed }) },
          },
        },
        markingAll: {
          invoke: {
            id: 'markAllRead',
            src: 'markAllRead',
            onDone: {
              target: 'idle',
              actions: assign(({ context }) => ({
                items: markRead(context.items, null, new Date().toISOString()),
                unread: 0,
              })),
            },
            onError: { target: 'idle', actions: assign({ message: M.loadFailed }) },
          },
        },
      },
    },
  },
});
