import { DEFAULT_LANGUAGE, type Language, PRODUCT_NAME } from '../../contract/constants';
import { DECLINE_REASONS, type DeclineReasonKey } from '../../contract/rules/request';
import type { NotificationParams } from '../../contract/structs/notification';

/**
 * The wording of notifications in English, Bengali and Hindi, for the server: the English title and
 * body stored with each notification, and the e-mail in the recipient's account language.
 *
 * Templates are written as the client's message files write them (`{{name}}` placeholders), and
 * `kinds` and `anySubject` are the same strings as the client's `notifications` namespace (the bell
 * renders them in the reader's language); `DECLINE_REASON_TEXTS` are the presets of the client's
 * `options:declineReason`. tests/server/notification-messages.test.ts keeps the copies equal.
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
}

interface EmailTemplates {
  subject: string;
  open: string;
  footer: string;
}

export const NOTIFICATION_TEMPLATES: Record<Language, NotificationTemplates> = {
  en: {
    anySubject: 'tutoring',
    kinds: {
      request_new: { title: 'New request', body: '{{student}} asked you to teach {{subjects}}.' },
      request_accepted: {
        title: 'Request accepted',
        body: '{{teacher}} accepted your request for {{subjects}}. Their contact details are on your requests page.',
      },
      request_declined: {
        title: 'Request declined',
        body: '{{teacher}} declined your request for {{subjects}}.',
        bodyWithReason: '{{teacher}} declined your request for {{subjects}}. Reason: {{reason}}',
      },
      contract_ended: { title: 'Contract ended', body: '{{teacher}} ended the contract for {{subjects}}.' },
      request_cancelled: {
        title: 'Request cancelled',
        body: '{{student}} cancelled the request for {{subjects}}.',
      },
      teacher_verified: {
        title: 'You are verified',
        body: 'An administrator checked your documents. Students now see you with the verified mark.',
      },
      teacher_rejected: {
        title: 'Documents rejected',
        body: 'An administrator could not verify your documents. Reason: {{reason}}. Open your dashboard to fix them.',
      },
      application_shortlisted: {
        title: 'Shortlisted',
        body: 'You have been shortlisted for {{posting}} at {{organisation}}.',
        bodyWithNote: 'You have been shortlisted for {{posting}} at {{organisation}}. Note: {{note}}',
      },
      application_hired: {
        title: 'Hired',
        body: 'Congratulations: you got the job {{posting}} at {{organisation}}.',
        bodyWithNote: 'Congratulations: you got the job {{posting}} at {{organisation}}. Note: {{note}}',
      },
      application_not_selected: {
        title: 'Not selected',
        body: 'You were not selected for {{posting}} at {{organisation}}.',
        bodyWithNote: 'You were not selected for {{posting}} at {{organisation}}. Note: {{note}}',
      },
    },
  },
  bn: {
    anySubject: 'টিউশন',
    kinds: {
      request_new: { title: 'নতুন অনুরোধ', body: '{{student}} আপনাকে {{subjects}} পড়ানোর অনুরোধ করেছেন।' },
      request_accepted: {
        title: 'অনুরোধ গৃহীত',
        body: '{{teacher}} {{subjects}} পড়ানোর জন্য আপনার অনুরোধ গ্রহণ করেছেন। ওঁর যোগাযোগের তথ্য আপনার অনুরোধের পাতায় আছে।',
      },
      request_declined: {
        title: 'অনুরোধ প্রত্যাখ্যাত',
        body: '{{teacher}} {{subjects}} পড়ানোর জন্য আপনার অনুরোধ প্রত্যাখ্যান করেছেন।',
        bodyWithReason: '{{teacher}} {{subjects}} পড়ানোর জন্য আপনার অনুরোধ প্রত্যাখ্যান করেছেন। কারণ: {{reason}}',
      },
      contract_ended: { title: 'চুক্তি শেষ', body: '{{teacher}} {{subjects}} পড়ানোর চুক্তি শেষ করেছেন।' },
      request_cancelled: {
        title: 'অনুরোধ বাতিল',
        body: '{{student}} {{subjects}} পড়ানোর অনুরোধটি বাতিল করেছেন।',
      },
      teacher_verified: {
        title: 'আপনি যাচাই করা শিক্ষক',
        body: 'একজন অ্যাডমিন আপনার নথি দেখেছেন। এখন থেকে ছাত্রছাত্রীরা আপনার নামের পাশে যাচাইয়ের চিহ্ন দেখবেন।',
      },
      teacher_rejected: {
        title: 'নথি বাতিল হয়েছে',
        body: 'একজন অ্যাডমিন আপনার নথি যাচাই করতে পারেননি। কারণ: {{reason}}। ড্যাশবোর্ড খুলে নথিগুলি ঠিক করুন।',
      },
      application_shortlisted: {
        title: 'বাছাই তালিকায়',
        body: '{{organisation}}-এর {{posting}} পদের বাছাই তালিকায় আপনার নাম উঠেছে।',
        bodyWithNote: '{{organisation}}-এর {{posting}} পদের বাছাই তালিকায় আপনার নাম উঠেছে। মন্তব্য: {{note}}',
      },
      application_hired: {
        title: 'নিযুক্ত',
        body: 'অভিনন্দন: {{organisation}}-এর {{posting}} পদের চাকরিটি আপনি পেয়েছেন।',
        bodyWithNote: 'অভিনন্দন: {{organisation}}-এর {{posting}} পদের চাকরিটি আপনি পেয়েছেন। মন্তব্য: {{note}}',
      },
      application_not_selected: {
        title: 'নির্বাচিত হননি',
        body: '{{organisation}}-এর {{posting}} পদে এবার আপনি নির্বাচিত হননি।',
        bodyWithNote: '{{organisation}}-এর {{posting}} পদে এবার আপনি নির্বাচিত হননি। মন্তব্য: {{note}}',
      },
    },
  },
  hi: {
    anySubject: 'ट्यूशन',
    kinds: {
      request_new: { title: 'नया अनुरोध', body: '{{student}} ने आपसे {{subjects}} पढ़ाने का अनुरोध किया है।' },
      request_accepted: {
        title: 'अनुरोध स्वीकार हुआ',
        body: '{{teacher}} ने {{subjects}} के लिए आपका अनुरोध स्वीकार कर लिया है। उनके संपर्क की जानकारी आपके अनुरोधों वाले पेज पर है।',
      },
      request_declined: {
        title: 'अनुरोध अस्वीकार हुआ',
        body: '{{teacher}} ने {{subjects}} के लिए आपका अनुरोध अस्वीकार कर दिया है।',
        bodyWithReason: '{{teacher}} ने {{subjects}} के लिए आपका अनुरोध अस्वीकार कर दिया है। वजह: {{reason}}',
      },
      contract_ended: { title: 'अनुबंध ख़त्म', body: '{{teacher}} ने {{subjects}} का अनुबंध ख़त्म कर दिया है।' },
      request_cancelled: {
        title: 'अनुरोध रद्द',
        body: '{{student}} ने {{subjects}} का अनुरोध रद्द कर दिया है।',
      },
      teacher_verified: {
        title: 'आप सत्यापित हो गए',
        body: 'एक एडमिन ने आपके दस्तावेज़ जाँच लिए। अब विद्यार्थी आपके नाम के साथ सत्यापन का निशान देखेंगे।',
      },
      teacher_rejected: {
        title: 'दस्तावेज़ नामंज़ूर हुए',
        body: 'एक एडमिन आपके दस्तावेज़ सत्यापित नहीं कर सके। वजह: {{reason}}। अपना डैशबोर्ड खोलकर उन्हें ठीक करें।',
      },
      application_shortlisted: {
        title: 'शॉर्टलिस्ट',
        body: '{{organisation}} में {{posting}} के लिए आपको शॉर्टलिस्ट किया गया है।',
        bodyWithNote: '{{organisation}} में {{posting}} के लिए आपको शॉर्टलिस्ट किया गया है। टिप्पणी: {{note}}',
      },
      application_hired: {
        title: 'चुने गए',
        body: 'बधाई हो: {{organisation}} में {{posting}} की नौकरी आपको मिल गई है।',
        bodyWithNote: 'बधाई हो: {{organisation}} में {{posting}} की नौकरी आपको मिल गई है। टिप्पणी: {{note}}',
      },
      application_not_selected: {
        title: 'नहीं चुने गए',
        body: '{{organisation}} में {{posting}} के लिए इस बार आपको नहीं चुना गया।',
        bodyWithNote: '{{organisation}} में {{posting}} के लिए इस बार आपको नहीं चुना गया। टिप्पणी: {{note}}',
      },
    },
  },
};

/** The teacher's decline-reason presets in each language (the client's `options:declineReason`). */
export const DECLINE_REASON_TEXTS: Record<Language, Record<DeclineReasonKey, string>> = {
  en: DECLINE_REASONS,
  bn: {
    schedule_full: 'এই মুহূর্তে আমার সময় নেই',
    level_or_subject: 'আমি এই শ্রেণি বা বিষয় পড়াই না',
    mode_or_location: 'পড়ানোর ধরন বা এলাকা আমার সুবিধামতো নয়',
    medium: 'পড়ানোর মাধ্যম আমার সুবিধামতো নয়',
  },
  hi: {
    schedule_full: 'अभी मेरा समय पूरा भरा है',
    level_or_subject: 'मैं यह कक्षा या विषय नहीं पढ़ाता/पढ़ाती',
    mode_or_location: 'पढ़ाई का तरीका या इलाका मेरे लिए ठीक नहीं है',
    medium: 'पढ़ाई का माध्यम मेरे लिए ठीक नहीं है',
  },
};

