/**
 * In-app (and e-mailed) notifications: the events, their wording, and where each leads. The server
 * creates them; the bell and the list show them.
 */
export const NOTIFICATION_KINDS = [
  'request_new',
  'request_accepted',
  'request_declined',
  'contract_ended',
  'request_cancelled',
  // Other modules' events (verification outcomes, job applications) use their own kinds.
] as const;

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
