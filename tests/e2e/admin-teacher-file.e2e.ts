import { beforeAll, expect, it } from 'vitest';
import { registerAdmin } from '../../server/services/accounts';
import { insertTeacher } from '../server/fixtures/admin-teachers';
import { e2eEmail, expectAccessible, focusRingOf } from './harness';
import { setUpE2E } from './use-e2e';

// An administrator decides on pending teachers from their files (/Admin_Teacher/:id), as Teacher
// Approvals on the dashboard does: Reject with a reason in a dialog (keyboard only), and Approve.
const { server, browser, logInAdmin } = setUpE2E();
const admin = { email: e2eEmail('file.admin'), password: 'admin-pass-123' };
let rejectId = 0;
let approveId = 0;

beforeAll(async () => {
  const db = server.app.db;
  rejectId = (await insertTeacher(db, { name: 'Arindam Ghosh', documents: true })).id;
  approveId = (await insertTeacher(db, { name: 'Moumita Bose', documents: true })).id;
  await registerAdmin(db, admin, { open: true });
});

it("rejects one pending teacher and approves another from their files; the dashboard's figures follow", async () => {
  const page = browser.page;
  await logInAdmin(page, admin);
  await page.getByLabel('Active Teachers: 2').waitFor();

  // Reject, by keyboard: the dialog takes focus, Escape gives it back, the reason is required.
  await page.goto(`${server.url}/Admin_Teacher/${rejectId}`);
  const decision = page.getByRole('region', { name: 'Verification decision' });
  const reject = decision.getByRole('button', { name: 'Reject Arindam Ghosh' });
  await reject.waitFor();
  await expectAccessible(page, 'admin teacher file, pending');
  await reject.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Reject Arindam Ghosh' });
  const reason = dialog.getByLabel('Reason for rejection');
  await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => reject.evaluate((el) => el === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await expect.poll(() => reason.evaluate((el) => el === document.activeElement)).toBe(true);
  // Tab stays within the dialog.
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await dialog.getByRole('button', { name: 'Confirm rejection' }).click();
  await dialog.getByText('Please give a reason for rejecting this teacher').waitFor();
  await reason.fill('Certificate does not match the name');
  await expectAccessible(page, 'admin teacher file, rejecting');
  await dialog.getByRole('button', { name: 'Confirm rejection' }).click();
  await decision
    .getByRole('status')
    .filter({ hasText: 'Arindam Ghosh was rejected and deactivated.' })
    .waitFor();
  const personal = page.getByRole('region', { name: 'Personal details' });
  await personal.getByText('Rejected', { exact: true }).waitFor();
  await personal.getByText('Certificate does not match the name').waitFor();
  expect(await decision.getByRole('button').count()).toBe(0);
  const heading = decision.getByRole('heading', { name: 'Verification decision' });
  // Confirm rejection was clicked with the mouse: the ring shows on the card's title all the same.
  await expect.poll(() => focusRingOf(heading)).toEqual({ focused: true, focusVisible: true, outline: 2 });
  await expectAccessible(page, 'admin teacher file, rejected');

  // Approve the other.
  await page.goto(`${server.url}/Admin_Teacher/${approveId}`);
  await decision.getByRole('button', { name: 'Approve Moumita Bose' }).click();
  await decision.getByRole('status').filter({ hasText: 'Moumita Bose is now verified.' }).waitFor();
  await page.getByRole('heading', { level: 1, name: 'Moumita Bose' }).waitFor();
  await personal.getByText('Verified', { exact: true }).waitFor();
  await expectAccessible(page, 'admin teacher file, approved');

  // Nothing waits on the dashboard any more; the rejected teacher is no longer active.
  await page.goto(`${server.url}/admin`);
  await page.getByRole('region', { name: 'Teacher Approvals' }).getByText('No pending approvals').waitFor();
  await page.getByLabel('Active Teachers: 1').waitFor();
});
