import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { e2eEmail, expectAccessible } from './harness';
import { setUpE2E, waitForPath } from './use-e2e';

// A Bengali-reading tutor, then a Hindi-speaking one, on a 390 px phone: each opens the sign-up in
// their language, signs up as a teacher and walks the four onboarding steps to the dashboard and
// the profile without meeting an English word of ours (subject names stay as stored; names of
// boards and degrees' abbreviations stay as written). Halfway through, each switches to the other
// language and back: what was typed and chosen stays. Every text the test looks for comes from the
// bn/hi message files, so the test reads what the person reads. Screenshots: teacher-<bn|hi>-*.png
// under test-results/ (not in git).
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

type Lang = 'bn' | 'hi';
const messages = (language: Lang, namespace: string) =>
  JSON.parse(
    readFileSync(
      fileURLToPath(
        new URL(
          `../../${['notifications', 'options'].includes(namespace) ? 'contract' : 'src/i18n'}/locales/${language}/${namespace}.json`,
          import.meta.url,
        ),
      ),
      'utf8',
    ),
  );

/** The catalogue of one language: text('teacher:personal.name'), text('teacher:steps.stepOf', { step: 1 }). */
function catalogue(language: Lang) {
  const files = new Map<string, Record<string, unknown>>();
  const digits = new Intl.NumberFormat(`${language}-IN`, { useGrouping: false });
  return (key: string, values: Record<string, string | number> = {}) => {
    const [namespace, path] = key.split(':');
    if (!files.has(namespace)) files.set(namespace, messages(language, namespace));
    let node: unknown = files.get(namespace);
    for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
    if (typeof node !== 'string') throw new Error(`${language} ${key} is not a message`);
    // Numbers as the screens format them: in the language's digits.
    return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
      const value = values[name];
      return typeof value === 'number' ? digits.format(value) : String(value);
    });
  };
}

const { server, browser } = setUpE2E({ browsers: [{ width: 390, height: 844 }] });

