import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { e2eEmail, expectAccessible } from './harness';
import { setUpE2E, waitForPath } from './use-e2e';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));

const { server, browser } = setUpE2E();

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/`);
  // Still signed in from onboarding: the login screen offers to switch accounts.
  const other = page.getByRole('button', { name: /different account/ });
  const emailField = page.getByLabel('Email').first();
  await Promise.race([other.waitFor(), emailField.waitFor()]);
  if (await other.isVisible()) await other.click();
  await page
    .getByLabel('Email')
    .first()
    .fill(email)
    .catch(async (error) => {
      await browser.screenshot(page, 'teacher-login-failed');
      throw error;
    });
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

it('a new teacher signs up, completes the four steps and lands on a filled dashboard', async () => {
  const page = browser.page;
  const email = e2eEmail('teacher');
  const password = 'password123';
  const signUp = await page.request.post(`${server.url}/api/v1/users`, {
    data: { email, password, user_role_id: 1 },
  });
  expect(signUp.status()).toBe(201);

  await logIn(page, email, password);
  await waitForPath(page, '**/personal_details_teacher');

  // Step 1: personal details, with the location from the device. Each step says where it is in
  // the four, and offers Logout.
  const progress = page.getByRole('navigation', { name: 'Sign-up progress' });
  await progress.getByText('Step 1 of 4').waitFor();
  await page.getByRole('button', { name: 'Logout' }).waitFor();
  // A new teacher's first step has nothing before it: no Back (never the login screen's
  // 'You are already logged in').
  expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
  await expect.poll(() => page.getByLabel('Latitude').inputValue()).toBe('22.572645');
  await expect.poll(() => page.getByLabel('Email').inputValue()).toBe(email);
  await page.getByLabel('Full name').fill('Anita Sen');
  await page.getByRole('textbox', { name: /^Mobile number/ }).fill('98765 43210');
  await expect.poll(() => page.getByLabel('WhatsApp number').inputValue()).toBe('9876543210');
  await page.getByLabel('Gender').selectOption('female');
  await page.getByLabel('Date of birth').fill('15/08/1990');
  await page.getByLabel('Address').fill('12 Park Street, Kolkata 700016');

  // The draft survives a reload (photos excluded).
  await page.reload();
  await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Anita Sen');
  expect(await page.getByRole('textbox', { name: /^Mobile number/ }).inputValue()).toBe('9876543210');
  expect(await page.getByLabel('Address').inputValue()).toBe('12 Park Street, Kolkata 700016');

  // Submitting without photos shows the rules' messages.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Aadhar card photo is required').waitFor();
  await page.getByText('Profile photo is required').waitFor();
  // Next was clicked with the mouse: the first photo missing is focused, and its picker's button
  // (drawn for the file input) shows the ring.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const at = document.activeElement as HTMLElement | null;
        const button = at?.nextElementSibling;
        return {
          field: at?.closest('[data-field]')?.getAttribute('data-field'),
          focusVisible: at?.matches(':focus-visible'),
          ring:
            !button || getComputedStyle(button).outlineStyle === 'none'
              ? 0
              : Number.parseFloat(getComputedStyle(button).outlineWidth),
        };
      }),
    )
    .toEqual({ field: 'aadhar_photo', focusVisible: true, ring: 2 });

  await page.getByLabel('Aadhar card photo').setInputFiles(fixture('aadhar.jpg'));
  await page.getByLabel('Profile photo').setInputFiles(fixture('photo.png'));
  await page.getByText('File selected: photo.png').waitFor();
  await expectAccessible(page, 'teacher-personal-details');
  await browser.screenshot(page, 'teacher-personal-details');
  await page.getByRole('button', { name: 'Next' }).click();
  await waitForPath(page, '**/educational_details_teacher');

  // Step 2: education.
  await progress.getByText('Step 2 of 4').waitFor();
  await page
    .getByLabel('Highest qualification')
    .selectOption({ label: "Master's degree (M.A. / M.Sc. / M.Com.)" });
  await page
    .getByLabel(/^Specialized subject/)
    .first()
    .click();
  await page
    .getByLabel(/^Specialized subject/)
    .first()
    .fill('Phys');
  await page.getByRole('option', { name: 'Physics' }).click();
  await page.getByLabel('School name').fill('Hindu School');
  await page.getByLabel('School education board').selectOption('state');
  await page.getByLabel('College name').fill('Presidency College');
  await page.getByLabel('University').selectOption('University of Calcutta');
  await page.getByLabel('Year of passing').fill('2099');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText(/Please enter a valid year/).waitFor();
  await page.getByLabel('Year of passing').fill('2012');
  await page.getByRole('button', { name: 'Next' }).click();
  await waitForPath(page, '**/teacherSubject');

  // Step 3: preferences (defaults: experience 2, radius 10 km, offline, all mediums).
  await progress.getByText('Step 3 of 4').waitFor();
  // A failed Next focuses the subjects field, and no list opens by itself over the errors.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Please select at least one subject').first().waitFor();
  await expect
    .poll(() =>
      page.evaluate(() => document.activeElement?.closest('[data-field]')?.getAttribute('data-field')),
    )
    .toBe('subject_ids');
  expect(await page.getByRole('listbox').count()).toBe(0);
  expect(await page.getByText('Please select at least one subject').first().isVisible()).toBe(true);
  await expectAccessible(page, 'teacher-preferences-errors');
  await page
    .getByLabel(/^Subjects you teach/)
    .first()
    .click();
  await page.getByRole('option', { name: 'Physics' }).click();
  await page.getByRole('option', { name: 'Mathematics' }).click();
  await page.keyboard.press('Escape');
  await page
    .getByRole('radiogroup', { name: /special attention/ })
    .getByLabel('No')
    .check();
  await page
    .getByRole('radiogroup', { name: /teach at a school/ })
    .getByLabel('Yes')
    .check();
  await page
    .getByRole('radiogroup', { name: /specially-abled/ })
    .getByLabel('No')
    .check();
  await page.getByLabel('Marksheet (class 12)').setInputFiles(fixture('marksheet.png'));
  await page.getByLabel('Highest qualification certificate').setInputFiles(fixture('certificate.jpg'));
  await page.getByLabel('Resume (optional)').setInputFiles(fixture('resume.pdf'));
  await page.getByText('File selected: resume.pdf').waitFor();
  await expectAccessible(page, 'teacher-preferences');
  await browser.screenshot(page, 'teacher-preferences');
  await page.getByRole('button', { name: 'Next' }).click();
  await waitForPath(page, '**/slots');

  // Step 4: schedule.
  await progress.getByText('Step 4 of 4').waitFor();
  const create = page.getByRole('button', { name: 'Create Profile' });
  expect(await create.isDisabled()).toBe(true);
  await page.getByLabel('Monday', { exact: true }).check();
  await page.getByLabel('Monday Morning').check();
  await page.getByLabel('Saturday', { exact: true }).check();
  await page.getByLabel('Saturday Evening').check();
  await create.click();
  await page.getByText('User registered successfully! Redirecting...').waitFor();
  // Create Profile lands on the teacher's own dashboard (not the login screen).
  await waitForPath(page, '**/dashboard');
  await page.getByRole('heading', { name: 'Welcome, Anita Sen' }).waitFor();

  // Logging in again lands on the dashboard with the teacher's data.
  await page.getByRole('button', { name: 'Logout' }).click();
  await waitForPath(page, `${server.url}/`);
  await logIn(page, email, password);
  await waitForPath(page, '**/dashboard');
  await page.getByRole('heading', { name: 'Welcome, Anita Sen' }).waitFor();
  const details = page.getByRole('region', { name: 'Account Details' });
  await details.getByText('Physics').waitFor();
  await details.getByText('Mathematics').waitFor();
  await details.getByText('Offline', { exact: true }).waitFor();
  await details.getByText('2 years').waitFor();
  await details.getByText('10 km').waitFor();
  await page.getByText('No new tutoring requests – New student requests will appear here').waitFor();
  await page
    .getByText('No active tutoring sessions – When you approve requests, they will appear here')
    .waitFor();
  const photo = page.getByRole('img', { name: 'Anita Sen' }).first();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await photo.getAttribute('src')).toMatch(/\/uploads\/profile_photos\//);
  // On a phone the requests come before the account details.
  const top = async (name: string) =>
    (await page.getByRole('region', { name }).boundingBox())?.y ?? Number.NaN;
  expect(await top('New Requests')).toBeLessThan(await top('Account Details'));
  await expectAccessible(page, 'teacher-dashboard');
  await browser.screenshot(page, 'teacher-dashboard');

  // The header links the teacher to their own profile, and back to the dashboard.
  const nav = page.getByRole('navigation', { name: 'Your pages' });
  await nav.getByRole('link', { name: 'Profile' }).click();
  await waitForPath(page, '**/profile');
  await page.getByText('Anita Sen').first().waitFor();
  await expectAccessible(page, 'teacher-profile');
  await nav.getByRole('link', { name: 'Dashboard' }).click();
  await waitForPath(page, '**/dashboard');

  // Edit opens the onboarding steps in edit mode.
  await page.getByRole('button', { name: 'Edit' }).click();
  await waitForPath(page, '**/personal_details_teacher?edit=1');
  await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Anita Sen');
  await expectAccessible(page, 'teacher-personal-details-edit');

  // Revisiting step 2 shows what was saved; Next updates it and step 3 shows the documents on file.
  await page.goto(`${server.url}/educational_details_teacher`);
  const school = page.getByLabel('School name');
  await expect.poll(() => school.inputValue()).toBe('Hindu School');
  const degree = page.getByLabel('Highest qualification');
  expect(await degree.locator('option:checked').textContent()).toBe(
    "Master's degree (M.A. / M.Sc. / M.Com.)",
  );
  expect(
    await page
      .getByLabel(/^Specialized subject/)
      .first()
      .inputValue(),
  ).toBe('Physics');
  expect(await page.getByLabel('School education board').inputValue()).toBe('state');
  expect(await page.getByLabel('College name').inputValue()).toBe('Presidency College');
  expect(await page.getByLabel('University').inputValue()).toBe('University of Calcutta');
  expect(await page.getByLabel('Year of passing').inputValue()).toBe('2012');
  await expectAccessible(page, 'teacher-education-revisit');
  await browser.screenshot(page, 'teacher-education-revisit');
  await page.getByRole('button', { name: 'Next' }).click();
  await waitForPath(page, '**/teacherSubject');
  await page.getByText('On file: marksheet.png').waitFor();
  await page.getByText('On file: certificate.jpg').waitFor();
  await page.getByText('On file: resume.pdf').waitFor();
  await expectAccessible(page, 'teacher-preferences-revisit');
});
