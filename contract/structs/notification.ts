import { array, type Infer, integer, literal, nullable, string, type } from 'superstruct';

/** One in-app notification as GET /api/v1/notifications returns it. */
export const Notification = type({
  id: integer(),
  kind: string(),
  title: string(),
  body: string(),
  link: nullable(string()),
  request_id: nullable(integer()),
  read_at: nullable(string()),
  created_at: string(),
});
export type Notification = Infer<typeof Notification>;

export const NotificationPageResponse = type({
  status: literal('success'),
  data: array(Notification),
  unread_count: integer(),
  total: integer(),
  pagination: type({ next: nullable(integer()), prev: nullable(integer()) }),
});
export type NotificationPageResponse = Infer<typeof NotificationPageResponse>;

export const NotificationResponse = type({ status: literal('success'), data: Notification });

export const NotificationsReadResponse = type({
  status: literal('success'),
  data: type({ unread_count: integer() }),
});