/** The e-mail around a notification: subject line, the link back, why they receive it. */
export const EMAIL_TEMPLATES: Record<Language, EmailTemplates> = {
  en: {
    subject: '{{product}}: {{title}}',
    open: 'Open {{product}}: {{link}}',
    footer: 'You receive this because you have an account on {{product}}.',
  },
  bn: {
    subject: '{{product}}: {{title}}',
    open: '{{product}} খুলুন: {{link}}',
    footer: '{{product}}-এ আপনার অ্যাকাউন্ট আছে বলে আপনি এই ইমেল পাচ্ছেন।',
  },
  hi: {
    subject: '{{product}}: {{title}}',
    open: '{{product}} खोलें: {{link}}',
    footer: 'आपको यह ईमेल इसलिए मिला क्योंकि {{product}} पर आपका अकाउंट है।',
  },
};

const LOCALES: Record<Language, string> = { en: 'en-IN', bn: 'bn-IN', hi: 'hi-IN' };

/** Fills `{{name}}` placeholders (values are plain text: e-mails are text/plain). */
export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);

/** 'Maths, Physics and Chemistry' in the language's own list style. */
export const subjectList = (language: Language, names: readonly string[] | undefined) =>
  names?.length
    ? new Intl.ListFormat(LOCALES[language], { style: 'long', type: 'conjunction' }).format(names)
    : NOTIFICATION_TEMPLATES[language].anySubject;

/** A decline reason in a language: the preset's words, or the free text as typed. */
export function reasonText(
  language: Language,
  key: string | null | undefined,
  text: string | null | undefined,
): string | null {
  const preset = key ? DECLINE_REASON_TEXTS[language][key as DeclineReasonKey] : undefined;
  return preset ?? (text?.trim() ? text.trim() : null);
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
  const email = EMAIL_TEMPLATES[language];
  const product = PRODUCT_NAME;
  return {
    subject: fill(email.subject, { product, title: text.title }),
    text: `${text.body}\n\n${fill(email.open, { product, link })}\n\n${fill(email.footer, { product })}\n`,
  };
}
