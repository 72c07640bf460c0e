import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { e2eEmail, expectAccessible } from './harness';
import { setUpE2E, waitForPath } from './use-e2e';

// A Bengali-reading parent on a 360 px phone: switches the login screen to বাংলা, reads the sign-up
// form and its messages in Bengali (with the Bengali font), signs up and logs in; the choice is kept
// by the browser and saved to the account. Screenshots: languages-bn-*.png (test-results/, not in git).
const { server, browser } = setUpE2E({ browsers: [{ width: 360, height: 780 }] });

const PASSWORD = 'kolkata-2025';

describe('the product in Bengali (Chromium, phone)', () => {
  it('switches the login and sign-up screens to Bengali, signs up and logs in, and remembers the choice', async () => {
    const page = browser.page;
    await page.goto(`${server.url}/`);
    // The prerendered login screen: the switcher works once the page has hydrated.
    const language = page.getByRole('combobox', { name: 'Language' });
    await expect.poll(() => language.isEnabled()).toBe(true);
    await language.selectOption('bn');
    await page.getByRole('heading', { level: 1, name: 'আবার স্বাগত' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('bn');
    // The Bengali font (self-hosted, fetched only now) renders the text.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          await document.fonts.ready;
          return document.fonts.check('16px "Noto Sans Bengali"', 'বাংলা');
        }),
      )
      .toBe(true);
    await browser.screenshot(page, 'languages-bn-login');
    await expectAccessible(page, 'languages-bn-login');

    // Sign-up: the form, then its rules' messages, in Bengali.
    await page.getByRole('button', { name: 'অ্যাকাউন্ট খুলুন' }).click();
    await page.getByRole('heading', { level: 1, name: 'আপনার অ্যাকাউন্ট খুলুন' }).waitFor();
    await page.getByRole('button', { name: 'অ্যাকাউন্ট খুলুন' }).click();
    await page.getByText('ইমেল দিন').waitFor();
    await page.getByText('শর্তাবলিতে সম্মতি দেওয়া আবশ্যক').waitFor();
    await browser.screenshot(page, 'languages-bn-signup-errors');
    await expectAccessible(page, 'languages-bn-signup-errors');

    const email = e2eEmail('bn.parent');
    await page.getByLabel('ইমেল', { exact: true }).fill(email);
    await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(PASSWORD);
    await page.getByLabel('অ্যাকাউন্টের ধরন').selectOption({ label: 'ছাত্রছাত্রী' });
    await page.getByRole('button', { name: 'শর্তাবলি' }).click();
    const terms = page.getByRole('dialog', { name: 'শর্তাবলি ও গোপনীয়তা নীতি' });
    await terms.getByText('শেষ পরিবর্তন: ১ এপ্রিল ২০২৫').waitFor();
    await browser.screenshot(page, 'languages-bn-terms');
    await expectAccessible(page, 'languages-bn-terms');
    await terms.getByRole('button', { name: 'আমি রাজি' }).click();
    await browser.screenshot(page, 'languages-bn-signup');
    await page.getByRole('button', { name: 'অ্যাকাউন্ট খুলুন' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain('অ্যাকাউন্ট খোলা হয়েছে!');

    // Log in: the account, which had no language yet, takes the browser's Bengali.
    await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'লগ ইন করুন' }).click();
    await waitForPath(page, `${server.url}/studentdetails1`);
    await expect
      .poll(async () => {
        const [row] = await server.app.db
          .select({ language: users.language })
          .from(users)
          .where(eq(users.email, email));
        return row?.language;
      })
      .toBe('bn');
    // The header keeps the choice on the next screen and after a reload.
    await page.reload();
    expect(await page.getByRole('combobox', { name: 'ভাষা' }).inputValue()).toBe('bn');
    await browser.screenshot(page, 'languages-bn-student-details');

    // The login screen's prerendered HTML is English: with Bengali chosen it never shows, even
    // while the scripts have not arrived (here they never do).
    const early = await browser.newPage();
    await early.route('**/assets/*.js', (route) => route.abort());
    await early.goto(`${server.url}/`);
    expect(await early.evaluate(() => document.documentElement.hasAttribute('data-other-language'))).toBe(
      true,
    );
    expect(await early.locator('#root').evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
    await early.close();
  });
});
