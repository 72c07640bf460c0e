import { afterAll, describe, expect, it } from 'vitest';
import { adminNotificationText } from '../../../src/features/admin/admin-notification-text';
import { i18n, loadLanguage, setLanguage } from '../../../src/i18n/instance';

const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
const at = '2026-11-22T10:00:00Z';
const items = [
  {
    id: 'teacher-1',
    kind: 'teacher_registered',
    message: 'New teacher registered: Moumita Bose',
    params: { name: 'Moumita Bose' },
  },
  {
    id: 'request-2',
    kind: 'request_created',
    message: 'New request from Arka Pal for Chemistry, Physics',
    params: { name: 'Arka Pal', subjects: ['Chemistry', 'Physics'] },
  },
  {
    id: 'request-3',
    kind: 'request_created',
    message: 'New request from Arka Pal',
    params: { name: 'Arka Pal', subjects: null },
  },
  {
    id: 'job-application-4',
    kind: 'job_application_created',
    message: 'New application for Maths teacher',
    params: { name: 'Maths teacher' },
  },
  {
    id: 'job-application-withdrawn-6',
    kind: 'job_application_withdrawn',
    message: 'Application withdrawn for Maths teacher',
    params: { name: 'Maths teacher' },
  },
  {
    id: 'sign-in-failures-5',
    kind: 'sign_in_failures',
    message: 'Repeated failed sign-ins on the administrator account a@b.in: 5 in 15 minutes',
    params: { email: 'a@b.in', failures: 5, minutes: 15 },
  },
].map((n) => ({ ...n, created_at: at }));

/** The administrator's notifications are worded from their kind and values, in the chosen language. */
describe('admin notification text', () => {
  afterAll(() => setLanguage('en', { chosen: false }));

  it('English is the server message word for word', () => {
    for (const n of items) expect(adminNotificationText(t, n)).toBe(n.message);
    // An item without values (an older server) shows its message.
    expect(
      adminNotificationText(t, { id: 'x', kind: 'teacher_registered', message: 'Hello', created_at: at }),
    ).toBe('Hello');
  });

  it('Bengali and Hindi, with the language digits and list style', async () => {
    await loadLanguage('bn');
    await setLanguage('bn', { chosen: false });
    expect(items.map((n) => adminNotificationText(t, n))).toEqual([
      'নতুন শিক্ষক নাম লিখিয়েছেন: Moumita Bose',
      'নতুন অনুরোধ: Arka Pal, বিষয়: রসায়ন এবং পদার্থবিদ্যা',
      'নতুন অনুরোধ: Arka Pal',
      'নতুন আবেদন: Maths teacher',
      'আবেদন প্রত্যাহার: Maths teacher',
      'অ্যাডমিন অ্যাকাউন্ট a@b.in-এ বারবার লগ ইন ব্যর্থ: ১৫ মিনিটে ৫ বার',
    ]);
    await setLanguage('hi', { chosen: false });
    expect(adminNotificationText(t, items[0])).toBe('नए शिक्षक ने पंजीकरण किया: Moumita Bose');
    expect(adminNotificationText(t, items[4])).toBe('आवेदन वापस लिया गया: Maths teacher');
    expect(
      adminNotificationText(t, { ...items[5], params: { email: 'a@b.in', failures: null, minutes: 15 } }),
    ).toBe('एडमिन अकाउंट a@b.in पर बार-बार लॉग इन विफल: 15 मिनट में कई बार');
  });
});
