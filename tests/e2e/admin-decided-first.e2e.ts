import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { teacherPreferences, teachers, uploads } from '../../server/db/schema';
import { nextReviewVersion } from '../../server/lib/teacher-review';
import { registerAdmin } from '../../server/services/accounts';
import { reviewTeacher } from '../../server/services/admin';
import { insertTeacher } from '../server/fixtures/admin-teachers';
import { e2eEmail, expectAccessible } from './harness';
import { setUpE2E } from './use-e2e';

// Two administrators decide on the same pending teacher: the other one's decision reaches the
// server between this administrator's page load and their click. The click is refused in words,
// on the dashboard's Teacher Approvals and on the teacher's file alike, and the screen shows what
// is now stored. Beside it, a stale screen: meanwhile the teacher was decided on, fixed a document
// and is pending again; the click is refused all the same and the file shows the new document.
const { server, browser, logInAdmin } = setUpE2E();
const admin = { email: e2eEmail('first.admin'), password: 'admin-pass-123' };
const other = { email: e2eEmail('other.admin'), password: 'admin-pass-456' };
let otherId = 0;
let queuedId = 0;
let fileId = 0;

beforeAll(async () => {
  const db = server.app.db;
  queuedId = (await insertTeacher(db, { name: 'Sudipta Roy', documents: true })).id;
  await insertTeacher(db, { name: 'Tanushree Pal', documents: true });
  fileId = (await insertTeacher(db, { name: 'Bikram Sen', documents: true })).id;
  await registerAdmin(db, admin, { open: true });
  otherId = (await registerAdmin(db, other, { open: true })).id;
});

it('Teacher Approvals: the other administrator decided first; the queue says so and loses the teacher', async () => {
  const page = browser.page;
  await logInAdmin(page, admin);
  const queue = page.getByRole('region', { name: 'Teacher Approvals' });
  const approve = queue.getByRole('button', { name: 'Approve Sudipta Roy' });
  await approve.waitFor();
  await page.getByLabel('Active Teachers: 3').waitFor();
  await reviewTeacher(server.app.db, queuedId, {
    adminId: otherId,
    approve: false,
    reason: 'Aadhar photo is unreadable',
  });
  await approve.click();
  await queue
    .getByRole('alert')
    .filter({ hasText: 'Another administrator has already decided on this teacher.' })
    .waitFor();
  await queue.getByRole('article', { name: 'Sudipta Roy' }).waitFor({ state: 'detached' });
  await queue.getByRole('article', { name: 'Tanushree Pal' }).waitFor();
  // The figures follow the other administrator's rejection.
  await page.getByLabel('Active Teachers: 2').waitFor();
  await expectAccessible(page, 'admin dashboard, decided by another administrator');
});

it("the teacher's file: the other administrator decided first; the file says so and shows what is stored", async () => {
  const page = browser.page;
  await page.goto(`${server.url}/Admin_Teacher/${fileId}`);
  const decision = page.getByRole('region', { name: 'Verification decision' });
  const reject = decision.getByRole('button', { name: 'Reject Bikram Sen' });
  await reject.waitFor();
  await reviewTeacher(server.app.db, fileId, { adminId: otherId, approve: true });
  await reject.click();
  const dialog = page.getByRole('dialog', { name: 'Reject Bikram Sen' });
  await dialog.getByLabel('Reason for rejection').fill('Certificate does not match the name');
  await dialog.getByRole('button', { name: 'Confirm rejection' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await decision
    .getByRole('alert')
    .filter({ hasText: 'Another administrator has already decided on this teacher.' })
    .waitFor();
  const personal = page.getByRole('region', { name: 'Personal details' });
  await personal.getByText('Verified', { exact: true }).waitFor();
  await page.getByRole('region', { name: 'Activity' }).getByText('Teacher approved').waitFor();
  expect(await decision.getByRole('button').count()).toBe(0);
  await expectAccessible(page, 'admin teacher file, decided by another administrator');
});

it("the teacher's file: decided, fixed and pending again while the file stayed open; the approval is refused and the new mark sheet shows", async () => {
  const page = browser.page;
  const db = server.app.db;
  const teacher = await insertTeacher(db, { name: 'Mitali Ghosh', documents: true });
  await page.goto(`${server.url}/Admin_Teacher/${teacher.id}`);
  const decision = page.getByRole('region', { name: 'Verification decision' });
  const approve = decision.getByRole('button', { name: 'Approve Mitali Ghosh' });
  await approve.waitFor();
  // The other administrator rejects her; she sends a corrected mark sheet and is pending again (what
  // the teacher's own save does: server/services/teachers.ts, savePreference).
  await reviewTeacher(db, teacher.id, { adminId: otherId, approve: false, reason: 'Mark sheet is blurred' });
  const [corrected] = await db
    .insert(uploads)
    .values({
      ownerUserId: teacher.userId,
      kind: 'mark_sheet',
      storedName: `mark_sheet-${teacher.userId}-corrected.png`,
      originalName: 'marks-corrected.png',
      contentType: 'image/png',
      byteSize: 100,
    })
    .returning();
  await db.transaction(async (tx) => {
    await tx
      .update(teacherPreferences)
      .set({ markSheetId: corrected.id })
      .where(eq(teacherPreferences.teacherId, teacher.id));
    await tx
      .update(teachers)
      .set({
        verificationStatus: 'pending',
        isActive: true,
        reviewChanges: ['mark_sheet'],
        ...nextReviewVersion,
      })
      .where(eq(teachers.id, teacher.id));
  });
  // The screen still shows the pending teacher with the old mark sheet: the approval is refused.
  await approve.click();
  await decision
    .getByRole('alert')
    .filter({ hasText: 'This teacher changed their documents or details since your screen showed them.' })
    .waitFor();
  await page
    .getByRole('region', { name: 'Documents' })
    .getByRole('button', { name: 'Mark sheet (marks-corrected.png)' })
    .waitFor();
  await page
    .getByRole('region', { name: 'Personal details' })
    .getByText('Changed since the last review')
    .waitFor();
  const [stored] = await db
    .select({ status: teachers.verificationStatus })
    .from(teachers)
    .where(eq(teachers.id, teacher.id));
  expect(stored.status).toBe('pending');
  await expectAccessible(page, 'admin teacher file, changed since it was shown');
  // Looked at again, the approval goes through.
  await approve.click();
  await decision.getByRole('status').filter({ hasText: 'Mitali Ghosh is now verified.' }).waitFor();
});
