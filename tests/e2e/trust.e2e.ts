import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { MATCH_MESSAGES } from '../../contract/rules/matching';
import { VERIFICATION_MESSAGES as V } from '../../contract/rules/teacher-dashboard';
import { insertTeacher } from '../server/fixtures/teachers';
import { call, signUpAndIn } from '../server/helper';
import { adminToken, multipart, preferenceParts } from '../server/teacher-helpers';
import { e2eEmail, expectAccessible } from './harness';
import { setUpE2E, waitForPath } from './use-e2e';

/**
 * Trust on both sides, in Chromium against the real server: a rejected teacher sees why, fixes the
 * documents in the browser and is pending again, the administrator (on a phone) sees what changed in
 * Teacher Approvals and approves, and the teacher is verified and told (the rejection itself goes
 * through the API; admin.e2e.ts rejects on screen); a student who shares a location sees only the
 * teachers who travel that far, nearest first, with distances; an administrator reviews the subjects
 * students added in 'New subjects'.
 */
/** The student's device location (the browser's granted geolocation). */
const fixturePath = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const HOME = { latitude: 22.5, longitude: 88.3 };
const KM_PER_DEG = (6371 * Math.PI) / 180;
const north = (km: number) => ({ latitude: HOME.latitude + km / KM_PER_DEG, longitude: HOME.longitude });

const {
  server,
  browsers: [browser, adminBrowser],
  logIn,
} = setUpE2E({ browsers: [{ geolocation: HOME }, { width: 390, height: 844 }] });

/** Opens /admin in `page` as the administrator whose token is given (the session as sign-in stores it). */
async function openAdminDashboard(page: Page, token: string) {
  await page.goto(`${server.url}/adminsignin`);
  await page.evaluate((t) => {
    localStorage.setItem('auth_token', t);
    localStorage.setItem('user_id', '1');
    localStorage.setItem('role_id', '4');
    localStorage.setItem('userEmail', 'admin@example.com');
  }, token);
  await page.goto(`${server.url}/admin`);
}

