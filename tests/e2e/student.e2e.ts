import { expect, it } from 'vitest';
import { insertTeacher } from '../server/fixtures/teachers';
import { e2eEmail, expectAccessible, focusRingOf } from './harness';
import { setUpE2E, waitForPath } from './use-e2e';

const {
  server,
  browsers: [student, teacher],
  signUp,
  logIn,
} = setUpE2E({ browsers: [{}, {}] });

it('a student registers, requests Physics and Mathematics, connects with a real teacher who accepts', async () => {
  // A teacher onboarded before the student arrives (account through the API, profile in the database).
  const teacherEmail = e2eEmail('teacher');
  const teacherUserId = await signUp(teacherEmail, 1);
  await insertTeacher(server.app.db, {
    userId: teacherUserId,
    name: 'Anita Roy',
    subjects: ['Physics', 'Mathematics'],
    teachingMode: 'both',
    verified: true,
    experience: 6,
  });
  await insertTeacher(server.app.db, { name: 'Chemistry Only', subjects: ['Chemistry'] });

  const page = student.page;
  const studentEmail = e2eEmail('student');
  await signUp(studentEmail, 2);
  await logIn(page, studentEmail);
  // D1: a student without a student record goes to /studentdetails1.
  await waitForPath(page, '**/studentdetails1');
  // Where the student is, as on the teacher's steps: step 1 of 2, marked current; on a 360 px
  // phone nothing is wider than the screen.
  const progress = page.getByRole('navigation', { name: 'Sign-up progress' });
  await progress.getByText('Step 1 of 2').waitFor();
  expect(await progress.locator('[aria-current="step"]').textContent()).toBe('Personal details');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  await page.getByLabel('Full name').fill('Riya Sen');
  await page.getByLabel(/^Mobile number/).fill('98300');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Invalid mobile number (10 digits required)').waitFor();
  // A reload keeps what was typed (draft).
  await page.reload();
  await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Riya Sen');
  await expect.poll(() => page.getByLabel(/^Mobile number/).inputValue()).toBe('98300');
  await page.getByLabel(/^Mobile number/).fill('9830012345');
  await expect.poll(() => page.getByLabel(/^Mobile number/).inputValue()).toBe('9830012345');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Date of birth').fill('12/03/2009');
  await page.getByLabel('Marital status').selectOption('single');
  await page.getByLabel('Address').fill('5 Park Street, Kolkata 700016');
  await page.getByText(/Age: \d+ years/).waitFor();
  await expectAccessible(page, 'student-personal');
  await student.screenshot(page, 'student-personal');
  await page.getByRole('button', { name: 'Next' }).click();

  await waitForPath(page, '**/studentdetails2');
  await progress.getByText('Step 2 of 2').waitFor();
  expect(await progress.locator('[aria-current="step"]').textContent()).toBe('Education');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page, 'student-education');
  await student.screenshot(page, 'student-education');
  await page.getByLabel('School', { exact: true }).check();
  await page.getByLabel('School name').fill('South Point High School');
  await page.getByLabel('Class/Standard').fill('Class 10');
  await page.getByRole('button', { name: 'Next' }).click();

  await waitForPath(page, '**/subject');
  await page.getByRole('heading', { name: 'Find Online & home tutor in seconds' }).waitFor();
  await page.getByRole('button', { name: 'Physics', exact: true }).click();
  await page.getByRole('button', { name: 'Mathematics', exact: true }).click();
  // A chosen subject's chip goes when clicked: focus moves to the chip now nearest, ring showing.
  await page.getByRole('button', { name: 'Remove Mathematics' }).click();
  await expect
    .poll(() => focusRingOf(page.getByRole('button', { name: 'Remove Physics' })))
    .toEqual({ focused: true, focusVisible: true, outline: 2 });
  await page.getByRole('button', { name: 'Mathematics', exact: true }).click();
  // Online teaching is not offered yet: an online request would find nobody.
  await page.getByRole('radio', { name: 'Offline' }).check();
  await expectAccessible(page, 'student-subject');
  await student.screenshot(page, 'student-subject');
  await page.getByRole('button', { name: 'Explore Teachers' }).click();

  await waitForPath(page, '**/teacherfinder');
  const card = page.getByRole('article', { name: 'Anita Roy' });
  await card.waitFor();
  await expect.poll(() => card.textContent()).toContain('6 years experience');
  expect(await page.getByRole('article', { name: 'Chemistry Only' }).count()).toBe(0);
  await card.getByRole('button', { name: 'Connect with Anita Roy' }).click();
  await page
    .getByText('Connection message sent successfully! After a review you can expect a callback !!')
    .waitFor();
  await card.getByText('Request sent').waitFor();
  expect(await card.getByRole('button', { name: /Connect/ }).count()).toBe(0);
  await expectAccessible(page, 'student-finder-connected');
  await student.screenshot(page, 'student-finder-connected');
  // The confirmation goes after 3 seconds.
  await page
    .getByText('Connection message sent successfully!', { exact: false })
    .waitFor({ state: 'detached', timeout: 6000 });

  // The teacher logs in and accepts on the dashboard.
  const tp = teacher.page;
  await logIn(tp, teacherEmail);
  await waitForPath(tp, '**/dashboard');
  const accept = tp.getByRole('button', { name: 'Accept request from Riya Sen' });
  await accept.waitFor();
  await expectAccessible(tp, 'teacher-dashboard-request');
  await teacher.screenshot(tp, 'teacher-dashboard-request');
  await accept.click();
  // Every title the dialog shows until it has gone: once the answer is in, the closing dialog stays
  // 'Accept request' (it used to turn into 'Decline request' on its way out).
  await tp.evaluate(() => {
    const titles: string[] = [];
    (window as unknown as { __dialogTitles: string[] }).__dialogTitles = titles;
    const record = () => {
      for (const title of document.querySelectorAll('[role="dialog"] h2'))
        if (titles.at(-1) !== title.textContent) titles.push(title.textContent ?? '');
    };
    record();
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await tp.getByRole('dialog', { name: 'Accept request' }).getByRole('button', { name: 'Accept' }).click();
  await tp.getByRole('button', { name: 'End contract with Riya Sen' }).waitFor();
  await tp.getByRole('dialog').waitFor({ state: 'detached' });
  expect(await tp.evaluate(() => (window as unknown as { __dialogTitles: string[] }).__dialogTitles)).toEqual(
    ['Accept request'],
  );
  // Focus goes to the list the request joined, not to the page's start.
  expect(await tp.evaluate(() => document.activeElement?.textContent)).toBe('Active');

  // The student's finder, reloaded (no navigation state), shows the request accepted.
  await page.reload();
  await page.getByRole('article', { name: 'Anita Roy' }).getByText('Accepted').waitFor();
  await expectAccessible(page, 'student-finder-accepted');
  await student.screenshot(page, 'student-finder-accepted');
});
