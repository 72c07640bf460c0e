import { beforeAll, expect, it } from 'vitest';
import { adminSession } from '../server/fixtures/admin-teachers';
import { posting, seekerReady } from '../server/fixtures/jobs';
import { call } from '../server/helper';
import { expectAccessible, expectKeyboardUsable } from './harness';
import { setUpE2E, waitForPath } from './use-e2e';

const {
  server,
  browsers: [browser, adminBrowser],
  logIn,
  logInAdmin,
} = setUpE2E({ browsers: [{}, {}] });

let admin: Awaited<ReturnType<typeof adminSession>>;
let seeker: Awaited<ReturnType<typeof seekerReady>>;
let postingId: number;

// A job seeker (Rina Das) has applied to an open posting; the set-up goes through the API.
beforeAll(async () => {
  admin = await adminSession(server.app);
  const created = await call(server.app, {
    method: 'POST',
    url: '/api/v1/job_postings',
    token: admin.token,
    payload: posting({ title: 'Geography Teacher' }),
  });
  postingId = created.body_.id as number;
  seeker = await seekerReady(server.app);
  const applied = await call(server.app, {
    method: 'POST',
    url: `/api/v1/job_postings/${postingId}/applications`,
    token: seeker.token,
    payload: { job_application: { cover_note: 'I teach geography.' } },
  });
  expect(applied.statusCode).toBe(201);
});

it('a job seeker withdraws an application after confirming; the administrator sees it withdrawn and cannot move it', async () => {
  const { page } = browser;
  await logIn(page, seeker.email);
  await waitForPath(page, '**/joblist');
  await page.goto(`${server.url}/myapplications`);
  const application = page.getByRole('listitem', { name: 'Geography Teacher' });
  await application.getByText('Applied', { exact: true }).waitFor();

  // The dialog says what follows; Keep changes nothing.
  await page.getByRole('button', { name: 'Withdraw application for Geography Teacher' }).click();
  const dialog = page.getByRole('dialog', { name: 'Withdraw this application?' });
  await dialog.getByText(/will no longer consider it, and this cannot be undone/).waitFor();
  await expectAccessible(page, 'jobs-withdraw-dialog');
  await dialog.getByRole('button', { name: 'Keep application' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await application.getByText('Applied', { exact: true }).waitFor();

  await page.getByRole('button', { name: 'Withdraw application for Geography Teacher' }).click();
  await dialog.getByRole('button', { name: 'Withdraw application' }).click();
  await application.getByText('Withdrawn', { exact: true }).waitFor();
  const history = page.getByRole('list', { name: 'History of Geography Teacher' }).getByRole('listitem');
  await expect.poll(() => history.count()).toBe(2);
  expect(await history.nth(1).textContent()).toMatch(/^Withdrawn, /);
  expect(await application.getByRole('button', { name: /^Withdraw/ }).count()).toBe(0);
  await expectAccessible(page, 'jobs-my-applications-withdrawn');
  await expectKeyboardUsable(page, 'jobs-my-applications-withdrawn');
  await browser.screenshot(page, 'jobs-my-applications-withdrawn');

  // The posting page offers to apply again while the posting is open.
  await application.getByRole('link', { name: 'Geography Teacher' }).click();
  await waitForPath(page, `**/jobs/${postingId}`);
  await page.getByRole('status').filter({ hasText: 'You withdrew your application' }).waitFor();
  await page.getByRole('button', { name: 'Apply again' }).waitFor();
  await expectAccessible(page, 'jobs-posting-withdrawn');

  // The administrator is told, and the board shows the application withdrawn, with no move on it.
  const adminPage = adminBrowser.page;
  await logInAdmin(adminPage, admin);
  await adminPage.getByText('Application withdrawn for Geography Teacher').waitFor();
  await adminPage.goto(`${server.url}/admin/jobs/${postingId}`);
  await adminPage.getByRole('heading', { name: 'Applications for Geography Teacher' }).waitFor();
  const card = adminPage.getByRole('listitem', { name: 'Rina Das' });
  await card.getByText('Withdrawn', { exact: true }).waitFor();
  for (const move of ['Shortlist', 'Not selected', 'Hire'])
    expect(await card.getByRole('button', { name: move, exact: true }).count()).toBe(0);
  await expectAccessible(adminPage, 'admin-applications-withdrawn');
  await adminBrowser.screenshot(adminPage, 'admin-applications-withdrawn');
});
