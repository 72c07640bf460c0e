import { array, type Infer, integer, literal, nullable, optional, string, type } from 'superstruct';

/**
 * What a notification's text is made of. With them the client renders the text from the message of
 * its `kind` in the reader's language (the e-mail does the same in the account's language); without
 * them (older rows, unknown kinds) it shows `title` and `body`, the English text.
 */
export const NotificationParams = type({
  /** The other party's name: the student (request_new, request_cancelled) or the teacher. */
  student: optional(string()),
  teacher: optional(string()),
  /** Names of the request's subjects, in the request's order (as typed in the subject list). */
  subjects: optional(array(string())),
  /** A decline-reason preset (DECLINE_REASON_KEYS) or 'other'. */
  reason_key: optional(nullable(string())),
  /** Free text as typed: the teacher's 'other' decline reason, an administrator's rejection reason. */
  reason: optional(nullable(string())),
  /** Job applications: the posting's title and organisation, and the administrator's note. */
  posting: optional(string()),
  organisation: optional(string()),
  note: optional(nullable(string())),
});
export type NotificationParams = Infer<typeof NotificationParams>;

/** One in-app notification as GET /api/v1/notifications returns it (`title`/`body`: English). */
export const Notification = type({
  id: integer(),
  kind: string(),
  title: string(),
  body: string(),
  params: optional(nullable(NotificationParams)),
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
