import {
  DEFAULT_LANGUAGE,
  type DeclineReasonKey,
  declineReasonOf,
  type Language,
  PRODUCT_NAME,
} from '../../contract/constants';
import bnNotifications from '../../contract/locales/bn/notifications.json';
import enNotifications from '../../contract/locales/en/notifications.json';
import hiNotifications from '../../contract/locales/hi/notifications.json';
import type { NotificationParams } from '../../contract/structs/notification';
import { OPTION_TEXTS } from './option-texts';
import { subjectNameIn } from './subject-names';

/**
 * The wording of notifications in English, Bengali and Hindi, for the server: the English title and
 * body stored with each notification, and the e-mail in the recipient's account language.
 *
 * The texts are the client's own message files, kept in contract/locales/ so that the bell and the
 * e-mails read one copy: the `notifications` namespace (each kind's title and body, the subject
 * fallback, the e-mail's frame under `email`) and the decline-reason presets of `options:declineReason`.
 * Templates use the message files' `{{name}}` placeholders.
 */
export interface KindTemplates {
  title: string;
  body: string;
  /** The body when the notification carries a reason (a decline) or a note (a job application). */
  bodyWithReason?: string;
  bodyWithNote?: string;
}

export interface NotificationTemplates {
  /** What a request without subject names is for. */
  anySubject: string;
  kinds: Record<string, KindTemplates>;
  /** The e-mail around a notification: subject line, the link back, why they receive it. */
  email: { subject: string; open: string; footer: string };
}

export const NOTIFICATION_TEMPLATES: Record<Language, NotificationTemplates> = {
  en: enNotifications,
  bn: bnNotifications,
  hi: hiNotifications,
};

/** The teacher's decline-reason presets in each language (`options:declineReason`). */
export const DECLINE_REASON_TEXTS: Record<Language, Record<DeclineReasonKey, string>> = {
  en: OPTION_TEXTS.en.declineReason,
  bn: OPTION_TEXTS.bn.declineReason,
  hi: OPTION_TEXTS.hi.declineReason,
};

const LOCALES: Record<Language, string> = { en: 'en-IN', bn: 'bn-IN', hi: 'hi-IN' };

/** Fills `{{name}}` placeholders (values are plain text: e-mails are text/plain). */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);

/** 'Maths, Physics and Chemistry' in the language's own list style (seeded subjects in its words). */
export const subjectList = (language: Language, names: readonly string[] | undefined) =>
  names?.length
    ? new Intl.ListFormat(LOCALES[language], { style: 'long', type: 'conjunction' }).format(
        names.map((name) => subjectNameIn(language, name)),
      )
    : NOTIFICATION_TEMPLATES[language].anySubject;

/**
 * A decline reason in a language: the preset's words, or the free text as typed (a reason stored
 * before keys were kept that is a preset's English text counts as that preset, as on the client).
 */
export function reasonText(
  language: Language,
  key: string | null | undefined,
  text: string | null | undefined,
): string | null {
  const { preset, typed } = declineReasonOf(key, text);
  return preset ? DECLINE_REASON_TEXTS[language][preset] : typed;
}

/**
 * Title and body of a notification in a language, or null for a kind without templates (its stored
 * English text is then used).
 */
export function renderNotification(
  language: Language,
  kind: string,
  params: NotificationParams,
): { title: string; body: string } | null {
  const templates = NOTIFICATION_TEMPLATES[language].kinds[kind];
  if (!templates) return null;
  const reason = reasonText(language, params.reason_key, params.reason);
  const note = params.note?.trim() ? params.note.trim() : null;
  const values: Record<string, string> = {
    student: params.student ?? '',
    teacher: params.teacher ?? '',
    subjects: subjectList(language, params.subjects),
    posting: params.posting ?? '',
    organisation: params.organisation ?? '',
    reason: reason ?? '',
    note: note ?? '',
  };
  const body =
    reason && templates.bodyWithReason
      ? templates.bodyWithReason
      : note && templates.bodyWithNote
        ? templates.bodyWithNote
        : templates.body;
  return { title: fill(templates.title, values), body: fill(body, values) };
}

/** The English title and body stored with a new notification (what older clients show). */
export function englishText(kind: string, params: NotificationParams) {
  const text = renderNotification(DEFAULT_LANGUAGE, kind, params);
  if (!text) throw new Error(`No English wording for notification kind '${kind}'`);
  return text;
}

/** The e-mail of a notification in the recipient's language (plain text, with the link back). */
export function renderEmail(
  language: Language,
  notification: { kind: string; title: string; body: string; params: NotificationParams | null },
  link: string,
): { subject: string; text: string } {
  const text = (notification.params &&
    renderNotification(language, notification.kind, notification.params)) || {
    title: notification.title,
    body: notification.body,
  };
  const email = NOTIFICATION_TEMPLATES[language].email;
  const product = PRODUCT_NAME;
  return {
    subject: fill(email.subject, { product, title: text.title }),
    text: `${text.body}\n\n${fill(email.open, { product, link })}\n\n${fill(email.footer, { product })}\n`,
  };
}
