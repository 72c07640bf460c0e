import { beforeAll, describe, expect, it } from 'vitest';
import { insertRequest, insertStudent, insertTeacher } from '../server/fixtures/admin-teachers';
import { e2eEmail, expectAccessible, focusRingOf } from './harness';
import { setUpE2E, waitForPath } from './use-e2e';

const { server, browser } = setUpE2E();
const admin = { email: e2eEmail('first.admin'), password: 'admin-pass-123' };

beforeAll(async () => {
  const db = server.app.db;
  // 13 teachers this month (11 active); one waits for approval with documents on file.
  for (let i = 1; i <= 11; i++)
    await insertTeacher(db, {
      name: `Demo Teacher ${String(i).padStart(2, '0')}`,
      isActive: i % 5 !== 0,
      subjects: i === 3 ? ['Sanskrit'] : ['Physics'],
      verificationStatus: 'verified',
    });
  await insertTeacher(db, { name: 'Moumita Bose', documents: true, subjects: ['Bengali'] });
  await insertTeacher(db, { name: 'Arindam Ghosh', documents: true, isActive: true });
  const school = await insertStudent(db, { name: 'Arka Pal', degreeId: 3 });
  const college = await insertStudent(db, { name: 'Riya Sen', degreeId: 5, isActive: false });
  await insertRequest(db, { studentId: school.id, subjects: ['Physics', 'Mathematics'], mode: 'online' });
  await insertRequest(db, {
    studentId: college.id,
    subjects: ['Physics'],
    mode: 'offline',
    times: ['evening'],
  });
});

