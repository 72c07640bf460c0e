import {
  NotificationPageResponse,
  NotificationResponse,
  NotificationsReadResponse,
} from '../structs/notification';
import { IdParams, PageQuery } from './common';
import { route } from './route';

/** A person's own in-app notifications (the bell). */
export const notificationRoutes = {
  listNotifications: route({
    id: 'notifications.list',
    method: 'GET',
    path: '/api/v1/notifications',
    summary: 'The caller’s notifications, newest first, with the unread count',
    access: 'signed_in',
    query: PageQuery,
    response: NotificationPageResponse,
  }),
  readNotification: route({
    id: 'notifications.read',
    method: 'PATCH',
    path: '/api/v1/notifications/:id/read',
    summary: 'Mark one notification read',
    access: 'signed_in',
    params: IdParams,
    response: NotificationResponse,
  }),
  readAll: route({
    id: 'notifications.readAll',
    method: 'POST',
    path: '/api/v1/notifications/read_all',
    summary: 'Mark every notification read',
    access: 'signed_in',
    response: NotificationsReadResponse,
  }),
};
