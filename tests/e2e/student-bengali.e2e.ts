import { expect, it } from 'vitest';
import { insertTeacher } from '../server/fixtures/teachers';
import { e2eEmail, expectAccessible } from './harness';
import { setUpE2E, waitForPath } from './use-e2e';

// A Bengali-reading parent on a 390 px phone walks the whole request flow in Bengali: details (the
// rules' messages in Bengali first), education, the subject request and the finder (Bengali digits
// on the card), connecting with a teacher. Switching the language mid-wizard keeps what was typed.
// The teacher, on her own phone in Hindi, accepts; the parent's bell and /requests then tell of it
// in Bengali, with the teacher's contact. Screenshots: student-bn-*.png, teacher-hi-accept.png under
// test-results/ (not in git).
const {
  server,
  browsers: [browser, teacherPhone],
  signUp,
} = setUpE2E({
  browsers: [
    { width: 390, height: 844 },
    { width: 390, height: 844 },
  ],
});

it('a parent requests a tutor entirely in Bengali (a language switch mid-wizard keeps the draft), a teacher accepts in Hindi, and the parent reads the notification and the contact in Bengali', async () => {
  const teacherEmail = e2eEmail('hi.teacher');
  const teacherUserId = await signUp(teacherEmail, 1);
  await insertTeacher(server.app.db, {
    userId: teacherUserId,
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

  // Personal details, in Bengali; Next on the empty form gives the rules' messages in Bengali.
  await page.getByRole('heading', { name: 'ব্যক্তিগত তথ্য' }).waitFor();
  await page.getByRole('button', { name: 'পরবর্তী' }).click();
  await page.getByText('নাম লিখুন').waitFor();
  await page.getByText('মোবাইল নম্বর দিন').waitFor();
  await page.getByText('ঠিকানা লিখুন').waitFor();
  await page.getByLabel(/^মোবাইল নম্বর/).fill('98300');
  await page.getByLabel('জন্মতারিখ').fill('31/02/2009');
  await page.getByRole('button', { name: 'পরবর্তী' }).click();
  await page.getByText('মোবাইল নম্বর ঠিক নয় (১০ অঙ্ক দরকার)').waitFor();
  await page.getByText('সঠিক জন্মতারিখ দিন (দিন/মাস/বছর)').waitFor();
  await expectAccessible(page, 'student-bn-personal-errors');
  await browser.screenshot(page, 'student-bn-personal-errors');
  await page.getByLabel('পুরো নাম').fill('Riya Sen');
  // Typed on a Bengali keyboard: the same number.
  await page.getByLabel(/^মোবাইল নম্বর/).fill('৯৮৩০০১২৩৪৫');
  expect(await page.getByLabel(/^মোবাইল নম্বর/).inputValue()).toBe('9830012345');
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
  // The seeded subjects by their Bengali names.
  await page.getByRole('button', { name: 'পদার্থবিদ্যা', exact: true }).click();
  await page.getByRole('button', { name: 'গণিত', exact: true }).click();
  await page.getByRole('radio', { name: 'অফলাইন' }).check();
  await page.getByRole('combobox', { name: 'ভাষা' }).selectOption('hi');
  await page.getByRole('button', { name: 'शिक्षक देखें' }).waitFor();
  expect(await page.getByRole('radio', { name: 'ऑफ़लाइन' }).isChecked()).toBe(true);
  await page.getByRole('combobox', { name: 'भाषा' }).selectOption('bn');
  const selected = page.getByRole('group', { name: 'বেছে নেওয়া বিষয়' });
  await expect.poll(() => selected.textContent()).toContain('পদার্থবিদ্যা');
  expect(await selected.textContent()).toContain('গণিত');
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

  // The teacher, on her phone in Hindi, accepts.
  const tp = teacherPhone.page;
  await tp.goto(`${server.url}/`);
  const switcher = tp.getByRole('combobox', { name: 'Language' });
  await expect.poll(() => switcher.isEnabled()).toBe(true);
  await switcher.selectOption('hi');
  await tp.getByLabel('ईमेल', { exact: true }).fill(teacherEmail);
  await tp.getByLabel('पासवर्ड', { exact: true }).fill('password123');
  await tp.getByRole('button', { name: 'लॉग इन करें' }).click();
  await waitForPath(tp, '**/dashboard');
  await tp.getByRole('button', { name: 'Riya Sen का अनुरोध स्वीकार करें' }).click();
  const accept = tp.getByRole('dialog', { name: 'अनुरोध स्वीकार करें' });
  await accept.getByText('Riya Sen का अनुरोध स्वीकार करें? आप दोनों एक-दूसरे की संपर्क जानकारी देख पाएँगे।').waitFor();
  await expectAccessible(tp, 'teacher-hi-accept');
  await teacherPhone.screenshot(tp, 'teacher-hi-accept');
  await accept.getByRole('button', { name: 'स्वीकार करें', exact: true }).click();
  await tp.getByRole('button', { name: 'Riya Sen के साथ अनुबंध ख़त्म करें' }).waitFor();

  // The parent's bell tells of it in Bengali, its panel wholly on the phone's screen.
  await page.goto(`${server.url}/requests`);
  const bell = page.getByRole('button', { name: 'বিজ্ঞপ্তি, ১টি পড়া হয়নি' });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'বিজ্ঞপ্তি' });
  await panel.getByText('অনুরোধ গৃহীত').waitFor();
  await panel
    .getByText(
      'Anita Roy পদার্থবিদ্যা এবং গণিত পড়ানোর জন্য আপনার অনুরোধ গ্রহণ করেছেন। ওঁর যোগাযোগের তথ্য আপনার অনুরোধের পাতায় আছে।',
    )
    .waitFor();
  const box = await panel.boundingBox();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'student-bn-bell');
  await browser.screenshot(page, 'student-bn-bell');
  await panel.getByRole('button', { name: 'বন্ধ করুন' }).click();

  // /requests: accepted, with the teacher's contact (the number in Bengali digits).
  const request = page.getByRole('article', { name: 'পদার্থবিদ্যা, গণিত-এর জন্য অনুরোধ' });
  const teacher = request.getByRole('listitem', { name: 'Anita Roy' });
  await teacher.getByText('গৃহীত', { exact: true }).first().waitFor();
  const contact = teacher.getByRole('group', { name: 'Anita Roy-এর সঙ্গে যোগাযোগ' });
  await contact.getByText('মোবাইল: ৯৮৭৬৫৪৩২১০').waitFor();
  await contact.getByRole('link', { name: 'Anita Roy-কে WhatsApp করুন' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'student-bn-requests');
  await browser.screenshot(page, 'student-bn-requests');
}, 300_000);
