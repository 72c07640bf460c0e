import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { registerAdmin } from '../../server/services/accounts';
import { e2eEmail, expectAccessible } from './harness';
import { fillStudentPersonal, setUpE2E, waitForPath } from './use-e2e';

// On a 360 px phone in Hindi the search boxes' placeholders are read whole: the admin teacher list's
// and the subject request's. Screenshots: hi-360-*.png under test-results/ (not in git).
const { server, browser, signUp, logIn, logInAdmin } = setUpE2E({ browsers: [{ width: 360, height: 740 }] });
const admin = { email: e2eEmail('hi360.admin'), password: 'admin-pass-123' };

beforeAll(async () => {
  await registerAdmin(server.app.db, admin, { open: true });
});

/** How wide the field's placeholder is drawn and how much room the field gives it (px). */
const placeholderFit = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((el) => {
    const input = el as HTMLInputElement;
    const s = getComputedStyle(input);
    const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    ctx.font = `${s.fontStyle} ${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const room = input.clientWidth - Number.parseFloat(s.paddingLeft) - Number.parseFloat(s.paddingRight);
    return {
      placeholder: input.placeholder,
      text: Math.ceil(ctx.measureText(input.placeholder).width),
      room: Math.floor(room),
      fontSize: Number.parseFloat(s.fontSize),
      scrollWidth: input.scrollWidth,
      clientWidth: input.clientWidth,
    };
  });

async function toHindi(page: Page) {
  await page.getByRole('combobox', { name: 'Language' }).and(page.locator(':enabled')).selectOption('hi');
  await page.getByRole('combobox', { name: 'भाषा' }).waitFor();
}

it('the admin teacher list: the Hindi search placeholder fits at 360 px, at 16 px or more', async () => {
  const page = browser.page;
  await logInAdmin(page, admin);
  await page.goto(`${server.url}/Admin_Teacher`);
  await page.getByText(/^Total: \d+ teachers$/).waitFor();
  await toHindi(page);
  const fit = await placeholderFit(page, 'शिक्षक खोजें');
  expect(fit.fontSize).toBeGreaterThanOrEqual(16);
  expect(fit.text, JSON.stringify(fit)).toBeLessThanOrEqual(fit.room);
  expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
  await expectAccessible(page, 'hi-360-admin-teachers');
  await browser.screenshot(page, 'hi-360-admin-teachers');
});

it('the subject request: the Hindi search placeholder fits at 360 px, at 16 px or more', async () => {
  const page = browser.page;
  // A new person on the phone: the administrator's session and language go.
  await page.evaluate(() => localStorage.clear());
  const email = e2eEmail('hi360.student');
  await signUp(email, 2);
  await logIn(page, email);
  await waitForPath(page, '**/studentdetails1');
  await fillStudentPersonal(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await waitForPath(page, '**/studentdetails2');
  await page.getByLabel('School', { exact: true }).check();
  await page.getByLabel('School name').fill('South Point High School');
  await page.getByLabel('Class').fill('Class 10');
  await page.getByRole('button', { name: 'Next' }).click();
  await waitForPath(page, '**/subject');
  await toHindi(page);
  const fit = await placeholderFit(page, 'विषय खोजें');
  expect(fit.fontSize).toBeGreaterThanOrEqual(16);
  expect(fit.text, JSON.stringify(fit)).toBeLessThanOrEqual(fit.room);
  expect(fit.scrollWidth).toBeLessThanOrEqual(fit.clientWidth);
  await expectAccessible(page, 'hi-360-subject');
  await browser.screenshot(page, 'hi-360-subject');
});
