import { HttpResponse, http } from 'msw';

/** The bell's calls: nothing new by default; tests that need notifications hold or replace these. */
export const notificationHandlers = [
  http.get('*/api/v1/notifications', () =>
    HttpResponse.json({
      status: 'success',
      data: [],
      unread_count: 0,
      total: 0,
      pagination: { next: null, prev: null },
    }),
  ),
  http.post('*/api/v1/notifications/read_all', () =>
    HttpResponse.json({ status: 'success', data: { unread_count: 0 } }),
  ),
];