it('admin rejects with a reason; the teacher sees it, fixes the documents, is pending, then verified', async () => {
  const app = server.app;
  const admin = await adminToken(app);
  // A teacher who finished onboarding (qualification, preferences, schedule), waiting for review.
  const user = await signUpAndIn(app, 1);
  const { teacherId } = await insertTeacher(app.db, {
    userId: user.userId,
    name: 'Anita Sen',
    subjects: ['Physics'],
  });
  const teacher = { ...user, teacherId };
  // Their mark sheet and certificate, as step 3 sends them: the documents Teacher Approvals reviews.
  const documents = await call(app, {
    method: 'POST',
    url: `/api/v1/teachers/${teacherId}/teacher_preferences`,
    token: user.token,
    ...multipart(preferenceParts()),
  });
  expect(documents.statusCode).toBe(200);
  const rejected = await call(app, {
    method: 'PATCH',
    url: `/api/v1/teachers/${teacher.teacherId}/reject`,
    token: admin,
    payload: { reason: 'The Aadhar photo is blurred' },
  });
  expect(rejected.statusCode).toBe(200);

  const page = browser.page;
  await logIn(page, teacher.email, { password: teacher.password });
  await waitForPath(page, '**/dashboard');
  const banner = page.getByRole('region', { name: 'Verification' });
  await banner.getByText(V.rejected('The Aadhar photo is blurred')).waitFor();
  await expectAccessible(page, 'teacher dashboard, rejected');
  await browser.screenshot(page, 'trust-teacher-rejected');
  // The rejection is also a notification.
  await page.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await page.getByText(V.notifyRejectedBody('The Aadhar photo is blurred')).waitFor();
  await expectAccessible(page, 'teacher notifications open');
  await page.keyboard.press('Escape');

  // Fix documents: the steps open in edit mode, prefilled; a new Aadhar photo is saved.
  await banner.getByRole('button', { name: V.fixDocuments }).click();
  await waitForPath(page, '**/personal_details_teacher?edit=1');
  await page.getByRole('link', { name: 'Back to dashboard' }).waitFor();
  await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Anita Sen');
  // The step says why at its top: the administrator's reason and what is not on file (the Aadhar
  // photo: the mark sheet and certificate are), so step 1 is the one opened.
  const why = page.getByRole('region', { name: 'Verification' });
  await why.getByText(V.rejected('The Aadhar photo is blurred')).waitFor();
  await why.getByText(V.fixMissing('Aadhar card')).waitFor();
  await expectAccessible(page, 'teacher personal details (fixing documents), the reason at the top');
  await browser.screenshot(page, 'trust-teacher-fix-reason');
  // A name longer than the server takes is kept as typed and refused in the server's words; a
  // picked file is judged by its bytes.
  await page.getByLabel('Full name').fill('A'.repeat(201));
  await page.getByText(/must be at most 200 characters/).waitFor();
  expect(await page.getByLabel('Full name').inputValue()).toHaveLength(201);
  await page.getByLabel('Full name').fill('Anita Sen');
  await expect.poll(() => page.getByText(/must be at most 200 characters/).count()).toBe(0);
  await page
    .getByLabel('Profile photo')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
  await page.getByText('Only JPG, JPEG, or PNG files are allowed').waitFor();
  expect(await page.getByText('File selected: fake.png').count()).toBe(0);
  await expectAccessible(page, 'teacher personal details (fixing documents), a file refused');
  // A refused pick blocks the step until a real photo replaces it. A new Aadhar photo, picked and
  // saved in the step: Next saves them and opens the next step.
  await page.getByLabel('Profile photo').setInputFiles(fixturePath('photo.png'));
  await page.getByText('File selected: photo.png').waitFor();
  await page.getByLabel('Aadhar card photo').setInputFiles(fixturePath('certificate.jpg'));
  await page.getByText('File selected: certificate.jpg').waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await waitForPath(page, '**/educational_details_teacher?edit=1').catch(async (error) => {
    await browser.screenshot(page, 'trust-teacher-fix-failed');
    throw error;
  });
  await page.getByRole('link', { name: 'Back to dashboard' }).click();
  await waitForPath(page, '**/dashboard');
  await banner.getByText(V.pendingTitle).waitFor();
  await banner.getByText(V.pendingChanged('Aadhar card')).waitFor();
  await expectAccessible(page, 'teacher dashboard, pending again with changes');

  // The administrator, on a phone, sees the teacher back in Teacher Approvals with what changed,
  // and approves; the teacher sees the verified mark and is told.
  const ap = adminBrowser.page;
  await openAdminDashboard(ap, admin);
  const card = ap
    .getByRole('region', { name: 'Teacher Approvals' })
    .getByRole('article', { name: 'Anita Sen' });
  await card
    .getByText('Changed since the last review: Aadhar card')
    // The dashboard's first load in a fresh browser (its chunks and four calls) on a loaded machine.
    .waitFor({ timeout: 30_000 })
    .catch(async (error) => {
      await adminBrowser.screenshot(ap, 'trust-admin-resubmitted-failed');
      throw error;
    });
  await expectAccessible(ap, 'admin approvals, re-submitted teacher');
  await adminBrowser.screenshot(ap, 'trust-admin-resubmitted');
  await card.getByRole('button', { name: 'Approve Anita Sen' }).click();
  await ap.getByText('Anita Sen is now verified.').waitFor();
  await page.reload();
  await banner.getByText(`✓ ${V.verified}`).waitFor();
  await page.getByRole('button', { name: 'Notifications, 2 unread' }).waitFor();
  await expectAccessible(page, 'teacher dashboard, verified');
  await browser.screenshot(page, 'trust-teacher-verified');
}, 120_000);

