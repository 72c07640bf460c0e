import { beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../../server/lib/admin-demo-data';
import { registerAdmin } from '../../server/services/accounts';
import { e2eEmail, expectAccessible } from './harness';
import { setUpE2E, waitForPath } from './use-e2e';

// The admin dashboard and teacher list on a 390 px phone with demo data (as `npm run seed:demo`
// makes it): what needs the administrator first, then the figures, then the charts; bounded
// notifications; whole labels. Screenshots: admin-phone-dashboard.png, admin-phone-teachers.png.
const { server, browser, logInAdmin } = setUpE2E({ browsers: [{ width: 390, height: 844 }] });
const admin = { email: e2eEmail('phone.admin'), password: 'admin-pass-123' };

beforeAll(async () => {
  await seedDemo(server.app.db, {
    teachers: 200,
    students: 500,
    months: 3,
    uploadsDir: server.app.config.uploadsDir,
  });
  await registerAdmin(server.app.db, admin, { open: true });
}, 300000);

const signIn = () => logInAdmin(browser.page, admin);

it('on a phone the dashboard shows Teacher Approvals, then the cards, then the charts', async () => {
  await signIn();
  const page = browser.page;
  const approvals = page.getByRole('region', { name: 'Teacher Approvals' });
  await approvals.getByRole('article').first().waitFor();
  const cards = page.getByText('Total Teachers', { exact: true });
  await cards.waitFor();
  const chart = page.getByRole('figure', { name: 'Offline vs Online Classes' });
  await chart.locator('svg.recharts-surface').waitFor();
  const notifications = page.getByRole('region', { name: 'Notifications' });
  await notifications.getByRole('listitem').first().waitFor();
  const top = async (l: typeof cards) => (await l.boundingBox())?.y ?? Number.NaN;
  const [a, c, ch, n] = [await top(approvals), await top(cards), await top(chart), await top(notifications)];
  expect(a).toBeLessThan(c);
  expect(c).toBeLessThan(ch);
  expect(ch).toBeLessThan(n);
  // The oldest three approvals, so the figures start within the first two screens; the rest a page
  // at a time ('Show more').
  expect(await approvals.getByRole('article').count()).toBe(3);
  await approvals.getByText(/^Showing 3 of \d+$/).waitFor();
  expect(c).toBeLessThan(2 * 844);
  // The latest ten, then 'Show more' (demo data has more than ten).
  expect(await notifications.getByRole('listitem').count()).toBe(10);
  await notifications.getByRole('button', { name: 'Show more' }).click();
  await expect.poll(() => notifications.getByRole('listitem').count()).toBeGreaterThan(10);
  // The month selector shows the whole month name; nothing is wider than the phone.
  const month = page.getByLabel('Month');
  expect(await month.evaluate((el: HTMLSelectElement) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'admin dashboard with demo data');
  await browser.screenshot(page, 'admin-phone-dashboard');
  await approvals.getByRole('button', { name: 'Show more' }).click();
  await expect.poll(() => approvals.getByRole('article').count()).toBe(13);
  await approvals.getByText(/^Showing 13 of \d+$/).waitFor();
  await expectAccessible(page, 'admin dashboard, more approvals shown');
});

it('on a phone the teacher list shows whole names and opens a record', async () => {
  const page = browser.page;
  await page.getByRole('link', { name: 'Teachers' }).click();
  await waitForPath(page, `${server.url}/Admin_Teacher`);
  await page.getByText(/^Total: \d+ teachers$/).waitFor();
  const names = page.getByRole('article').getByRole('link');
  await names.first().waitFor();
  // No name or badge ('✓ VERIFIED', 'INACTIVE') is cut off: each shows all of its text, on the
  // phone and on a desktop's wider cards.
  const whole = async () => {
    for (const el of [...(await names.all()), ...(await page.locator('.mantine-Badge-label').all())])
      expect(await el.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
  };
  await whole();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await whole();
  await browser.screenshot(page, 'admin-desktop-teachers');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectAccessible(page, 'admin teacher list with demo data');
  await browser.screenshot(page, 'admin-phone-teachers');
  await names.first().click();
  await waitForPath(page, /\/Admin_Teacher\/\d+$/);
  await page.getByRole('region', { name: 'Personal details' }).waitFor();
  await expectAccessible(page, 'admin teacher record with demo data');
  await browser.screenshot(page, 'admin-phone-teacher-record');
});
