import './notification-messages';
import type { Notification } from '../../contract/structs/notification';
import { formatList, subjectName } from '../i18n';
import { declineReasonText } from '../lib/decline-reasons';

type Keys = { title: string; body: string; bodyWithReason?: string; bodyWithNote?: string };

/** The messages of each notification kind (namespace `notifications`, the same wording the e-mails use). */
const KIND_KEYS: Record<string, Keys> = {
  request_new: {
    title: 'notifications:kinds.request_new.title',
    body: 'notifications:kinds.request_new.body',
  },
  request_accepted: {
    title: 'notifications:kinds.request_accepted.title',
    body: 'notifications:kinds.request_accepted.body',
  },
  request_declined: {
    title: 'notifications:kinds.request_declined.title',
    body: 'notifications:kinds.request_declined.body',
    bodyWithReason: 'notifications:kinds.request_declined.bodyWithReason',
  },
  contract_ended: {
    title: 'notifications:kinds.contract_ended.title',
    body: 'notifications:kinds.contract_ended.body',
  },
  contract_ended_by_student: {
    title: 'notifications:kinds.contract_ended_by_student.title',
    body: 'notifications:kinds.contract_ended_by_student.body',
  },
  request_cancelled: {
    title: 'notifications:kinds.request_cancelled.title',
    body: 'notifications:kinds.request_cancelled.body',
  },
  teacher_verified: {
    title: 'notifications:kinds.teacher_verified.title',
    body: 'notifications:kinds.teacher_verified.body',
  },
  teacher_rejected: {
    title: 'notifications:kinds.teacher_rejected.title',
    body: 'notifications:kinds.teacher_rejected.body',
  },
  application_shortlisted: {
    title: 'notifications:kinds.application_shortlisted.title',
    body: 'notifications:kinds.application_shortlisted.body',
    bodyWithNote: 'notifications:kinds.application_shortlisted.bodyWithNote',
  },
  application_hired: {
    title: 'notifications:kinds.application_hired.title',
    body: 'notifications:kinds.application_hired.body',
    bodyWithNote: 'notifications:kinds.application_hired.bodyWithNote',
  },
  application_not_selected: {
    title: 'notifications:kinds.application_not_selected.title',
    body: 'notifications:kinds.application_not_selected.body',
    bodyWithNote: 'notifications:kinds.application_not_selected.bodyWithNote',
  },
};

type T = (key: string, values?: Record<string, unknown>) => string;

/**
 * A notification's title and body in the reader's current language, rendered from its kind and
 * parameters; a notification without parameters (recorded before they were kept) or of a kind this
 * client does not know shows its stored English text.
 */
export function notificationText(t: T, n: Notification): { title: string; body: string } {
  const keys = KIND_KEYS[n.kind];
  const p = n.params;
  if (!keys || !p) return { title: n.title, body: n.body };
  const reason = declineReasonText(t, p.reason_key, p.reason);
  const note = p.note?.trim() ? p.note.trim() : null;
  const values = {
    student: p.student ?? '',
    teacher: p.teacher ?? '',
    // Seeded subjects by their names in the reader's language, as everywhere else.
    subjects: p.subjects?.length
      ? formatList(p.subjects.map((name) => subjectName(t, name)))
      : t('notifications:anySubject'),
    posting: p.posting ?? '',
    organisation: p.organisation ?? '',
    reason: reason ?? '',
    note: note ?? '',
  };
  const body =
    reason && keys.bodyWithReason
      ? keys.bodyWithReason
      : note && keys.bodyWithNote
        ? keys.bodyWithNote
        : keys.body;
  return { title: t(keys.title, values), body: t(body, values) };
}
