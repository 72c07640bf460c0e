import { NOTIFICATION_PAGE_SIZE } from '../../contract/rules/notifications';
import {
  NotificationPageResponse,
  NotificationResponse,
  NotificationsReadResponse,
} from '../../contract/structs/notification';
import { request } from './client';

/** The signed-in person's notifications (the header's bell). */
export const fetchNotifications = (page = 1) =>
  request(NotificationPageResponse, {
    url: '/api/v1/notifications',
    params: { page, limit: NOTIFICATION_PAGE_SIZE },
  });

export const markNotificationRead = async (id: number) =>
  (await request(NotificationResponse, { method: 'PATCH', url: `/api/v1/notifications/${id}/read` })).data;

export const markAllNotificationsRead = async () =>
  (await request(NotificationsReadResponse, { method: 'POST', url: '/api/v1/notifications/read_all' })).data;
