import './messages';
import type { AdminNotification } from '../../../contract/structs/admin';
import { currentLanguage, formatList, formatNumber, subjectName } from '../../i18n';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A notification in the administrator's language, from its kind and values; in English (or without
 * values, from an older server) the server's message as it is.
 */
export function adminNotificationText(t: Translate, n: AdminNotification): string {
  const p = n.params;
  if (!p || currentLanguage() === 'en') return n.message;
  const name = p.name ?? '';
  switch (n.kind) {
    case 'teacher_registered':
      return t('admin:dashboard.event.teacherRegistered', { name });
    case 'request_created':
      return p.subjects?.length
        ? t('admin:dashboard.event.requestCreatedFor', {
            name,
            subjects: formatList(p.subjects.map((subject) => subjectName(t, subject))),
          })
        : t('admin:dashboard.event.requestCreated', { name });
    case 'job_application_created':
      return t('admin:dashboard.event.applicationCreated', { name });
    case 'job_application_withdrawn':
      return t('admin:dashboard.event.applicationWithdrawn', { name });
    case 'sign_in_failures': {
      const minutes = p.minutes ?? 15;
      const values = { email: p.email ?? '', count: minutes, minutes: formatNumber(minutes) };
      return p.failures === null || p.failures === undefined
        ? t('admin:dashboard.event.signInFailuresSeveral', values)
        : t('admin:dashboard.event.signInFailures', { ...values, failures: formatNumber(p.failures) });
    }
    default:
      return n.message;
  }
}