const PASSWORD = 'kolkata-2025';
/** The machine is shared and slow: a language's messages and font can take seconds to arrive. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 15000, interval: 100 });

async function chooseLanguage(page: Page, current: string, language: Lang | 'en') {
  const switcher = page.getByRole('combobox', { name: current });
  await poll(() => switcher.isEnabled()).toBe(true);
  await switcher.selectOption(language);
  await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
}

describe.each([
  { language: 'bn' as const, other: 'hi' as const, name: 'Anita Sen', switchAt: 'personal' },
  { language: 'hi' as const, other: 'bn' as const, name: 'Rakesh Sharma', switchAt: 'preferences' },
])('teacher onboarding in $language (Chromium, phone)', ({ language, other, name, switchAt }) => {
  const t = catalogue(language);
  const o = catalogue(other);
  const shot = (page: Page, step: string) => browser.screenshot(page, `teacher-${language}-${step}`);
  const check = (page: Page, step: string) => expectAccessible(page, `teacher-${language}-${step}`);

  it('signs up, completes the four steps and lands on the dashboard, all in the language; a switch mid-wizard keeps the draft', async () => {
    const page = browser.page;
    await page.context().clearCookies();
    await page.goto(`${server.url}/`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await chooseLanguage(page, 'Language', language);

    // Sign up as a teacher.
    await page.getByRole('heading', { level: 1, name: t('auth:login.titleLogIn') }).waitFor();
    await page.getByRole('button', { name: t('auth:login.signUp') }).click();
    await page.getByRole('heading', { level: 1, name: t('auth:login.titleSignUp') }).waitFor();
    const email = e2eEmail(`${language}.tutor`);
    await page.getByLabel(t('auth:fields.email'), { exact: true }).fill(email);
    await page.getByLabel(t('auth:fields.password'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(t('auth:signUp.accountType')).selectOption({ label: t('auth:roles.teacher') });
    // The terms, read in the language, agreed to from their dialog.
    const termsLink = t('auth:signUp.agree').replace(/^.*<1>(.*)<\/1>.*$/, '$1');
    await page.getByRole('button', { name: termsLink }).click();
    const terms = page.getByRole('dialog', { name: t('terms:document.title') });
    await terms.getByRole('button', { name: t('auth:terms.agree') }).click();
    await poll(() => terms.isVisible()).toBe(false);
    await check(page, 'signup');
    await shot(page, 'signup');
    await page.getByRole('button', { name: t('auth:login.signUp') }).click();
    const registered = t('validation:auth.registrationSuccess');
    await poll(() => page.getByRole('status').first().textContent()).toContain(registered);

    // Log in: the new account takes the language chosen in this browser.
    await page.getByLabel(t('auth:fields.password'), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: t('auth:login.logIn') }).click();
    await waitForPath(page, '**/personal_details_teacher');
    await poll(async () => {
      const [row] = await server.app.db
        .select({ language: users.language })
        .from(users)
        .where(eq(users.email, email));
      return row?.language;
    }).toBe(language);

    // Step 1: personal details.
    const progress = page.getByRole('navigation', { name: t('teacher:steps.progress') });
    await progress.getByText(t('teacher:steps.stepOf', { step: 1, count: 4 })).waitFor();
    await page.getByRole('button', { name: t('common:actions.logout') }).waitFor();
    await poll(() => page.getByLabel(t('teacher:personal.latitude')).inputValue()).toBe('22.572645');
    await poll(() => page.getByLabel(t('teacher:personal.email')).inputValue()).toBe(email);
    await page.getByLabel(t('teacher:personal.name')).fill(name);
    await page
      .getByRole('textbox', { name: new RegExp(`^${t('teacher:personal.mobile')}`) })
      .fill('98765 43210');
    await poll(() => page.getByLabel(t('teacher:personal.whatsapp')).inputValue()).toBe('9876543210');
    await page
      .getByLabel(t('teacher:personal.gender'))
      .selectOption({ label: t(`teacher:personal.genders.${language === 'bn' ? 'female' : 'male'}`) });
    await page.getByLabel(t('teacher:personal.dateOfBirth')).fill('15/08/1990');
    await page.getByLabel(t('teacher:personal.address')).fill('12 Park Street, Kolkata 700016');

    if (switchAt === 'personal') {
      // Mid-wizard: to the other language and back; what was typed and chosen stays.
      await chooseLanguage(page, t('common:language.label'), other);
      await page.getByLabel(o('teacher:personal.name')).waitFor();
      expect(await page.getByLabel(o('teacher:personal.name')).inputValue()).toBe(name);
      expect(await page.getByLabel(o('teacher:personal.address')).inputValue()).toBe(
        '12 Park Street, Kolkata 700016',
      );
      await chooseLanguage(page, o('common:language.label'), language);
      await page.getByLabel(t('teacher:personal.name')).waitFor();
      expect(await page.getByLabel(t('teacher:personal.name')).inputValue()).toBe(name);
      expect(await page.getByLabel(t('teacher:personal.gender')).inputValue()).toBe('female');
      expect(await page.getByLabel(t('teacher:personal.dateOfBirth')).inputValue()).toBe('15/08/1990');
    }

    // Next without the photos: the rules' messages, in the language.
    await page.getByRole('button', { name: t('teacher:next') }).click();
    await page.getByText(t('validation:teacherPersonal.aadharRequired')).waitFor();
    await page.getByText(t('validation:teacherPersonal.profilePhotoRequired')).waitFor();
    await check(page, 'personal-errors');
    await page.getByLabel(t('teacher:personal.aadhar')).setInputFiles(fixture('aadhar.jpg'));
    await page.getByLabel(t('teacher:personal.photo')).setInputFiles(fixture('photo.png'));
    await page.getByText(t('common:file.selected', { name: 'photo.png' })).waitFor();
    await check(page, 'personal');
    await shot(page, 'personal');
    await page.getByRole('button', { name: t('teacher:next') }).click();
    await waitForPath(page, '**/educational_details_teacher');

    // Step 2: education. Degrees and universities by their names in the language.
    await progress.getByText(t('teacher:steps.stepOf', { step: 2, count: 4 })).waitFor();
    const degree = page.getByLabel(t('teacher:education.highest'));
    await degree.selectOption({ label: t('options:degree.6') });
    expect(await degree.inputValue()).toBe('6');
    const specialised = page.getByLabel(new RegExp(`^${t('teacher:education.specialized')}`)).first();
    await specialised.click();
    // Found by its English name too; shown in the language.
    await specialised.fill('Phys');
    await page.getByRole('option', { name: t('options:subject.physics') }).click();
    await page.getByLabel(t('teacher:education.schoolName')).fill('Hindu School');
    await page
      .getByLabel(t('teacher:education.schoolBoard'))
      .selectOption({ label: t('teacher:education.board.state') });
    await page.getByLabel(t('teacher:education.collegeName')).fill('Presidency College');
    const university = page.getByRole('combobox', {
      name: new RegExp(`^${t('teacher:education.university')}`),
    });
    await university.selectOption({ label: t('options:university.university_of_calcutta') });
    expect(await university.inputValue()).toBe('University of Calcutta');
    await page.getByLabel(t('teacher:education.yearOfPassing')).fill('2099');
    await page.getByRole('button', { name: t('teacher:next') }).click();
    await page.getByText(t('validation:teacherEducation.yearInvalid')).waitFor();
    await check(page, 'education-errors');
    await page.getByLabel(t('teacher:education.yearOfPassing')).fill('2012');
    await check(page, 'education');
    await shot(page, 'education');
    await page.getByRole('button', { name: t('teacher:next') }).click();
    await waitForPath(page, '**/teacherSubject');

    // Step 3: preferences.
    await progress.getByText(t('teacher:steps.stepOf', { step: 3, count: 4 })).waitFor();
    await page.getByRole('button', { name: t('teacher:next') }).click();
    await page.getByText(t('validation:teacherPreferences.subjectsRequired')).first().waitFor();
    await check(page, 'preferences-errors');
    await page
      .getByLabel(new RegExp(`^${t('teacher:preferences.subjects')}`))
      .first()
      .click();
    await page.getByRole('option', { name: t('options:subject.physics') }).click();
    await page.getByRole('option', { name: t('options:subject.mathematics') }).click();
    await page.keyboard.press('Escape');
    const question = (field: string) =>
      page.getByRole('radiogroup', { name: t(`teacher:preferences.question.${field}`) });
    await question('special_attention_children').getByLabel(t('teacher:no')).check();
    await question('teaching_school').getByLabel(t('teacher:yes')).check();
    await question('special_need_children').getByLabel(t('teacher:no')).check();
    // The mediums by their names in the language, all ticked by default.
    expect(await page.getByRole('checkbox', { name: t('student:options.medium.bengali') }).isChecked()).toBe(
      true,
    );
    await page.getByLabel(t('teacher:preferences.marksheet')).setInputFiles(fixture('marksheet.png'));
    await page.getByLabel(t('teacher:preferences.certificate')).setInputFiles(fixture('certificate.jpg'));
    await page.getByLabel(t('teacher:preferences.resume')).setInputFiles(fixture('resume.pdf'));
    await page.getByText(t('common:file.selected', { name: 'resume.pdf' })).waitFor();

    if (switchAt === 'preferences') {
      // Mid-wizard: to the other language and back; the choices and files stay.
      await chooseLanguage(page, t('common:language.label'), other);
      await page.getByText(o('common:file.selected', { name: 'resume.pdf' })).waitFor();
      expect(
        await page
          .getByRole('radiogroup', { name: o('teacher:preferences.question.teaching_school') })
          .getByLabel(o('teacher:yes'))
          .isChecked(),
      ).toBe(true);
      await chooseLanguage(page, o('common:language.label'), language);
      await page.getByText(t('common:file.selected', { name: 'resume.pdf' })).waitFor();
      expect(await question('teaching_school').getByLabel(t('teacher:yes')).isChecked()).toBe(true);
      expect(await question('special_need_children').getByLabel(t('teacher:no')).isChecked()).toBe(true);
    }
    await check(page, 'preferences');
    await shot(page, 'preferences');
    // On a 360 px phone too, nothing sticks out (the radius slider's '৫০ কিমি' / '50 किमी' mark).
    await page.setViewportSize({ width: 360, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: t('teacher:next') }).click();
    await waitForPath(page, '**/slots');

    // Step 4: schedule; the days by their names in the language.
    await progress.getByText(t('teacher:steps.stepOf', { step: 4, count: 4 })).waitFor();
    const create = page.getByRole('button', { name: t('teacher:slots.create') });
    expect(await create.isDisabled()).toBe(true);
    const day = (index: number) =>
      new Intl.DateTimeFormat(`${language}-IN`, { weekday: 'long', timeZone: 'UTC' }).format(
        new Date(Date.UTC(2026, 10, 23 + index)), // 23 November 2026 is a Monday
      );
    const slot = (value: string) => t(`student:options.timeOfDay.${value}`);
    await page.getByLabel(day(0), { exact: true }).check();
    await page.getByLabel(t('teacher:slots.daySlot', { day: day(0), slot: slot('morning') })).check();
    await page.getByLabel(day(5), { exact: true }).check();
    await page.getByLabel(t('teacher:slots.daySlot', { day: day(5), slot: slot('evening') })).check();
    await check(page, 'schedule');
    await shot(page, 'schedule');
    await create.click();
    await page.getByText(t('validation:teacherSchedule.success')).waitFor();

    // The dashboard, in the language, with the language's digits.
    await waitForPath(page, '**/dashboard');
    await page.getByRole('heading', { name: t('teacher:dashboard.welcome', { name }) }).waitFor();
    const details = page.getByRole('region', { name: t('teacher:dashboard.account') });
    await details.getByText(t('options:subject.physics')).waitFor();
    await details.getByText(t('teacher:summary.years_other', { years: 2 })).waitFor();
    await details.getByText(t('teacher:summary.km', { km: 10 })).waitFor();
    await page.getByText(t('validation:teacherDashboard.noNewRequests')).first().waitFor();
    await page.getByText(t('validation:teacherDashboard.noActive')).first().waitFor();
    // The signed-in header (language, bell, photo, Logout) fits the phone: nothing off screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await check(page, 'dashboard');
    await shot(page, 'dashboard');

    // The profile names the degree and the university in the language too.
    await page.getByRole('button', { name: t('teacher:dashboard.details') }).click();
    await page.getByText(t('options:degree.6'), { exact: false }).first().waitFor();
    await page.getByText(t('options:university.university_of_calcutta'), { exact: false }).first().waitFor();
    await check(page, 'profile');
    await shot(page, 'profile');

    // Log out for the next tutor; the browser keeps this language until they choose theirs.
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('button', { name: t('common:actions.logout') }).click();
    await waitForPath(page, `${server.url}/`);
  }, 300_000);
});
