import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/constants';
import enOptions from '../../contract/locales/en/options.json';
import { DECLINE_REASON_PRESET_KEYS, DECLINE_REASONS } from '../../contract/rules/request';
import {
  DECLINE_REASON_TEXTS,
  NOTIFICATION_TEMPLATES,
  renderEmail,
  renderNotification,
} from '../../server/lib/notification-messages';

/** The e-mails' wording and the bell's are one wording: the message files of contract/locales/. */
describe('notification wording, server and client', () => {
  it('the English decline presets are the contract rule texts', () => {
    for (const key of DECLINE_REASON_PRESET_KEYS) {
      expect(DECLINE_REASON_TEXTS.en[key]).toBe(DECLINE_REASONS[key]);
      expect(enOptions.declineReason[key]).toBe(DECLINE_REASONS[key]);
    }
  });

  it.each(LANGUAGES)('%s: every kind has a title and a body, and the e-mail its frame', (lng) => {
    const templates = NOTIFICATION_TEMPLATES[lng];
    expect(Object.keys(templates.kinds).sort()).toEqual(Object.keys(NOTIFICATION_TEMPLATES.en.kinds).sort());
    for (const kind of Object.values(templates.kinds)) {
      expect(kind.title).toBeTruthy();
      expect(kind.body).toBeTruthy();
    }
    expect(templates.email.footer).toContain('{{product}}');
    expect(templates.email.open).toContain('{{link}}');
  });

  it('renders a decline in each language, with the subjects as that language lists them', () => {
    const params = { teacher: 'Anil Das', subjects: ['Physics', 'Chemistry'], reason_key: 'medium' };
    expect(renderNotification('en', 'request_declined', params)).toEqual({
      title: 'Request declined',
      body: 'Anil Das declined your request for Physics and Chemistry. Reason: The medium of instruction does not suit me',
    });
    expect(renderNotification('bn', 'request_declined', params)?.body).toBe(
      'Anil Das পদার্থবিদ্যা এবং রসায়ন পড়ানোর জন্য আপনার অনুরোধ প্রত্যাখ্যান করেছেন। কারণ: পড়ানোর মাধ্যম আমার সুবিধামতো নয়',
    );
    // Seeded subjects in the language; a subject someone added keeps its name.
    expect(
      renderNotification('hi', 'request_accepted', {
        teacher: 'Anil Das',
        subjects: ['Accountancy', 'Robotics'],
      })?.body,
    ).toContain('लेखाशास्त्र और Robotics');
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

  it('an e-mail in Hindi: subject, body, link and footer all in Hindi', () => {
    const mail = renderEmail(
      'hi',
      {
        kind: 'request_accepted',
        title: 'Request accepted',
        body: 'x',
        params: { teacher: 'Anil Das', subjects: ['Maths'] },
      },
      'https://x.example/requests',
    );
    expect(mail.subject).toBe('Bengal Tutors: अनुरोध स्वीकार हुआ');
    expect(mail.text).toContain('Anil Das ने Maths के लिए आपका अनुरोध स्वीकार कर लिया है।');
    expect(mail.text).toContain('Bengal Tutors खोलें: https://x.example/requests');
    expect(mail.text).toContain('आपको यह ईमेल इसलिए मिला क्योंकि Bengal Tutors पर आपका अकाउंट है।');
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