it('a student who shares a location sees only teachers whose radius covers them, nearest first', async () => {
  const db = server.app.db;
  const subjects = ['Computer Science'];
  await insertTeacher(db, { name: 'Sima Near', subjects, location: north(1.2), radiusKm: 5, verified: true });
  await insertTeacher(db, {
    name: 'Tapan Farther',
    subjects,
    location: north(3.2),
    radiusKm: 5,
    verified: true,
  });
  await insertTeacher(db, { name: 'Uma Too Far', subjects, location: north(8), radiusKm: 5, verified: true });

  const page = browser.page;
  const email = e2eEmail('student');
  const password = 'password123';
  expect(
    (
      await page.request.post(`${server.url}/api/v1/users`, { data: { email, password, user_role_id: 2 } })
    ).status(),
  ).toBe(201);
  const signIn = await page.request.post(`${server.url}/users/tokens/sign_in`, { data: { email, password } });
  const { token, user_id } = (await signIn.json()) as { token: string; user_id: number };
  const student = await page.request.post(`${server.url}/api/v1/students`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      student: {
        user_id,
        name: 'Riya Sen',
        mobile_number: '9830012345',
        address: '5 Park Street, Kolkata 700016',
        gender: 'female',
        guardian_number: '',
        is_active: true,
        date_of_birth: '12/03/2009',
        marital_status: 'single',
      },
    },
  });
  expect(student.status()).toBe(201);
  const { id: studentId } = ((await student.json()) as { data: { id: number } }).data;
  const education = await page.request.post(`${server.url}/api/v1/student_educational_qualifications`, {
    headers: { authorization: `Bearer ${token}` },
    data: {
      student_educational_qualification: {
        student_id: studentId,
        degree_id: 3,
        current_academic_level: 'Primary/Secondary',
        school_name: 'South Point',
        additional_information: 'Class 10',
      },
    },
  });
  expect(education.status(), await education.text()).toBe(201);

  await logIn(page, email, { password });
  await waitForPath(page, '**/subject');
  await page.getByRole('button', { name: 'Computer Science' }).click();
  await page
    .getByRole('radiogroup', { name: 'Mode of teaching' })
    .getByRole('radio', { name: 'Offline' })
    .check();
  await page.getByRole('button', { name: MATCH_MESSAGES.locationAsk }).click();
  await page.getByText(MATCH_MESSAGES.locationShared).waitFor();
  await expectAccessible(page, 'student subject request, location shared');
  await page.getByRole('button', { name: 'Explore Teachers' }).click();
  await waitForPath(page, '**/teacherfinder');
  await page.getByText(MATCH_MESSAGES.usingDistance).waitFor();
  const cards = page.getByRole('article');
  await cards.first().waitFor();
  expect(await cards.evaluateAll((list) => list.map((c) => c.getAttribute('aria-label')))).toEqual([
    'Sima Near',
    'Tapan Farther',
  ]);
  await page
    .getByRole('article', { name: 'Tapan Farther' })
    .getByText(/3\.2 km away/)
    .waitFor();
  await page
    .getByRole('article', { name: 'Sima Near' })
    .getByText(/1\.2 km away/)
    .waitFor();
  await expectAccessible(page, 'teacher finder with distances');
  await browser.screenshot(page, 'trust-finder-distance');
}, 120_000);

it("a student's new subjects wait in the admin's 'New subjects': merged, approved or rejected there", async () => {
  const app = server.app;
  const author = await signUpAndIn(app, 2);
  const other = await signUpAndIn(app, 2);
  const suggest = async (name: string) => {
    const res = await call(app, {
      method: 'POST',
      url: '/api/v1/subjects',
      token: author.token,
      payload: { subject: { name } },
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  const namesFor = async (token: string) =>
    (await call(app, { method: 'GET', url: '/api/v1/subjects', token })).body_.data.map(
      (s: { name: string }) => s.name,
    ) as string[];
  await suggest('Astrobiology');
  await suggest('Mathematiks');
  await suggest('asdfgh qwerty');
  expect(await namesFor(other.token)).not.toContain('Astrobiology');

  // The administrator's session, as the admin sign-in stores it.
  const token = await adminToken(app);
  const page = browser.page;
  await openAdminDashboard(page, token);
  const panel = page.getByRole('region', { name: 'New subjects' });
  await panel.getByRole('article', { name: 'Astrobiology' }).waitFor({ timeout: 30_000 });
  await expectAccessible(page, 'admin new subjects');

  await panel.getByRole('button', { name: 'Merge Mathematiks' }).click();
  await panel.getByLabel('Merge into').selectOption({ label: 'Mathematics' });
  await expectAccessible(page, 'admin new subjects, merging');
  await panel.getByRole('button', { name: 'Confirm merge' }).click();
  await panel.getByText('"Mathematiks" was merged into "Mathematics".').waitFor();

  await panel.getByRole('button', { name: 'Approve Astrobiology' }).click();
  await panel.getByText('"Astrobiology" is now in the subject list.').waitFor();
  await panel.getByRole('button', { name: 'Reject asdfgh qwerty' }).click();
  await panel.getByText('"asdfgh qwerty" was rejected.').waitFor();
  await panel.getByText('No new subjects').waitFor();
  await expectAccessible(page, 'admin new subjects, all reviewed');
  await browser.screenshot(page, 'trust-admin-new-subjects');

  const seen = await namesFor(other.token);
  expect(seen).toContain('Astrobiology');
  expect(seen).not.toContain('Mathematiks');
  expect(seen).not.toContain('asdfgh qwerty');
}, 120_000);
