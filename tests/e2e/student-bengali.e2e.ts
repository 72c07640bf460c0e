import { expect, it } from 'vitest';
import { insertTeacher } from '../server/fixtures/teachers';
import { e2eEmail, expectAccessible } from './harness';
import { setUpE2E, waitForPath } from './use-e2e';

// A Bengali-reading parent on a 390 px phone walks the whole request flow in Bengali: details,
// education, the subject request and the finder (Bengali digits on the card), connecting with a
// teacher. Switching the language mid-wizard keeps what was typed. Screenshots:
// student-bn-*.png under test-results/ (not in git).
const { server, browser, signUp } = setUpE2E({ browsers: [{ width: 390, height: 844 }] });

it('a parent requests a tutor entirely in Bengali, and a language switch mid-wizard keeps the draft', async () => {
  await insertTeacher(server.app.db, {
    name: 'Anita Roy',
    subjects: ['Physics', 'Mathematics'],
    teachingMode: 'both',
    verified: true,
    experience: 6,
  });
  const email = e2eEmail('bn.request');
  await signUp(email, 2);

  const page = browser.page;
  await page.goto(`${server.url}/`);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('bn');
  await page.getByLabel('ইমেল', { exact: true }).fill(email);
  await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill('password123');
  await page.getByRole('button', { name: 'লগ ইন করুন' }).click();
  await waitForPath(page, '**/studentdetails1');

  // Personal details, in Bengali.
  await page.getByRole('heading', { name: 'ব্যক্তিগত তথ্য' }).waitFor();
  await page.getByLabel('পুরো নাম').fill('Riya Sen');
  await page.getByLabel(/^মোবাইল নম্বর/).fill('9830012345');
  await page.getByLabel('লিঙ্গ').selectOption({ label: 'মহিলা' });
  await page.getByLabel('জন্মতারিখ').fill('12/03/2009');
  await page.getByLabel('বৈবাহিক অবস্থা').selectOption({ label: 'অবিবাহিত' });
  await page.getByLabel('ঠিকানা').fill('5 Park Street, Kolkata 700016');
  await page.getByText(/বয়স: [০-৯]+ বছর/).waitFor();

  // Mid-wizard: switch to English and back; what was typed stays.
  await page.getByRole('combobox', { name: 'ভাষা' }).selectOption('en');
  await page.getByRole('heading', { name: 'Personal details' }).waitFor();
  expect(await page.getByLabel('Full name').inputValue()).toBe('Riya Sen');
  expect(await page.getByLabel('Address').inputValue()).toBe('5 Park Street, Kolkata 700016');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('bn');
  await page.getByRole('heading', { name: 'ব্যক্তিগত তথ্য' }).waitFor();
  expect(await page.getByLabel('পুরো নাম').inputValue()).toBe('Riya Sen');
  expect(await page.getByLabel('লিঙ্গ').inputValue()).toBe('female');
  await expectAccessible(page, 'student-bn-personal');
  await browser.screenshot(page, 'student-bn-personal');
  await page.getByRole('button', { name: 'পরবর্তী' }).click();

  // Education.
  await waitForPath(page, '**/studentdetails2');
  await page.getByLabel('স্কুলে পড়ি', { exact: true }).check();
  await page.getByLabel('স্কুলের নাম').fill('South Point High School');
  await page.getByLabel('শ্রেণি').fill('Class 10');
  await expectAccessible(page, 'student-bn-education');
  await browser.screenshot(page, 'student-bn-education');
  await page.getByRole('button', { name: 'পরবর্তী' }).click();

  // The request: subjects, offline, then a switch to Hindi and back keeps the choices.
  await waitForPath(page, '**/subject');
  await page.getByRole('heading', { name: /গৃহশিক্ষক/ }).waitFor();
  await page.getByRole('button', { name: 'Physics', exact: true }).click();
  await page.getByRole('button', { name: 'Mathematics', exact: true }).click();
  await page.getByRole('radio', { name: 'অফলাইন' }).check();
  await page.getByRole('combobox', { name: 'ভাষা' }).selectOption('hi');
  await page.getByRole('button', { name: 'शिक्षक देखें' }).waitFor();
  expect(await page.getByRole('radio', { name: 'ऑफ़लाइन' }).isChecked()).toBe(true);
  await page.getByRole('combobox', { name: 'भाषा' }).selectOption('bn');
  const selected = page.getByRole('group', { name: 'বেছে নেওয়া বিষয়' });
  await expect.poll(() => selected.textContent()).toContain('Physics');
  expect(await selected.textContent()).toContain('Mathematics');
  expect(await page.getByRole('radio', { name: 'অফলাইন' }).isChecked()).toBe(true);
  await expectAccessible(page, 'student-bn-subject');
  await browser.screenshot(page, 'student-bn-subject');
  await page.getByRole('button', { name: 'শিক্ষক দেখুন' }).click();

  // The finder: the card in Bengali with Bengali digits; connect.
  await waitForPath(page, '**/teacherfinder');
  await page.getByRole('heading', { name: 'আপনার জন্য উপযুক্ত শিক্ষক' }).waitFor();
  const card = page.getByRole('article', { name: 'Anita Roy' });
  await card.waitFor();
  await expect.poll(() => card.textContent()).toContain('৬ বছরের অভিজ্ঞতা');
  await page.getByText(/আপনার অনুরোধের সঙ্গে ১ জন শিক্ষক মিলেছে/).waitFor();
  await expectAccessible(page, 'student-bn-finder');
  await browser.screenshot(page, 'student-bn-finder');
  await card.getByRole('button', { name: 'Anita Roy-কে অনুরোধ পাঠান' }).click();
  await card.getByText('অনুরোধ পাঠানো হয়েছে').waitFor();
  await expectAccessible(page, 'student-bn-finder-connected');
  await browser.screenshot(page, 'student-bn-finder-connected');
});
