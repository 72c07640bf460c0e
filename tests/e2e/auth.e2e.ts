import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../contract/rules/auth';
import { e2eEmail, expectAccessible, focusRingOf } from './harness';
import { setUpE2E, waitForPath } from './use-e2e';

const { server, browser } = setUpE2E();

const PASSWORD = 'kolkata-2025';
const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

async function signUp(page: Page, email: string, accountType: 'Teacher' | 'Student', viaModal: boolean) {
  await page.goto(`${server.url}/`);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Account type').selectOption({ label: accountType });
  if (viaModal) {
    await page.getByRole('button', { name: 'terms and conditions' }).click();
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('Last updated: April 1, 2025');
    await page.getByRole('button', { name: 'I Agree' }).click();
  } else {
    await page.getByRole('checkbox', { name: /I agree to the terms and conditions/ }).check();
  }
  expect(await page.getByRole('checkbox', { name: /I agree/ }).isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect
    .poll(() => page.getByRole('status').first().textContent())
    .toContain(AUTH_MESSAGES.registrationSuccess);
  // Back in login mode with the email kept and the password cleared.
  expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
  expect(await page.getByLabel('Password', { exact: true }).inputValue()).toBe('');
}

async function logIn(page: Page, password = PASSWORD) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

describe('sign-up and login in Chromium', () => {
  it('a teacher signs up, logs in, lands on personal details, and a reload keeps the session', async () => {
    const page = browser.page;
    const email = e2eEmail('teacher');
    await signUp(page, email, 'Teacher', true);
    await expectAccessible(page, 'auth-signed-up');
    await browser.screenshot(page, 'auth-signed-up');
    await logIn(page);
    await waitForPath(page, '**/personal_details_teacher');
    expect(await storage(page, 'role_id')).toBe('1');
    expect(await storage(page, 'userEmail')).toBe(email);
    const token = await storage(page, 'auth_token');
    expect(token).toMatch(/^ey/);

    await page.reload();
    await waitForPath(page, '**/personal_details_teacher');
    expect(await storage(page, 'auth_token')).toBe(token);

    // Back on the login screen the live session is offered rather than a new login.
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.getByText(/You are already logged in as/).textContent()).toContain(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, '**/personal_details_teacher');
  });

  it('a student signs up and logs in to the student details (D1)', async () => {
    const page = browser.page;
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Log in with a different account' }).click();
    const email = e2eEmail('student');
    await signUp(page, email, 'Student', false);
    await logIn(page);
    await waitForPath(page, '**/studentdetails1');
    expect(await storage(page, 'role_id')).toBe('2');
  });

  it('a wrong password shows the credentials message; a duplicate email is refused', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.evaluate(() => localStorage.clear());
    const email = e2eEmail('wrong');
    await signUp(page, email, 'Teacher', false);
    await logIn(page, 'not-the-password');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(AUTH_MESSAGES.invalidCredentials);
    // Log in was clicked with the mouse; focus is on the password, to type it again, ring showing.
    await expect
      .poll(() => focusRingOf(page.getByLabel('Password', { exact: true })))
      .toEqual({ focused: true, focusVisible: true, outline: 2 });
    await expectAccessible(page, 'auth-wrong-password');
    await browser.screenshot(page, 'auth-wrong-password');
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await storage(page, 'auth_token')).toBeNull();

    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(AUTH_MESSAGES.emailTaken);
    await expectAccessible(page, 'auth-email-taken');
    await page.close();
  });

  it('the role picker leads a signed-out job seeker to sign-up as a job seeker', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/role`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByRole('button', { name: 'Someone seeking job opportunities' }).click();
    await waitForPath(page, `${server.url}/?signup`);
    // Sign-up itself (the person has just said they are new), the job seeker preselected.
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    expect(await page.getByLabel('Account type').inputValue()).toBe('3');
    // Next with nobody signed in leads to sign-up too (never the teacher's 'Date & Time' step, /slots).
    await page.goto(`${server.url}/role`);
    await page.getByRole('button', { name: 'Next' }).click();
    await waitForPath(page, `${server.url}/?signup`);
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.close();
  });

  it('at 360 px, the stored-session card wraps a long email and keeps both buttons whole', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/login`);
    await page.evaluate(() => localStorage.clear());
    const email = e2eEmail('a-rather-long-mailbox-name.for-a-tutor-in-siliguri');
    await signUp(page, email, 'Teacher', false);
    await logIn(page);
    await waitForPath(page, '**/personal_details_teacher');
    await page.goto(`${server.url}/`);
    await expect.poll(() => page.getByText(/You are already logged in as/).textContent()).toContain(email);
    await expectAccessible(page, 'auth-session-long-email');
    await browser.screenshot(page, 'auth-session-long-email');
    // Nothing sticks out of the viewport, and no element clips its own content (a cut-off label).
    const problems = await page.evaluate(() =>
      [...document.querySelectorAll('body *')].flatMap((el) => {
        const rect = el.getBoundingClientRect();
        const name = `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.slice(0, 40)}`;
        if (rect.width === 0) return [];
        if (rect.right > window.innerWidth + 0.5 || rect.left < -0.5) return [`outside: ${name}`];
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible')
          return [`clipped: ${name}`];
        return [];
      }),
    );
    expect(problems).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const name of ['Continue', 'Log in with a different account']) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    }
    await page.close();
  });

  it('the terms are readable on /terms at 360 px without horizontal scrolling', async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/terms`);
    await expect.poll(() => page.getByText('Last updated: April 1, 2025').count()).toBe(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'terms page');
    await page.close();
  });
});
