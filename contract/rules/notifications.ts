/**
 * In-app (and e-mailed) notifications: the bell's and the list's texts. The server creates them;
 * each kind's wording is in server/lib/notification-messages.ts and the client's `notifications`
 * messages.
 */

export const NOTIFICATION_MESSAGES = {
  bellLabel: (unread: number) => (unread ? `Notifications, ${unread} unread` : 'Notifications'),
  heading: 'Notifications',
  empty: 'Nothing new. We will tell you here when something happens.',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  loadFailed: 'Could not load notifications.',
  loadMore: 'Show older',
  notFound: 'Notification not found',
  notYours: 'This notification is not yours.',
  usersOnly: 'Notifications belong to teachers, students and job seekers.',
} as const;

/** Polling of the bell: every 30 s; after failures in a row twice as long each time, up to 5 minutes. */
export const NOTIFICATION_POLL_MS = 30_000;

/** Notifications per page of the bell's list ('Show older' loads the next page). */
export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_BACKOFF_MAX_MS = 300_000;