describe('administrator side', () => {
  it('the first administrator registers and logs in; a second registration is refused', async () => {
    const page = browser.page;
    await page.goto(`${server.url}/adminsignin`);
    await page.getByRole('button', { name: 'Admin Login' }).waitFor();
    await expectAccessible(page, 'admin sign-in');
    await page.getByRole('button', { name: 'Need admin access? Sign up' }).click();
    await page.getByPlaceholder('Enter Admin Email').fill(admin.email);
    await page.getByPlaceholder('Enter admin password').fill(admin.password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Register Admin' }).click();
    await page.getByText('Admin registration successful! Please log in with your credentials.').waitFor();
    await expectAccessible(page, 'admin registration done');

    // Anyone else trying to register now is refused (D4).
    await page.getByRole('button', { name: 'Need admin access? Sign up' }).click();
    await page.getByPlaceholder('Enter Admin Email').fill(e2eEmail('second.admin'));
    await page.getByPlaceholder('Enter admin password').fill('another-pass-1');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Register Admin' }).click();
    await page.getByRole('alert').filter({ hasText: 'Admin registration is closed' }).waitFor();
    await expectAccessible(page, 'admin registration refused');

    await page.getByRole('button', { name: 'Already an admin? Log in' }).click();
    await page.getByPlaceholder('Enter Admin Email').fill(admin.email);
    await page.getByPlaceholder('Enter admin password').fill(admin.password);
    await page.getByRole('button', { name: 'Admin Login' }).click();
    await waitForPath(page, `${server.url}/admin`);
    expect(await page.evaluate(() => localStorage.getItem('role_id'))).toBe('4');
  });

  it('the dashboard shows the figures of the seeded data', async () => {
    const page = browser.page;
    await page.goto(`${server.url}/admin`);
    await page.getByLabel('Total Teachers: 13').waitFor();
    await page.getByLabel('Active Teachers: 11').waitFor();
    await page.getByLabel('Total Students: 2').waitFor();
    await page.getByLabel('Active Students: 1').waitFor();
    await page.getByLabel('Active Job Posts: 0').waitFor();
    await page
      .getByRole('figure', { name: 'Offline vs Online Classes' })
      .locator('svg.recharts-surface')
      .waitFor();
    const modes = await page
      .getByRole('table', { name: 'Offline vs Online Classes' })
      .locator('tr')
      .allTextContents();
    expect(modes).toEqual(['ModeRequests', 'Online1', 'Offline1', 'Mix0']);
    // The plot's tooltip is mounted once the plot is first pointed at; it shows from that pointing on.
    const searched = page.getByRole('figure', { name: 'Most Searched Subject' });
    await searched.locator('.recharts-bar-rectangle').first().hover();
    await searched.locator('.recharts-tooltip-item', { hasText: 'Requests : 2' }).waitFor();
    const subjects = await page
      .getByRole('table', { name: 'Most Searched Subject' })
      .locator('tbody tr')
      .allTextContents();
    expect(subjects).toEqual(['Physics2', 'Mathematics1']);
    await page.getByText('New teacher registered: Moumita Bose').waitFor();
    await expectAccessible(page, 'admin dashboard');
    await browser.screenshot(page, 'admin-dashboard');
  });

  it('approving a teacher shows the verified mark in the list', async () => {
    const page = browser.page;
    const approvals = page.getByRole('region', { name: 'Teacher Approvals' });
    await approvals.getByRole('button', { name: 'Approve Moumita Bose' }).click();
    await approvals.getByText('Moumita Bose is now verified.').waitFor();
    // Approve was clicked with the mouse and went with its teacher: once the queue has loaded again,
    // focus is on the decision of the teacher now in its place (not their documents before it), ring
    // showing.
    await approvals.getByRole('button', { name: 'Approve Moumita Bose' }).waitFor({ state: 'detached' });
    await expect
      .poll(() => focusRingOf(approvals.getByRole('button', { name: 'Approve Arindam Ghosh' })))
      .toEqual({ focused: true, focusVisible: true, outline: 2 });
    await approvals.getByRole('button', { name: 'Reject Arindam Ghosh' }).click();
    await approvals.getByLabel('Reason for rejection').fill('Certificate does not match the name');
    await expectAccessible(page, 'admin dashboard, rejecting a teacher');
    // The first try never reaches the server: the reason stays, the failure is said, and focus is back
    // on Confirm rejection (disabled while it was sent, which dropped it to the page's start).
    const reject = '**/api/v1/teachers/*/reject';
    await page.route(reject, (route) => route.abort());
    await approvals.getByRole('button', { name: 'Confirm rejection' }).click();
    await approvals.getByRole('alert').filter({ hasText: 'Could not save the decision' }).waitFor();
    await expect
      .poll(() => focusRingOf(approvals.getByRole('button', { name: 'Confirm rejection' })))
      .toMatchObject({ focused: true });
    expect(await approvals.getByLabel('Reason for rejection').inputValue()).toBe(
      'Certificate does not match the name',
    );
    await page.unroute(reject);
    await page.keyboard.press('Enter');
    await approvals.getByText('No pending approvals').waitFor();
    // Nobody took his place: focus is on the queue's title, ring showing.
    await expect
      .poll(() => focusRingOf(approvals.getByRole('heading', { name: 'Teacher Approvals' })))
      .toEqual({ focused: true, focusVisible: true, outline: 2 });
    // The rejection deactivated Arindam Ghosh: the figures follow without a reload.
    await page.getByLabel('Active Teachers: 10').waitFor();
    await expectAccessible(page, 'admin dashboard, no approvals left');

    await page.getByRole('link', { name: 'Teachers' }).click();
    await waitForPath(page, `${server.url}/Admin_Teacher`);
    await page.getByText('Total: 13 teachers').waitFor();
    await page.getByLabel('Search teachers').fill('moumita');
    await page.getByText('Total: 1 teacher', { exact: true }).waitFor();
    const card = page.getByRole('article', { name: 'Moumita Bose' });
    await card.getByLabel('Verified teacher').waitFor();
    // Nothing to page: no pager.
    expect(await page.getByRole('navigation', { name: 'Pages' }).count()).toBe(0);
    await expectAccessible(page, 'admin teacher list, searched');
    await browser.screenshot(page, 'admin-teacher-verified');
  });

  it('pages and searches through the list on the server', async () => {
    const page = browser.page;
    await page.getByLabel('Search teachers').fill('');
    await page.getByText('Total: 13 teachers').waitFor();
    await page.getByLabel('Rows per page').selectOption('5');
    await page.getByText('Showing 1 to 5 of 13 teachers').waitFor();
    await page.getByRole('button', { name: 'Page 3' }).click();
    await page.getByText('Showing 11 to 13 of 13 teachers').waitFor();
    expect(await page.getByRole('article').count()).toBe(3);
    await expectAccessible(page, 'admin teacher list, last page');
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Showing 6 to 10 of 13 teachers').waitFor();
    // The filter: Active (11, the rejected teacher is now inactive: 10), Inactive, All.
    await page.getByRole('button', { name: /Status filter/ }).click();
    await page.getByText('Total: 10 teachers').waitFor();
    await page.getByRole('button', { name: /Status filter/ }).click();
    await page.getByText('Total: 3 teachers').waitFor();
    await page.getByRole('button', { name: /Status filter/ }).click();
    await page.getByLabel('Search teachers').fill('sanskrit');
    await page.getByText('Total: 1 teacher', { exact: true }).waitFor();
    await page.getByRole('article', { name: 'Demo Teacher 03' }).waitFor();
  });

  it("each card opens the teacher's full record", async () => {
    const page = browser.page;
    await page.getByLabel('Search teachers').fill('moumita');
    await page.getByText('Total: 1 teacher', { exact: true }).waitFor();
    await page
      .getByRole('article', { name: 'Moumita Bose' })
      .getByRole('link', { name: 'Moumita Bose' })
      .click();
    await waitForPath(page, /\/Admin_Teacher\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Moumita Bose' }).waitFor();
    const documents = page.getByRole('region', { name: 'Documents' });
    await documents.getByRole('button', { name: /^Aadhar card/ }).waitFor();
    const activity = page.getByRole('region', { name: 'Activity' });
    await activity.getByText('Teacher approved').waitFor();
    await expectAccessible(page, 'admin teacher record');
    await browser.screenshot(page, 'admin-teacher-record');
    await page.getByRole('link', { name: '← All teachers' }).click();
    await waitForPath(page, `${server.url}/Admin_Teacher`);
  });

  it("a student's token opening /Admin lands on /adminsignin", async () => {
    const email = e2eEmail('student');
    await browser.page.request.post(`${server.url}/api/v1/users`, {
      data: { email, password: 'student-pass-1', user_role_id: 2 },
    });
    const signIn = await browser.page.request.post(`${server.url}/users/tokens/sign_in`, {
      data: { email, password: 'student-pass-1' },
    });
    const { token, user_id } = await signIn.json();
    const page = await browser.newPage();
    await page.goto(`${server.url}/adminsignin`);
    // As the student's session stores it; then with the role forged to 4 (the server refuses: 403).
    for (const role of ['2', '4']) {
      await page.evaluate(
        ([t, id, r]) => {
          localStorage.setItem('auth_token', t);
          localStorage.setItem('user_id', id);
          localStorage.setItem('role_id', r);
        },
        [token, String(user_id), role],
      );
      await page.goto(`${server.url}/Admin`);
      // The guard may leave /Admin before or after its load event; wait for the screen, then the address.
      await page.getByRole('button', { name: 'Admin Login' }).waitFor();
      await expect.poll(() => page.url()).toBe(`${server.url}/adminsignin`);
    }
    const res = await page.request.get(`${server.url}/api/v1/teachers`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(403);
    await page.close();
  });
});
