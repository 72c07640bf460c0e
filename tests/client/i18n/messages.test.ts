import { describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../../contract/api-failure';
import { HIRING_OUTCOMES, UNNAMED_STUDENT } from '../../../contract/constants';
import { ADMIN_MESSAGES } from '../../../contract/rules/admin';
import { AUTH_MESSAGES } from '../../../contract/rules/auth';
import { ACCESS_MESSAGES, DONE_MESSAGES, HTTP_MESSAGES } from '../../../contract/rules/http';
import { describeFieldErrors, INPUT_MESSAGES } from '../../../contract/rules/input';
import { POSTING_MESSAGES } from '../../../contract/rules/job-postings';
import { JOB_MESSAGES } from '../../../contract/rules/jobs';
import { REQUEST_MESSAGES } from '../../../contract/rules/request';
import { NEW_SUBJECT_MESSAGES, SUBJECT_MESSAGES } from '../../../contract/rules/student-subject';
import { TEACHER_DASHBOARD_MESSAGES } from '../../../contract/rules/teacher-dashboard';
import { adminSignUpFailureMessage } from '../../../machines/common/failure';
import { loadLanguage } from '../../../src/i18n/instance';
import { translateMessage } from '../../../src/i18n/messages';
import { optionNameNow, subjectNameNow } from '../../../src/i18n/options';

/** A server message that names statuses reads wholly in the reader's language, the statuses too. */
describe('rule messages with status names', () => {
  it('English stays the rule text word for word', () => {
    const text = POSTING_MESSAGES.transitionRefused('not_selected', 'hired');
    expect(text).toBe('An application that is Not selected cannot be moved to Hired');
    expect(translateMessage(text, 'en')).toBe(text);
    const request = REQUEST_MESSAGES.badTransition('request_send', 'ended');
    expect(request).toBe('A request that is sent cannot become ended.');
    expect(translateMessage(request, 'en')).toBe(request);
  });

  it('Bengali and Hindi show the statuses in their own words', async () => {
    await Promise.all([loadLanguage('bn'), loadLanguage('hi')]);
    const moved = POSTING_MESSAGES.transitionRefused('shortlisted', 'applied');
    expect(translateMessage(moved, 'bn')).toBe('‘বাছাই তালিকায়’ অবস্থার আবেদন ‘আবেদন করা হয়েছে’ অবস্থায় সরানো যায় না');
    expect(translateMessage(moved, 'hi')).toBe(
      '‘शॉर्टलिस्ट’ स्थिति वाले आवेदन को ‘आवेदन किया’ में नहीं ले जाया जा सकता',
    );
    expect(translateMessage(REQUEST_MESSAGES.notOpen('accepted'), 'bn')).toBe(
      'এই অনুরোধটি এখন ‘গৃহীত’; শিক্ষকদের সঙ্গে যোগাযোগ করতে নতুন অনুরোধ করুন।',
    );
    expect(translateMessage(REQUEST_MESSAGES.badTransition('cancelled', 'accepted'), 'hi')).toBe(
      '‘रद्द’ स्थिति वाला अनुरोध ‘स्वीकार’ नहीं हो सकता।',
    );
    expect(translateMessage(HTTP_MESSAGES.recordNotFound('Schedule'), 'bn')).toBe('সময়সূচিটি পাওয়া যায়নি');
    // No message of the catalogue keeps an English word in Bengali.
    for (const text of [
      REQUEST_MESSAGES.onlyTeacherDecides('declined'),
      REQUEST_MESSAGES.notEditable('ended'),
      REQUEST_MESSAGES.sentNotEditable,
      REQUEST_MESSAGES.changedMeanwhile,
      HTTP_MESSAGES.recordNotFound('Educational qualification'),
    ])
      expect(translateMessage(text, 'bn')).not.toMatch(/[A-Za-z]/);
  });

  it('the server own refusals (too large, unreadable, limits, the database, access) read in Bengali and Hindi', async () => {
    await Promise.all([loadLanguage('bn'), loadLanguage('hi')]);
    const said = [
      HTTP_MESSAGES.bodyTooLarge(1),
      HTTP_MESSAGES.malformedJson,
      HTTP_MESSAGES.unsupportedMediaType,
      HTTP_MESSAGES.tooManyRequests,
      HTTP_MESSAGES.serviceUnavailable,
      HTTP_MESSAGES.requestRefused(418),
      HTTP_MESSAGES.requestFailed(502),
      HTTP_MESSAGES.filesTooLarge(12),
      ACCESS_MESSAGES.jobSeekersOnly,
      DONE_MESSAGES.signedOut,
    ];
    for (const text of said) {
      expect(translateMessage(text, 'bn'), text).toMatch(/[\u0980-\u09FF]/);
      expect(translateMessage(text, 'hi'), text).toMatch(/[\u0900-\u097F]/);
      expect(translateMessage(text, 'en')).toBe(text);
    }
    expect(translateMessage(HTTP_MESSAGES.tooManyRequests, 'bn')).toBe(
      'অনেক বেশি অনুরোধ এসেছে। কয়েক মিনিট অপেক্ষা করে আবার চেষ্টা করুন।',
    );
  });

  it('a 422 summary of several field messages reads in the language, message by message', async () => {
    await Promise.all([loadLanguage('bn'), loadLanguage('hi')]);
    const summary = describeFieldErrors({
      email: [ADMIN_MESSAGES.emailRequired],
      name: [INPUT_MESSAGES.tooLong(200)],
    });
    expect(summary).toBe('Email is required; Name must be at most 200 characters');
    expect(translateMessage(summary, 'en')).toBe(summary);
    const bn = translateMessage(summary, 'bn');
    expect(bn.split('; ')).toEqual([
      translateMessage(ADMIN_MESSAGES.emailRequired, 'bn'),
      `Name: ${translateMessage(INPUT_MESSAGES.tooLong(200), 'bn')}`,
    ]);
    expect(bn).not.toMatch(/required|must/);
    expect(translateMessage('Something else entirely; and more', 'hi')).toBe(
      'Something else entirely; and more',
    );
  });

  it("an administrator's decision notice names the teacher inside one sentence of the language", async () => {
    await Promise.all([loadLanguage('bn'), loadLanguage('hi')]);
    const verified = ADMIN_MESSAGES.teacherVerified('Moumita Bose');
    expect(verified).toBe('Moumita Bose is now verified.');
    expect(translateMessage(verified, 'bn')).toBe('Moumita Bose এখন যাচাই করা শিক্ষক।');
    expect(translateMessage(verified, 'hi')).toBe('Moumita Bose अब सत्यापित शिक्षक हैं।');
    const rejected = ADMIN_MESSAGES.teacherRejected('Sayan Kar');
    expect(rejected).toBe('Sayan Kar was rejected and deactivated.');
    expect(translateMessage(rejected, 'bn')).toBe(
      'Sayan Kar-এর নথি নামঞ্জুর করা হয়েছে, অ্যাকাউন্টটি নিষ্ক্রিয় করা হয়েছে।',
    );
  });

  it('the hiring ratio slices (names on the wire) have their names in every language', async () => {
    await loadLanguage('bn');
    const { i18n } = await import('../../../src/i18n/instance');
    await i18n.changeLanguage('bn');
    try {
      expect(HIRING_OUTCOMES.map((o) => optionNameNow('options:hiringOutcome', o.name))).toEqual([
        'নিযুক্ত',
        'নির্বাচিত হননি',
        'প্রক্রিয়াধীন',
      ]);
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

/** Counts of years say 'year' for one in English; Bengali and Hindi have one form for both. */
describe('years of experience and of age', () => {
  it('1 year, 6 years (en); the same words in bn and hi with their digits', async () => {
    await import('../../../src/features/student/messages');
    await import('../../../src/features/teacher/messages');
    await Promise.all([loadLanguage('bn'), loadLanguage('hi')]);
    const { i18n } = await import('../../../src/i18n/instance');
    const card = (count: number, lng: string, years: string) =>
      i18n.t('student:finder.experience', { lng, count, years, mode: 'Offline' });
    expect(card(1, 'en', '1')).toBe('Offline · 1 year experience');
    expect(card(6, 'en', '6')).toBe('Offline · 6 years experience');
    expect(card(1, 'bn', '১')).toBe('Offline · ১ বছরের অভিজ্ঞতা');
    expect(card(6, 'hi', '6')).toBe('Offline · 6 साल का अनुभव');
    expect(i18n.t('teacher:summary.years', { lng: 'en', count: 1, years: '1' })).toBe('1 year');
    expect(i18n.t('teacher:summary.years', { lng: 'en', count: 0, years: '0' })).toBe('0 years');
    expect(i18n.t('student:personal.age', { lng: 'en', count: 17, age: '17' })).toBe('Age: 17 years');
  });
});

/** Subjects named inside a message, and the administrator's registration errors by field. */
describe('names inside messages', () => {
  it('a seeded subject in a message reads in the language; a subject someone added stays as typed', async () => {
    await Promise.all([loadLanguage('bn'), loadLanguage('hi')]);
    expect(translateMessage(SUBJECT_MESSAGES.duplicate('Physics'), 'en')).toBe(
      'Subject "Physics" already exists',
    );
    expect(translateMessage(SUBJECT_MESSAGES.duplicate('Physics'), 'bn')).toContain('পদার্থবিদ্যা');
    expect(translateMessage(SUBJECT_MESSAGES.duplicate('Physics'), 'bn')).not.toContain('Physics');
    expect(translateMessage(NEW_SUBJECT_MESSAGES.merged('Maths', 'Mathematics'), 'hi')).toMatch(
      /Maths.*गणित/,
    );
    expect(subjectNameNow('Robotics')).toBe('Robotics');
  });

  it("the administrator's registration errors name their fields in the language (English: the server's words)", async () => {
    await Promise.all([loadLanguage('bn'), loadLanguage('hi')]);
    const text = adminSignUpFailureMessage({
      kind: 'response',
      status: 422,
      message: 'Request failed (422)',
      body: { errors: { email: [AUTH_MESSAGES.emailTaken], password: [AUTH_MESSAGES.passwordTooShort] } },
    } satisfies ApiFailure);
    expect(text).toBe(`email: ${AUTH_MESSAGES.emailTaken}; password: ${AUTH_MESSAGES.passwordTooShort}`);
    expect(translateMessage(text, 'en')).toBe(text);
    const bn = translateMessage(text, 'bn');
    expect(bn.split('; ').map((part) => part.split(': ')[0])).toEqual(['ইমেল', 'পাসওয়ার্ড']);
    expect(bn).not.toMatch(/[A-Za-z]/);
    const hi = translateMessage(text, 'hi');
    expect(hi.split('; ').map((part) => part.split(': ')[0])).toEqual(['ईमेल', 'पासवर्ड']);
    expect(hi).not.toMatch(/[A-Za-z]/);
    // A field the layer does not name stays as the server wrote it.
    expect(translateMessage('nickname: Too odd', 'bn')).toBe('nickname: Too odd');
  });
});

/** A message about a student the request does not name ('this student') reads naturally in each language. */
describe('messages about a student named nowhere', () => {
  it('Bengali joins the genitive to the word, Hindi puts the demonstrative in its oblique form', async () => {
    await Promise.all([loadLanguage('bn'), loadLanguage('hi')]);
    const question = TEACHER_DASHBOARD_MESSAGES.endContractQuestion(UNNAMED_STUDENT);
    expect(translateMessage(question, 'en')).toBe(question);
    expect(translateMessage(question, 'bn')).toBe('এই ছাত্রছাত্রীর সঙ্গে চুক্তি শেষ করতে চান? এটা আর ফেরানো যাবে না।');
    expect(translateMessage(TEACHER_DASHBOARD_MESSAGES.contractEnded(UNNAMED_STUDENT), 'hi')).toBe(
      'इस विद्यार्थी के साथ अनुबंध ख़त्म हो गया',
    );
    // A name keeps its hyphenated ending in Bengali; a Bengali name ending in a vowel takes 'র'.
    expect(translateMessage(TEACHER_DASHBOARD_MESSAGES.requestAccepted('Riya Sen'), 'bn')).toBe(
      'আপনি Riya Sen-এর অনুরোধ গ্রহণ করেছেন',
    );
    expect(translateMessage(TEACHER_DASHBOARD_MESSAGES.requestAccepted('রিয়া'), 'bn')).toBe(
      'আপনি রিয়ার অনুরোধ গ্রহণ করেছেন',
    );
  });
});

/** A number inside a rule message reads in the reader's digits, as the messages written out in full do. */
describe('numbers inside messages', () => {
  it("English keeps the rule's text; Bengali writes the numbers in Bengali digits; Hindi in the Latin digits of its catalogue", async () => {
    await Promise.all([loadLanguage('bn'), loadLanguage('hi')]);
    const cases = [
      [INPUT_MESSAGES.tooLong(200), 'সর্বোচ্চ ২০০টি অক্ষর হতে পারে', 'ज़्यादा से ज़्यादा 200 अक्षर हो सकते हैं'],
      [INPUT_MESSAGES.tooMany(15), 'সর্বোচ্চ ১৫টি থাকতে পারে', 'ज़्यादा से ज़्यादा 15 हो सकते हैं'],
      [
        INPUT_MESSAGES.notInteger(-90, 90),
        '-৯০ থেকে ৯০-এর মধ্যে একটি পূর্ণসংখ্যা হতে হবে',
        '-90 से 90 के बीच की पूर्ण संख्या होनी चाहिए',
      ],
      [
        JOB_MESSAGES.yearTooLate(2030),
        'পাশের সাল এখন থেকে ৪ বছরের বেশি পরের হতে পারে না (সর্বোচ্চ ২০৩০)',
        'पास होने का साल आज से 4 साल से ज़्यादा आगे का नहीं हो सकता (ज़्यादा से ज़्यादा 2030)',
      ],
      [HTTP_MESSAGES.bodyTooLarge(25), 'পাঠানো তথ্য খুব বড় (সর্বোচ্চ ২৫MB)', null],
      [HTTP_MESSAGES.migrationsPending(3, 12), 'ডেটাবেসের আপডেট বাকি (১২টির মধ্যে ৩টি হয়েছে)', null],
    ] as const;
    for (const [text, bn, hi] of cases) {
      expect(translateMessage(text, 'en')).toBe(text);
      expect(translateMessage(text, 'bn')).toBe(bn);
      if (hi) expect(translateMessage(text, 'hi')).toBe(hi);
    }
  });

  it('a 422 summary and a rule after its field name carry the digits too', async () => {
    await Promise.all([loadLanguage('bn'), loadLanguage('hi')]);
    const summary = describeFieldErrors({
      name: [INPUT_MESSAGES.tooLong(200)],
      subjects: [INPUT_MESSAGES.tooMany(10)],
    });
    expect(translateMessage(summary, 'en')).toBe(
      'Name must be at most 200 characters; Subjects must have at most 10 items',
    );
    expect(translateMessage(summary, 'bn')).toBe(
      'Name: সর্বোচ্চ ২০০টি অক্ষর হতে পারে; Subjects: সর্বোচ্চ ১০টি থাকতে পারে',
    );
    expect(translateMessage(summary, 'hi')).toBe(
      'Name: ज़्यादा से ज़्यादा 200 अक्षर हो सकते हैं; Subjects: ज़्यादा से ज़्यादा 10 हो सकते हैं',
    );
  });

  it('names, file names and addresses holding digits stay as written', async () => {
    await loadLanguage('bn');
    expect(translateMessage(SUBJECT_MESSAGES.duplicate('Class 10 Maths'), 'bn')).toContain(
      '"Class 10 Maths"',
    );
    expect(translateMessage(HTTP_MESSAGES.noRoute('GET', '/api/v1/teachers/12'), 'bn')).toBe(
      'GET /api/v1/teachers/12 — এমন কোনো ঠিকানা নেই',
    );
    expect(translateMessage(HTTP_MESSAGES.unexpectedFile('photo2.png'), 'bn')).toContain('"photo2.png"');
  });
});
