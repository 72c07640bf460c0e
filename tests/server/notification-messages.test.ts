import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/constants';
import { DECLINE_REASON_PRESET_KEYS } from '../../contract/rules/request';
import {
  DECLINE_REASON_TEXTS,
  NOTIFICATION_TEMPLATES,
  renderEmail,
  renderNotification,
} from '../../server/lib/notification-messages';
import bnNotifications from '../../src/i18n/locales/bn/notifications.json';
import bnOptions from '../../src/i18n/locales/bn/options.json';
import enNotifications from '../../src/i18n/locales/en/notifications.json';
import enOptions from '../../src/i18n/locales/en/options.json';
import hiNotifications from '../../src/i18n/locales/hi/notifications.json';
import hiOptions from '../../src/i18n/locales/hi/options.json';

const CLIENT = {
  en: { notifications: enNotifications, options: enOptions },
  bn: { notifications: bnNotifications, options: bnOptions },
  hi: { notifications: hiNotifications, options: hiOptions },
};

/** The e-mails' wording and the bell's are one wording: the server's copy equals the client's files. */
describe('notification wording, server and client', () => {
  it.each(LANGUAGES)(
    '%s: kinds, the subject fallback and the decline presets (options:declineReason) are the same strings',
    (lng) => {
      const client = CLIENT[lng];
      expect(NOTIFICATION_TEMPLATES[lng].kinds).toEqual(client.notifications.kinds);
      expect(NOTIFICATION_TEMPLATES[lng].anySubject).toBe(client.notifications.anySubject);
      for (const key of DECLINE_REASON_PRESET_KEYS)
        expect(DECLINE_REASON_TEXTS[lng][key]).toBe(client.options.declineReason[key]);
    },
  );

  it('renders a decline in each language, with the subjects as that language lists them', () => {
    const params = { teacher: 'Anil Das', subjects: ['Physics', 'Chemistry'], reason_key: 'medium' };
    expect(renderNotification('en', 'request_declined', params)).toEqual({
      title: 'Request declined',
      body: 'Anil Das declined your request for Physics and Chemistry. Reason: The medium of instruction does not suit me',
    });
    expect(renderNotification('bn', 'request_declined', params)?.body).toBe(
      'Anil Das Physics এবং Chemistry পড়ানোর জন্য আপনার অনুরোধ প্রত্যাখ্যান করেছেন। কারণ: পড়ানোর মাধ্যম আমার সুবিধামতো নয়',
    );
    expect(renderNotification('hi', 'request_new', { student: 'Riya Sen', subjects: [] })?.body).toBe(
      'Riya Sen ने आपसे ट्यूशन पढ़ाने का अनुरोध किया है।',
    );
    // Free text is shown as typed, in every language.
    expect(
      renderNotification('hi', 'request_declined', {
        teacher: 'A',
        subjects: ['Maths'],
        reason_key: 'other',
        reason: 'Busy',
      })?.body,
    ).toMatch(/वजह: Busy$/);
  });

  it('an e-mail of a kind without wording (or an old row) falls back to the stored English text', () => {
    const mail = renderEmail(
      'bn',
      { kind: 'something_new', title: 'Hello', body: 'Plain text', params: null },
      'https://x.example/',
    );
    expect(mail.subject).toBe('Bengal Tutors: Hello');
    expect(mail.text).toContain('Plain text');
    expect(mail.text).toContain('Bengal Tutors খুলুন: https://x.example/');
  });
});
